/**
 * `<base>/events` over a WebSocket: the same state events as the Server-Sent Events stream, with
 * the same credential (`Authorization`, or `?access_token=` where a browser cannot send headers),
 * the same filters (`?types=`, `?subject=`) and resume (`?last_event_id=`, or a first message
 * `{"lastEventId":"12"}`). Each event is one text message, `{"id":"12","event":"plants.created",
 * "data":{…CloudEvent}}`: the fields of an SSE frame as JSON.
 *
 * The handshake is an ordinary `GET <base>/events` through the whole pipeline (origin policy,
 * faults, authentication, the filters' checks, the journal), made by the adapter that holds the
 * socket (`serve`'s upgrade, msw's `ws.link`): a refusal is the same problem the stream would
 * answer, and only a request the route accepts opens a socket.
 */
import type { Principal } from '../auth/tokens.ts'
import type { EventFault } from '../faults/fault-rule.ts'
import { StreamDelivery } from '../faults/stream-delivery.ts'
import type { HandlerRuntime } from '../ports/handler-runtime.ts'
import type { StoredEvent } from '../store/state-event.ts'
import {
  matches,
  mayRead,
  RESUME_MESSAGE,
  resumePoint,
  type Filters,
} from './event-filters.ts'

/** What the adapter's socket offers the session. */
export interface EventSocket {
  send(text: string): void
  /** Closes the socket with a WebSocket close code (1000–4999) and a reason of at most 123 bytes. */
  close(code: number, reason: string): void
}

/** What the adapter tells the session: a message from the client, the socket closed. */
export interface EventSocketSession {
  message(data: unknown): void
  closed(): void
}

/** Starts the session once the adapter has the socket open. */
export type StartEventSocket = (socket: EventSocket) => EventSocketSession

/**
 * Close codes: 1012 (service restart: come back) when an events fault or a backlog ends the
 * socket, 4000 + the HTTP status for a refused handshake (4401, 4403, 4409…), 4400 for a first
 * message that is not a resume point.
 */
export const CLOSE_RECONNECT = 1012
export const CLOSE_BAD_MESSAGE = 4400

/** A handshake the adapter is making: the route leaves its session here. */
interface Handshake {
  start?: StartEventSocket
}
const handshakes = new WeakMap<Request, Handshake>()

/**
 * Runs the handshake `request` (a `GET <base>/events`, its `ws:` scheme made `http:`) through the
 * mock: `start` when the route accepted it, else the problem it answered, for the adapter to send
 * (as an HTTP answer to the upgrade, or a close code `4000 + status`).
 */
export async function handshakeEventSocket(
  fetch: (request: Request) => Promise<Response>,
  request: Request,
): Promise<{ response: Response; start?: StartEventSocket }> {
  const handshake: Handshake = {}
  handshakes.set(request, handshake)
  const response = await fetch(request)
  return handshake.start && response.ok
    ? { response, start: handshake.start }
    : { response }
}

/** Whether this request is a WebSocket handshake an adapter is making. */
export function socketHandshake(request: Request): Handshake | undefined {
  return handshakes.get(request)
}

/** The text message of one event. */
export function eventMessage(stored: StoredEvent) {
  return JSON.stringify({
    id: String(stored.seq),
    event: stored.event.type,
    data: stored.event,
  })
}

/** The session of one accepted socket: resend from its resume point, then live, faults applied. */
export function eventSocketSession(
  runtime: HandlerRuntime,
  principal: Principal,
  filters: Filters,
  socket: EventSocket,
): EventSocketSession {
  const { stateEvents } = runtime
  const log = stateEvents.log
  let closed = false
  let heard = false
  let judged = false
  // The last event this socket was given, or chose to skip (filtered, unreadable, resent).
  let sent = filters.after < 0 ? log.announcedSeq : filters.after
  const opening = log.announcedSeq
  stateEvents.openStreams += 1
  const judge = (resumed: boolean) => {
    if (judged) return
    judged = true
    stateEvents.verdicts.opened(principal.id, 'websocket', resumed)
  }
  const wanted = (stored: StoredEvent) =>
    matches(filters, stored) && mayRead(principal, stored)
  const end = () => {
    if (closed) return
    closed = true
    stateEvents.openStreams -= 1
    unsubscribe()
    delivery.close()
    stateEvents.clockListeners.delete(clockMoved)
  }
  const delivery = new StreamDelivery({
    now: () => runtime.clock.now(),
    send(stored) {
      if (!closed) socket.send(eventMessage(stored))
    },
    disconnect(fault) {
      if (fault)
        stateEvents.verdicts.disconnected(principal.id, 'websocket', fault.rule)
      end()
      socket.close(
        CLOSE_RECONNECT,
        fault
          ? `closed by ${fault.rule}; resume with last_event_id`
          : 'too far behind; resume with last_event_id',
      )
    },
  })
  const clockMoved = () => delivery.clockMoved()
  stateEvents.clockListeners.add(clockMoved)
  const resend = (after: number, upTo: number) => {
    for (const stored of log.after(after))
      if (stored.seq <= upTo && wanted(stored))
        socket.send(eventMessage(stored))
  }
  const unsubscribe = log.subscribe((stored, fault?: EventFault) => {
    if (closed || stored.seq <= sent) return
    sent = stored.seq
    if (!wanted(stored)) return
    // An event before any message: the consumer chose not to resume.
    judge(filters.after >= 0)
    delivery.deliver(stored, fault)
  })
  if (filters.after >= 0) {
    judge(true)
    resend(filters.after, opening)
  }
  return {
    message(data) {
      if (closed || heard) return
      heard = true
      let after = Number.NaN
      try {
        const parsed = JSON.parse(String(data)) as { lastEventId?: unknown }
        after = resumePoint(
          typeof parsed.lastEventId === 'string' ||
            typeof parsed.lastEventId === 'number'
            ? String(parsed.lastEventId)
            : undefined,
        )
      } catch {
        // not JSON: refused below
      }
      if (Number.isNaN(after) || after < 0 || String(data).length > 200) {
        end()
        socket.close(
          CLOSE_BAD_MESSAGE,
          `The one message a client sends: {"lastEventId":"<id>"}. ${RESUME_MESSAGE}`.slice(
            0,
            123,
          ),
        )
        return
      }
      judge(true)
      // The events kept after it that this socket has not been given yet.
      if (after < opening) resend(after, Math.min(opening, sent))
    },
    closed: end,
  }
}
