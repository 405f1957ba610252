import { TimeoutError } from '../../client/index.ts'
import type { VirtualClock } from './virtual-clock.ts'

export const speeds = [1, 4, 16] as const
export type Speed = (typeof speeds)[number]

/** The client's time-out per attempt, on the playground's clock. */
export const CLIENT_TIMEOUT_MS = 5000

/**
 * The page's fetch with the client's per-attempt time-out on the playground's clock: the attempt's
 * request is aborted with a `TimeoutError` (which the client counts as a time-out) once
 * `CLIENT_TIMEOUT_MS` have passed on that clock. An attempt the mock makes wait (latency, a delay or
 * hang fault) waits on the clock, which then runs at the demo speed, so the time-out does too; a
 * page that is slow on its own (the first request through the service worker) runs the clock at
 * real time, and is not timed out sixteen times sooner at 16×. A plain timer of 5 s ÷ speed did.
 */
export function timedOnClock(
  fetch: (request: Request) => Promise<Response>,
  clock: VirtualClock,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const timedOut = new AbortController()
    const settled = new AbortController()
    clock.deadline(CLIENT_TIMEOUT_MS, settled.signal).then(
      () => timedOut.abort(new TimeoutError(CLIENT_TIMEOUT_MS)),
      () => {},
    )
    try {
      return await fetch(
        new Request(request, {
          signal: AbortSignal.any([request.signal, timedOut.signal]),
        }),
      )
    } catch (error) {
      throw timedOut.signal.aborted ? timedOut.signal.reason : error
    } finally {
      settled.abort()
    }
  }
}
