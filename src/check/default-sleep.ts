/** Waits `ms` (a test hands in a fake one); ends early, rejecting, when `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>

/** Real time, cancelled by the rule's signal (a rule's time-out ends a wait for Retry-After). */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
