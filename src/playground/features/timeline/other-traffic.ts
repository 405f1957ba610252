import type { ClientEvent } from '../../../client/index.ts'
import type { Operation } from '../../../index.ts'
import { entryKey } from '../../services/own-requests.ts'

/**
 * How far apart, on the shared clock, the reference client's `attempt:start` and the mock's
 * arrival of the same request may be. The two run on one clock; the gap is the worker's hop.
 */
const SAME_REQUEST_MS = 250

const target = (url: string) => {
  try {
    const parsed = new URL(url, 'http://hypermock.invalid')
    return parsed.pathname + parsed.search
  } catch {
    return url
  }
}

/**
 * The operations the mock saw that the reference client did not send (the console's raw fetch,
 * another tab, any code of the page): an operation is the playground's own when one of its
 * attempts is an entry the playground noted as its own (`own`: keys of `entryKey`, kept across
 * reloads), has the client's idempotency key, or the same method and URL as a client attempt, at
 * the same time.
 */
export function otherTraffic(
  operations: readonly Operation[],
  events: readonly ClientEvent[],
  own: ReadonlySet<string> = new Set(),
): Operation[] {
  const starts = events.filter((event) => event.type === 'attempt:start')
  const keys = new Set(
    starts.flatMap((event) =>
      event.idempotencyKey === null ? [] : [event.idempotencyKey],
    ),
  )
  const byTarget = new Map<string, number[]>()
  for (const event of starts) {
    const id = `${event.method} ${target(event.url)}`
    byTarget.set(id, [...(byTarget.get(id) ?? []), event.time])
  }
  const sentByClient = (operation: Operation) =>
    operation.attempts.some((attempt) => {
      if (own.has(entryKey(attempt))) return true
      if (attempt.idempotencyKey !== null && keys.has(attempt.idempotencyKey))
        return true
      const times = byTarget.get(
        `${operation.method} ${operation.path}${operation.search}`,
      )
      return (
        times?.some(
          (time) => Math.abs(time - attempt.startMs) <= SAME_REQUEST_MS,
        ) ?? false
      )
    })
  return operations.filter((operation) => !sentByClient(operation))
}
