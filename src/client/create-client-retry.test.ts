import { describe, expect, test } from 'vitest'
import { isNetworkError, type RetryScheduledEvent } from './index.ts'
import {
  createTestClient,
  json,
  networkError,
  startTime,
  status,
} from './test-harness.ts'

const scheduled = (events: readonly { type: string }[]) =>
  events.filter(
    (event): event is RetryScheduledEvent => event.type === 'retry:scheduled',
  )

describe('retry', () => {
  test('waits 1 s + jitter, then 2 s + jitter, for 503, 503, 200', async () => {
    const { client, sleeps, requests, events } = createTestClient([
      status(503),
      status(503),
      status(200),
    ])
    const response = await client.request('/api/orders/1')
    expect(response.status).toBe(200)
    expect(requests).toHaveLength(3)
    expect(sleeps).toEqual([1250, 2250])
    expect(
      scheduled(events).map(
        ({ attempt, reason, baseDelayMs, jitterMs, delayMs }) => ({
          attempt,
          reason,
          baseDelayMs,
          jitterMs,
          delayMs,
        }),
      ),
    ).toEqual([
      {
        attempt: 0,
        reason: 'backoff',
        baseDelayMs: 1000,
        jitterMs: 250,
        delayMs: 1250,
      },
      {
        attempt: 1,
        reason: 'backoff',
        baseDelayMs: 2000,
        jitterMs: 250,
        delayMs: 2250,
      },
    ])
  })

  test('draws a fresh jitter from the injected random source for every wait', async () => {
    const draws = [0, 0.999]
    const { client, sleeps } = createTestClient(
      [status(500), status(502), status(204)],
      {
        random: () => draws.shift() ?? 0,
      },
    )
    await client.request('/api/orders/1')
    expect(sleeps).toEqual([1000, 2999])
  })

  test('waits Retry-After seconds without jitter', async () => {
    const { client, sleeps, events } = createTestClient([
      status(429, { 'Retry-After': '7' }),
      status(200),
    ])
    await client.request('/api/orders')
    expect(sleeps).toEqual([7000])
    expect(scheduled(events)[0]).toMatchObject({
      reason: 'retry-after',
      baseDelayMs: 7000,
      jitterMs: 0,
    })
  })

  test('waits until a Retry-After HTTP date on the injected clock', async () => {
    const date = new Date(startTime + 3000).toUTCString()
    const { client, sleeps } = createTestClient([
      status(503, { 'Retry-After': date }),
      status(200),
    ])
    await client.request('/api/orders')
    expect(sleeps).toEqual([3000])
  })

  test('falls back to backoff when Retry-After is malformed', async () => {
    const { client, sleeps, events } = createTestClient([
      status(503, { 'Retry-After': '1.5' }),
      status(200),
    ])
    await client.request('/api/orders')
    expect(sleeps).toEqual([1250])
    expect(scheduled(events)[0]?.reason).toBe('backoff')
  })

  test.each([400, 401, 403, 404, 409, 422])(
    'never retries a %i',
    async (code) => {
      const { client, sleeps, requests } = createTestClient([
        status(code, { 'Retry-After': '1' }),
      ])
      const response = await client.request('/api/orders/1')
      expect(response.status).toBe(code)
      expect(requests).toHaveLength(1)
      expect(sleeps).toEqual([])
    },
  )

  test('retries a network error', async () => {
    const { client, sleeps } = createTestClient([networkError, json({ id: 1 })])
    await expect(client.get('/api/orders/1')).resolves.toEqual({ id: 1 })
    expect(sleeps).toEqual([1250])
  })

  test('returns the last response after 5 attempts', async () => {
    const steps = [503, 503, 503, 429, 503].map((code, index) =>
      status(code, { 'X-Attempt': String(index) }),
    )
    const { client, sleeps, requests, events } = createTestClient(steps)
    const response = await client.request('/api/orders')
    expect(requests).toHaveLength(5)
    expect(response.status).toBe(503)
    expect(response.headers.get('X-Attempt')).toBe('4')
    expect(sleeps).toEqual([1250, 2250, 4250, 8250])
    expect(events.at(-1)).toMatchObject({
      type: 'request:end',
      outcome: 'exhausted',
      status: 503,
      attempts: 5,
    })
  })

  test('throws a NetworkError carrying all 5 attempts when the last one got no response', async () => {
    const { client, requests } = createTestClient([
      status(503),
      networkError,
      networkError,
      status(502),
      networkError,
    ])
    const error: unknown = await client
      .request('/api/orders')
      .catch((caught: unknown) => caught)
    expect(requests).toHaveLength(5)
    expect(isNetworkError(error)).toBe(true)
    if (!isNetworkError(error)) return
    expect(
      error.attempts.map((attempt) => attempt.status ?? attempt.errorKind),
    ).toEqual([503, 'network', 'network', 502, 'network'])
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(error.message).toMatch(/no response after 5 attempts/)
  })

  test('honours a smaller attempts option', async () => {
    const { client, requests } = createTestClient([status(503), status(503)], {
      attempts: 2,
    })
    expect((await client.request('/api/orders')).status).toBe(503)
    expect(requests).toHaveLength(2)
  })
})
