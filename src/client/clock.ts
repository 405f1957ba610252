/** Milliseconds since the epoch, like `Date.now`. */
export type Clock = () => number

/**
 * Waits `ms` milliseconds. Rejects with `signal.reason` as soon as the signal aborts, so a caller's
 * cancel never waits out a long backoff.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** A number uniform in [0, 1), like `Math.random`. */
export type Random = () => number

/** The clock a client uses unless given one. */
export const defaultClock: Clock = () => Date.now()

/** The random source a client uses unless given one. */
export const defaultRandom: Random = () => Math.random()

/**
 * The sleep a client uses unless given one: a `setTimeout` that rejects with `signal.reason` the
 * moment the signal aborts. Wrap it to bend a client's waits, as a demo speed control does.
 *
 * @example
 * const fastForward: Sleep = (ms, signal) => defaultSleep(ms / 4, signal)
 * createClient({ baseUrl, sleep: fastForward })
 */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * Settles like `promise`, or rejects with `signal.reason` the moment the signal aborts, whichever
 * comes first. An injected fetch or sleep may ignore its signal; this keeps cancellation immediate.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  if (signal === undefined) return promise
  if (signal.aborted) return Promise.reject(signal.reason as unknown)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as unknown)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
