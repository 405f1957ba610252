/**
 * `GET <base>/events`: the API's state events as Server-Sent Events (the WHATWG HTML standard's
 * `text/event-stream`). Each event is `id:` (its number in the log, increasing), `event:` (its
 * CloudEvents type) and `data:` (the CloudEvent as structured JSON). `Last-Event-ID` resends every
 * event kept after it, then the stream goes on live, so a consumer that reconnects misses nothing
 * and gets nothing twice. A token sees the events of the rows it may read; `?types=` and
 * `?subject=` narrow the stream. A comment every `HEARTBEAT_MS` keeps proxies from closing it.
 */
import type { EventFault } from '../faults/fault-rule.ts'
import { StreamDelivery } from '../faults/stream-delivery.ts'
import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext, RouteSpec } from '../route-spec.ts'
import type { StoredEvent } from '../store/state-event.ts'
import { matches, mayRead, readFilters } from './event-filters.ts'
import { eventSocketSession, socketHandshake } from './event-socket.ts'

export { mayRead } from './event-filters.ts'

/** A comment line at least this often (ms) on an idle stream: well under the 30 s proxies allow. */
export const HEARTBEAT_MS = 15_000
/** How long a consumer waits before reconnecting (the `retry:` field): a mock is near. */
const RETRY_MS = 1_000

const encoder = new TextEncoder()
const MIN_CHUNK_COST = Math.ceil(
  limits.eventStreamBacklogBytes / (limits.events / 2),
)

/** One event in the `text/event-stream` format. */
export function eventFrame(stored: StoredEvent) {
  return `id: ${stored.seq}\nevent: ${stored.event.type}\ndata: ${JSON.stringify(stored.event)}\n\n`
}

function streamEvents(ctx: RouteContext): Response {
  const filters = readFilters(ctx)
  const { stateEvents } = ctx.runtime
  const headers = {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'X-Accel-Buffering': 'no',
  }
  // HEAD learns the headers; no stream is opened for it.
  if (ctx.request.method === 'HEAD') return new Response(null, { headers })
  if (stateEvents.openStreams >= limits.eventStreams)
    fail('limit-exceeded', {
      detail: `${limits.eventStreams} event streams are open on this mock, as many as it allows. Close one before opening another.`,
      extensions: { limit: 'eventStreams', max: limits.eventStreams },
    })
  const { principal } = ctx
  // A WebSocket handshake an adapter makes: accepted, its session starts once the socket is open.
  const handshake = socketHandshake(ctx.request)
  if (handshake) {
    handshake.start = (socket) =>
      eventSocketSession(ctx.runtime, principal, filters, socket)
    return new Response(null, { status: 200 })
  }
  const log = stateEvents.log
  let stop = () => {}
  // The events resent from Last-Event-ID, and live ones behind them, handed over as the consumer
  // reads (`pull`): a long resend never fills the backlog at once.
  let resend: StoredEvent[] = []
  let drain = () => {}
  const body = new ReadableStream<Uint8Array>(
    {
      pull() {
        drain()
      },
      start(controller) {
        let closed = false
        let timer: ReturnType<typeof setTimeout> | undefined
        let unsubscribe = () => {}
        stateEvents.openStreams += 1
        stop = () => {
          if (closed) return
          closed = true
          stateEvents.openStreams -= 1
          clearTimeout(timer)
          unsubscribe()
          delivery.close()
          stateEvents.clockListeners.delete(clockMoved)
          ctx.request.signal.removeEventListener('abort', onAbort)
        }
        const onAbort = () => {
          stop()
          try {
            controller.close()
          } catch {
            // already closed
          }
        }
        const send = (text: string, paced = false) => {
          if (closed) return
          controller.enqueue(encoder.encode(text))
          // A consumer that stopped reading: the stream ends, and it resumes with Last-Event-ID.
          if (!paced && (controller.desiredSize ?? 1) <= 0) onAbort()
        }
        const beat = () => {
          timer = setTimeout(() => {
            send(': heartbeat\n\n')
            if (!closed) beat()
          }, HEARTBEAT_MS)
          ;(timer as { unref?: () => void }).unref?.()
        }
        let sent = filters.after
        // Live events go through the events faults (duplicate, drop, delay, reorder, disconnect).
        const delivery = new StreamDelivery({
          now: () => ctx.runtime.clock.now(),
          send: (stored) => send(eventFrame(stored)),
          disconnect(fault) {
            if (fault)
              stateEvents.verdicts.disconnected(principal.id, 'sse', fault.rule)
            onAbort()
          },
        })
        const clockMoved = () => delivery.clockMoved()
        stateEvents.clockListeners.add(clockMoved)
        const deliver = (stored: StoredEvent, fault?: EventFault) => {
          if (stored.seq <= sent) return // resent already, or before Last-Event-ID
          sent = stored.seq
          if (!matches(filters, stored) || !mayRead(principal, stored)) return
          if (resend.length === 0) delivery.deliver(stored, fault)
          else if (resend.push(stored) > limits.events) onAbort()
        }
        drain = () => {
          while (
            !closed &&
            resend.length > 0 &&
            (controller.desiredSize ?? 0) > 0
          )
            send(eventFrame(resend.shift()!), true)
        }
        unsubscribe = log.subscribe(deliver)
        ctx.request.signal.addEventListener('abort', onAbort)
        stateEvents.verdicts.opened(principal.id, 'sse', filters.after >= 0)
        // A comment first: headers and a first byte reach the consumer at once.
        send(`retry: ${RETRY_MS}\n: ${log.last} events so far\n\n`)
        // What is announced (committed) is resent; the rest comes as it is announced.
        if (filters.after < 0) sent = log.announcedSeq
        else {
          const announced = log.announcedSeq
          resend = log
            .after(filters.after)
            .filter(
              (stored) =>
                stored.seq <= announced &&
                matches(filters, stored) &&
                mayRead(principal, stored),
            )
          sent = Math.max(sent, announced)
        }
        beat()
      },
      cancel() {
        stop()
      },
    },
    {
      // Bytes, each chunk counting at least its share of half the log: a consumer is cut off
      // before it falls further behind than the log reaches back, so it can always resume.
      highWaterMark: limits.eventStreamBacklogBytes,
      size: (chunk) => Math.max(chunk.byteLength, MIN_CHUNK_COST),
    },
  )
  return new Response(body, { headers })
}

/** The route of the event stream, beside the description's. */
export function eventStreamRoute(): RouteSpec {
  return {
    path: '/events',
    cache: 'no-store',
    kind: 'meta',
    queryToken: true,
    docs: {
      GET: () => ({
        operationId: 'streamEvents',
        summary: 'The state events, as Server-Sent Events',
        description:
          'Every change of a record as a CloudEvents 1.0 structured event: `id:` its number, `event:` its type (`<collection>.created`, `.updated`, `.deleted`, or an action), `data:` the event. `Last-Event-ID` resends every event kept after it; `types` (comma-separated) and `subject` (a record or collection path) filter. A token sees the events of the rows it may read; `access_token` carries it where a header cannot (`EventSource`, a browser `WebSocket`). `last_event_id` resumes as `Last-Event-ID` does. The same URL takes a WebSocket: each event one text message `{"id","event","data"}`, resumed by `last_event_id` or a first message `{"lastEventId":"12"}`.',
        tag: 'Root',
        answers: [{ status: 200, eventStream: true }],
        problems: ['invalid-query', 'limit-exceeded'],
      }),
    },
    methods: { GET: streamEvents },
  }
}
