import { vi } from 'vitest'

/** Fake time as the repository runs it: only setTimeout, clearTimeout and Date. */
export function useFakeTime() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
}

/**
 * Steps the fake clock in small increments until `promise` settles, so every retry library's
 * timers fire in order; never sleeps for real. Fails past `limitMs` of fake time.
 */
export async function settle<T>(
  promise: Promise<T>,
  limitMs = 120_000,
): Promise<T> {
  let done = false
  const watched = promise.finally(() => {
    done = true
  })
  watched.catch(() => {})
  for (let elapsed = 0; !done; elapsed += 10) {
    if (elapsed > limitMs)
      throw new Error(`Still running after ${limitMs} ms of fake time.`)
    await vi.advanceTimersByTimeAsync(10)
  }
  return watched
}
