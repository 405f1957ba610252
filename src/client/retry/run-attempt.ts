import { raceAbort } from '../clock.ts'
import { isTimeoutError, TimeoutError } from '../errors.ts'
import type { AttemptResult } from './policy.ts'

export interface AttemptInput {
  /** Builds this attempt's request; its signal aborts on time-out or on the caller's abort. */
  readonly createRequest: (signal: AbortSignal) => Request
  readonly fetch: (request: Request) => Promise<Response>
  readonly timeoutMs: number
  readonly signal: AbortSignal | undefined
}

/**
 * Runs one attempt under its own time-out. A rejection or a time-out becomes a result (the ladder
 * decides what to do with it); only the caller's abort throws, with the signal's reason.
 */
export async function runAttempt(input: AttemptInput): Promise<AttemptResult> {
  const { createRequest, fetch, timeoutMs, signal } = input
  const controller = new AbortController()
  const timeout = new TimeoutError(timeoutMs)
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  // setTimeout, not the injected sleep: tests inject an instant sleep for backoff waits, which
  // would time every attempt out at once. Fake timers drive this one.
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => controller.abort(timeout), timeoutMs)
    : undefined
  try {
    signal?.throwIfAborted()
    const response = await raceAbort(
      fetch(createRequest(controller.signal)),
      controller.signal,
    )
    // A real fetch rejects on a network error; a Fetch-shaped function (such as the mock's own
    // `api.fetch`) may resolve with `Response.error()` instead, which means the same thing.
    if (response.type === 'error') {
      return {
        kind: 'error',
        error: new TypeError(
          'Network error (the response was Response.error())',
        ),
        errorKind: 'network',
      }
    }
    // The caller's signal stays linked: aborting it still cancels reading the response body.
    return { kind: 'response', response }
  } catch (error) {
    signal?.removeEventListener('abort', onAbort)
    signal?.throwIfAborted()
    if (controller.signal.reason === timeout)
      return { kind: 'error', error: timeout, errorKind: 'timeout' }
    // The fetch timed itself out (`AbortSignal.timeout()` in a wrapper, or a time-out on another
    // clock): a time-out too, not a network error.
    if (isTimeoutError(error))
      return { kind: 'error', error, errorKind: 'timeout' }
    return { kind: 'error', error, errorKind: 'network' }
  } finally {
    // The time-out covers getting a response; reading its body is the caller's business.
    clearTimeout(timer)
  }
}
