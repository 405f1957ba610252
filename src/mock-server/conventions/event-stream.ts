/**
 * `GET <base>/events`: the API's state events as Server-Sent Events (the WHATWG HTML standard's
 * `text/event-stream`). Each event is `id:` (its number in the log, increasing), `event:` (its
 * CloudEvents type) and `data:` (the CloudEvent as structured JSON). `Last-Event-ID` resends every
 * event kept after it, then the stream goes on live, so a consumer that reconnects misses nothing
 * and gets nothing twice. A token sees the events of the rows it may read; `?types=` and
 * `?subject=` narrow the stream. A comment every `HEARTBEAT_MS` keeps proxies from closing it.
 */
import type { Principal } from '../auth/tokens.ts'
import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext, RouteSpec } from '../route-spec.ts'
import type { StoredEvent } from '../store/state-event.ts'
import type { EventFault } from '../faults/fault-rule.ts'
import { StreamDelivery } from '../faults/stream-delivery.ts'

/** A comment line at least this often (ms) on an idle stream: well under the 30 s proxies allow. */
export const HEARTBEAT_MS = 15_000
/** How long a consumer waits before reconnecting (the `retry:` field): a mock is near. */
const RETRY_MS = 1_000

const MAX_TYPES = 32
const MAX_PARAM_CHARS = 1_000
const TYPE_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

const encoder = new TextEncoder()
const MIN_CHUNK_COST = Math.ceil(
  limits.eventStreamBacklogBytes / (limits.events / 2),
)

/** Whether the principal may read the event's record (as it was when the event was made). */
export function mayRead(principal: Principal, stored: StoredEvent) {
  if (stored.owners === null || principal.owns === 'all') return true
  const owns = principal.owns
  return stored.owners.some((key) => owns.includes(key))
}

/** One event in the `text/event-stream` format. */
export function eventFrame(stored: StoredEvent) {
  return `id: ${stored.seq}\nevent: ${stored.event.type}\ndata: ${JSON.stringify(stored.event)}\n\n`
}

interface Filters {
  types: Set<string> | null
  subject: string | null
  after: number
}

function readFilters(ctx: RouteContext): Filters {
  const errors: { field: string; message: string }[] = []
  const query = ctx.url.searchParams
  let types: Set<string> | null = null
  const typesParam = query.get('types')
  if (typesParam !== null) {
    const list = typesParam.split(',').map((t) => t.trim())
    if (typesParam.length > MAX_PARAM_CHARS || list.length > MAX_TYPES)
      errors.push({
        field: 'types',
        message: `At most ${MAX_TYPES} types in ${MAX_PARAM_CHARS} characters.`,
      })
    else if (!list.every((t) => TYPE_PATTERN.test(t)))
      errors.push({
        field: 'types',
        message:
          'A comma-separated list of event types, each <collection>.<change>: plants.created,plants.harvest.',
      })
    else types = new Set(list)
  }
  const subject = query.get('subject')
  if (
    subject !== null &&
    (!subject.startsWith('/') || subject.length > MAX_PARAM_CHARS)
  )
    errors.push({
      field: 'subject',
      message: `A path starting with "/" (a record's, /plants/3, or a collection's, /plants), of at most ${MAX_PARAM_CHARS} characters.`,
    })
  const last = ctx.request.headers.get('Last-Event-ID')
  let after = -1
  if (last !== null && last.trim() !== '') {
    const text = last.trim()
    after = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN
    if (Number.isNaN(after))
      errors.push({
        field: 'Last-Event-ID',
        message:
          'The id of the last event received: a whole number this stream sent as "id:".',
      })
  }
  if (errors.length > 0)
    fail('invalid-query', {
      detail: `Cannot open the event stream: ${errors.map((e) => `${e.field}: ${e.message}`).join(' ')}`,
      extensions: { errors },
    })
  return { types, subject, after }
}

function matches(filters: Filters, stored: StoredEvent) {
  if (filters.types && !filters.types.has(stored.event.type)) return false
  const { subject } = filters
  if (
    subject !== null &&
    stored.event.subject !== subject &&
    !stored.event.subject.startsWith(
      subject.endsWith('/') ? subject : `${subject}/`,
    )
  )
    return false
  return true
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
          'Every change of a record as a CloudEvents 1.0 structured event: `id:` its number, `event:` its type (`<collection>.created`, `.updated`, `.deleted`, or an action), `data:` the event. `Last-Event-ID` resends every event kept after it; `types` (comma-separated) and `subject` (a record or collection path) filter. A token sees the events of the rows it may read; `access_token` carries it where a header cannot (`EventSource`).',
        tag: 'Root',
        answers: [{ status: 200, eventStream: true }],
        problems: ['invalid-query', 'limit-exceeded'],
      }),
    },
    methods: { GET: streamEvents },
  }
}
