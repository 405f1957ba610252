import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { setupMockServer } from '../../../src/msw/node.ts'

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

/**
 * The mock behind msw's `setupServer` for the enclosing file, on fake time in every test and reset
 * after it. The mock reads the clock through `now`, so it measures waits on the fake clock too.
 */
export function useMockOnFakeTime() {
  const { api, server } = setupMockServer({ now: () => Date.now() })
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  beforeEach(useFakeTime)
  afterEach(() => {
    vi.useRealTimers()
    api.reset()
  })
  afterAll(() => server.close())
  return api
}
