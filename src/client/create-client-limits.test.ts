import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  createClient,
  isHttpError,
  type ClientEvent,
  type RequestEndEvent,
} from './index.ts'
import {
  baseUrl,
  createTestClient,
  json,
  startTime,
  status,
} from './test-harness.ts'

const ends = (events: readonly ClientEvent[]) =>
  events.filter(
    (event): event is RequestEndEvent => event.type === 'request:end',
  )

const day = { 'Retry-After': '86400' }

describe('maxRetryAfterMs', () => {
  test('returns a 429 asking for a day at once, without sleeping, and says why', async () => {
    const { client, sleeps, requests, events } = createTestClient([
      status(429, day),
      status(200),
    ])
    const response = await client.request('/api/orders')
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe('86400')
    expect(requests).toHaveLength(1)
    expect(sleeps).toEqual([])
    expect(events.some((event) => event.type === 'retry:scheduled')).toBe(false)
    expect(ends(events)).toEqual([
      expect.objectContaining({
        outcome: 'retry-after-too-long',
        status: 429,
        attempts: 1,
        retryAfterMs: 86_400_000,
      }),
    ])
  })

  test('the JSON layer throws the HttpError of that last response', async () => {
    const { client } = createTestClient([
      json({ type: '/api/problems/rate-limited', title: 'Too many' }, 429, day),
    ])
    const error: unknown = await client.get('/api/orders').catch((e) => e)
    expect(isHttpError(error)).toBe(true)
    expect(isHttpError(error) && error.problem?.type).toBe(
      '/api/problems/rate-limited',
    )
  })

  test('honours a wait of exactly the limit (60 s by default)', async () => {
    const { client, sleeps } = createTestClient([
      status(503, { 'Retry-After': '60' }),
      status(200),
    ])
    expect((await client.request('/api/orders')).status).toBe(200)
    expect(sleeps).toEqual([60_000])
  })

  test('measures a Retry-After date on the injected clock against a smaller limit', async () => {
    const date = new Date(startTime + 6000).toUTCString()
    const { client, sleeps, events } = createTestClient(
      [
        status(503, { 'Retry-After': '2' }),
        status(503, { 'Retry-After': date }),
        status(200),
      ],
      { maxRetryAfterMs: 2500 },
    )
    const response = await client.request('/api/orders')
    expect(response.status).toBe(503)
    // 2 s is within the limit; the date, 6 s after the start, is 4 s away once those 2 s have passed.
    expect(sleeps).toEqual([2000])
    expect(ends(events)[0]).toMatchObject({
      outcome: 'retry-after-too-long',
      attempts: 2,
      retryAfterMs: 4000,
    })
  })

  test('Infinity honours any Retry-After', async () => {
    const { client, sleeps } = createTestClient(
      [status(429, day), status(200)],
      { maxRetryAfterMs: Infinity },
    )
    expect((await client.request('/api/orders')).status).toBe(200)
    expect(sleeps).toEqual([86_400_000])
  })

  test('a malformed Retry-After is not compared: backoff applies', async () => {
    const { client, sleeps } = createTestClient(
      [status(503, { 'Retry-After': 'tomorrow' }), status(200)],
      { maxRetryAfterMs: 0 },
    )
    expect((await client.request('/api/orders')).status).toBe(200)
    expect(sleeps).toEqual([1250])
  })
})

describe('backoff settings and cap', () => {
  test('caps the exponential part at maxBackoffMs and keeps the jitter', async () => {
    const { client, sleeps, events } = createTestClient(
      Array.from({ length: 7 }, () => status(503)).concat(status(200)),
      { attempts: 8, maxBackoffMs: 10_000 },
    )
    expect((await client.request('/api/orders')).status).toBe(200)
    expect(sleeps).toEqual([1250, 2250, 4250, 8250, 10_250, 10_250, 10_250])
    const waits = events.filter((event) => event.type === 'retry:scheduled')
    expect(waits.at(-1)).toMatchObject({
      attempt: 6,
      reason: 'backoff',
      baseDelayMs: 10_000,
      jitterMs: 250,
    })
  })

  test('caps at 30 s by default, which 5 attempts never reach', async () => {
    const { client, sleeps } = createTestClient(
      Array.from({ length: 7 }, () => status(503)).concat(status(200)),
      { attempts: 8 },
    )
    await client.request('/api/orders')
    expect(sleeps).toEqual([1250, 2250, 4250, 8250, 16_250, 30_250, 30_250])
  })

  test('takes its unit from backoffBaseMs and its jitter from jitterMaxMs', async () => {
    const { client, sleeps } = createTestClient(
      [status(500), status(502), status(504), status(204)],
      { backoffBaseMs: 100, jitterMaxMs: 40 },
    )
    await client.request('/api/orders')
    expect(sleeps).toEqual([110, 210, 410])
  })

  test('does not cap a Retry-After wait: that is maxRetryAfterMs', async () => {
    const { client, sleeps } = createTestClient(
      [status(429, { 'Retry-After': '5' }), status(200)],
      { maxBackoffMs: 1000 },
    )
    await client.request('/api/orders')
    expect(sleeps).toEqual([5000])
  })
})

describe('limits on fake timers with the default sleep', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('sends the next attempt exactly when the capped wait is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const answers = [503, 503, 503, 200]
    const sentAt: number[] = []
    const client = createClient({
      baseUrl,
      attempts: 4,
      backoffBaseMs: 1000,
      maxBackoffMs: 1500,
      jitterMaxMs: 0,
      fetch: async () => {
        sentAt.push(Date.now())
        return new Response(null, { status: answers.shift() ?? 500 })
      },
    })
    const start = Date.now()
    const pending = client.request('/api/orders')
    // Stepped in a loop, as a user's clock would run: 1 s, then 1.5 s, then 1.5 s (not 4 s).
    for (let elapsed = 0; elapsed < 4000; elapsed += 250) {
      await vi.advanceTimersByTimeAsync(250)
    }
    expect(sentAt.map((time) => time - start)).toEqual([0, 1000, 2500, 4000])
    expect((await pending).status).toBe(200)
  })

  test('answers a day-long Retry-After without a timer left running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const client = createClient({
      baseUrl,
      fetch: async () => new Response(null, { status: 429, headers: day }),
    })
    expect((await client.request('/api/orders')).status).toBe(429)
    expect(vi.getTimerCount()).toBe(0)
  })
})
