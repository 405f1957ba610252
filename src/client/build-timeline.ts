import type { AttemptErrorKind } from './errors.ts'
import type {
  ClientEvent,
  RequestOutcome,
  RetryScheduledEvent,
} from './events.ts'

/** One attempt in a {@link TimelineRow}: when it ran and what it got. */
export interface TimelineAttempt {
  readonly attempt: number
  readonly start: number
  /** `null` while the attempt is in flight. */
  readonly end: number | null
  readonly status: number | null
  readonly error: AttemptErrorKind | null
  readonly replayed: boolean
}

/** One wait between attempts in a {@link TimelineRow}, and why it lasted that long. */
export interface TimelineWait {
  /** The failed attempt this wait follows. */
  readonly afterAttempt: number
  readonly start: number
  /** As scheduled, or cut short when the operation was aborted during the wait. */
  readonly durationMs: number
  readonly reason: RetryScheduledEvent['reason']
  readonly baseDelayMs: number
  readonly jitterMs: number
}

/** One logical operation: the idempotency key once, its attempts and waits, and how it ended. */
export interface TimelineRow {
  readonly operationId: string
  readonly method: string
  readonly url: string
  readonly idempotencyKey: string | null
  readonly start: number
  /** `null` while the operation is running. */
  readonly end: number | null
  readonly attempts: readonly TimelineAttempt[]
  readonly waits: readonly TimelineWait[]
  readonly outcome: RequestOutcome | null
  readonly status: number | null
}

type MutableRow = { -readonly [K in keyof TimelineRow]: TimelineRow[K] } & {
  attempts: TimelineAttempt[]
  waits: TimelineWait[]
}

function applyEvent(row: MutableRow, event: ClientEvent): void {
  switch (event.type) {
    case 'attempt:start':
      row.attempts.push({
        attempt: event.attempt,
        start: event.time,
        end: null,
        status: null,
        error: null,
        replayed: false,
      })
      return
    case 'attempt:end': {
      const { attempt, time, status, error, replayed } = event
      const index = row.attempts.findIndex((entry) => entry.attempt === attempt)
      const start =
        index === -1
          ? time - event.durationMs
          : (row.attempts[index]?.start ?? time)
      const entry = { attempt, start, end: time, status, error, replayed }
      if (index === -1) row.attempts.push(entry)
      else row.attempts[index] = entry
      return
    }
    case 'retry:scheduled': {
      const { attempt, time, delayMs, reason, baseDelayMs, jitterMs } = event
      row.waits.push({
        afterAttempt: attempt,
        start: time,
        durationMs: delayMs,
        reason,
        baseDelayMs,
        jitterMs,
      })
      return
    }
    case 'request:end': {
      Object.assign(row, {
        end: event.time,
        outcome: event.outcome,
        status: event.status,
      })
      const last = row.waits.at(-1)
      if (last !== undefined && last.start + last.durationMs > event.time) {
        row.waits[row.waits.length - 1] = {
          ...last,
          durationMs: Math.max(0, event.time - last.start),
        }
      }
    }
  }
}

/**
 * Folds client events into one row per logical operation, in the order operations started. Pure:
 * the playground's timeline draws its rows, and tests check them without a DOM.
 *
 * @example
 * const events: ClientEvent[] = []
 * const client = createClient({ baseUrl, onEvent: (event) => events.push(event) })
 * await client.get('/api/orders/1')
 * buildTimeline(events) // [{ operationId: 'op-1', attempts: [...], waits: [], outcome: 'success', ... }]
 */
export function buildTimeline(events: readonly ClientEvent[]): TimelineRow[] {
  const rows = new Map<string, MutableRow>()
  for (const event of events) {
    let row = rows.get(event.operationId)
    if (row === undefined) {
      const { operationId, method, url, idempotencyKey, time } = event
      row = {
        operationId,
        method,
        url,
        idempotencyKey,
        start: time,
        end: null,
        attempts: [],
        waits: [],
        outcome: null,
        status: null,
      }
      rows.set(operationId, row)
    }
    applyEvent(row, event)
  }
  return [...rows.values()]
}
