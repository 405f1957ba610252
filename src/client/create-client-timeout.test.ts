import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { isNetworkError, isTimeoutError } from './index.ts'
import { createTestClient, hang, status } from './test-harness.ts'

// Only the per-attempt timer is fake; backoff waits go through the harness's instant sleep.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('per-attempt time-out', () => {
  test('aborts an attempt after 5000 ms and retries it as a network error', async () => {
    const { client, requests, sleeps, events } = createTestClient([
      hang,
      status(200),
    ])
    const pending = client.request('/api/orders/1')
    await vi.advanceTimersByTimeAsync(4999)
    expect(requests[0]?.signal.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(requests[0]?.signal.aborted).toBe(true)
    expect((await pending).status).toBe(200)
    expect(sleeps).toEqual([1250])
    expect(events.find((event) => event.type === 'attempt:end')).toMatchObject({
      error: 'timeout',
      status: null,
    })
  })

  test('throws a NetworkError whose cause is a TimeoutError when every attempt times out', async () => {
    const { client, requests } = createTestClient([hang, hang, hang], {
      attempts: 3,
      timeoutMs: 100,
    })
    const pending = client
      .request('/api/orders/1')
      .catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(300)
    const error = await pending
    expect(requests).toHaveLength(3)
    expect(isNetworkError(error) && isTimeoutError(error.cause)).toBe(true)
    expect(
      isNetworkError(error) &&
        error.attempts.map((attempt) => attempt.errorKind),
    ).toEqual(['timeout', 'timeout', 'timeout'])
  })

  test('times out an injected fetch that ignores its signal', async () => {
    const { client } = createTestClient(
      [() => new Promise<Response>(() => {})],
      { attempts: 1 },
    )
    const pending = client
      .request('/api/orders/1')
      .catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(5000)
    expect(isNetworkError(await pending)).toBe(true)
  })

  test('leaves no timer behind once the response arrives', async () => {
    const { client } = createTestClient([status(200)])
    await client.request('/api/orders/1')
    expect(vi.getTimerCount()).toBe(0)
  })

  test('counts a fetch that timed itself out (AbortSignal.timeout) as a time-out, not a network error', async () => {
    const { client, events } = createTestClient(
      [
        () =>
          Promise.reject(
            new DOMException('The operation timed out.', 'TimeoutError'),
          ),
        status(200),
      ],
      { timeoutMs: Infinity },
    )
    expect((await client.request('/api/orders/1')).status).toBe(200)
    expect(
      events
        .filter((event) => event.type === 'attempt:end')
        .map((event) => event.error),
    ).toEqual(['timeout', null])
  })
})
