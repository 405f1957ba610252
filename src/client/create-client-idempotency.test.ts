import { describe, expect, test } from 'vitest'
import { isNetworkError } from './index.ts'
import { createTestClient, json, networkError, status } from './test-harness.ts'

const keys = (requests: readonly Request[]) =>
  requests.map((request) => request.headers.get('Idempotency-Key'))

describe('idempotency keys', () => {
  test('sends the same Idempotency-Key on every retry of one POST', async () => {
    const { client, requests, events } = createTestClient([
      status(503),
      networkError,
      json({ id: 9 }, 201),
    ])
    await client.post('/api/orders/1/payment')
    expect(requests).toHaveLength(3)
    const [first] = keys(requests)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys(requests)).toEqual([first, first, first])
    expect(new Set(events.map((event) => event.idempotencyKey))).toEqual(
      new Set([first]),
    )
  })

  test('sends the same body on every retry', async () => {
    const { client, requests } = createTestClient([
      status(500),
      json({ id: 3 }, 201),
    ])
    await client.post('/api/orders', { total: 12.5, currency: 'usd' })
    const bodies = await Promise.all(requests.map((request) => request.text()))
    expect(bodies).toEqual([
      '{"total":12.5,"currency":"usd"}',
      '{"total":12.5,"currency":"usd"}',
    ])
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json')
  })

  test('gives two operations two different keys', async () => {
    let counter = 0
    const { client, requests } = createTestClient([status(201), status(201)], {
      generateKey: () => `key-${(counter += 1)}`,
    })
    await client.request('/api/orders', { method: 'POST' })
    await client.request('/api/orders', { method: 'POST' })
    expect(keys(requests)).toEqual(['key-1', 'key-2'])
  })

  test("keeps the caller's Idempotency-Key header", async () => {
    const { client, requests } = createTestClient([status(503), status(201)])
    await client.request('/api/payments', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'mine' },
    })
    expect(keys(requests)).toEqual(['mine', 'mine'])
  })

  test('uses an idempotencyKey option as the key', async () => {
    const { client, requests } = createTestClient([status(201)])
    await client.request('/api/payments', {
      method: 'POST',
      idempotencyKey: 'chosen',
    })
    expect(keys(requests)).toEqual(['chosen'])
  })

  test('adds no key to a GET', async () => {
    const { client, requests } = createTestClient([status(200)])
    await client.request('/api/orders')
    expect(keys(requests)).toEqual([null])
  })

  test('does not retry a keyless POST on 503', async () => {
    const { client, requests, events } = createTestClient([
      status(503),
      status(201),
    ])
    const response = await client.request('/api/payments', {
      method: 'POST',
      idempotencyKey: false,
    })
    expect(response.status).toBe(503)
    expect(keys(requests)).toEqual([null])
    expect(events.at(-1)).toMatchObject({ outcome: 'not-retried', status: 503 })
  })

  test('does not retry a keyless POST on a network error, and throws', async () => {
    const { client, requests } = createTestClient([networkError, status(201)])
    const error: unknown = await client
      .request('/api/payments', { method: 'POST', idempotencyKey: false })
      .catch((caught: unknown) => caught)
    expect(requests).toHaveLength(1)
    expect(isNetworkError(error) && error.attempts).toHaveLength(1)
    expect(isNetworkError(error) && error.message).toMatch(
      /without an idempotency key/,
    )
  })

  test('retries a keyless POST on 429, since nothing executed', async () => {
    const { client, requests } = createTestClient([
      status(429, { 'Retry-After': '1' }),
      status(201),
    ])
    const response = await client.request('/api/payments', {
      method: 'POST',
      idempotencyKey: false,
    })
    expect(response.status).toBe(201)
    expect(requests).toHaveLength(2)
  })

  test('refuses idempotencyKey: false together with a key header', async () => {
    const { client } = createTestClient([])
    await expect(
      client.request('/api/payments', {
        method: 'POST',
        idempotencyKey: false,
        headers: { 'Idempotency-Key': 'k' },
      }),
    ).rejects.toThrow(
      /idempotencyKey is false but an Idempotency-Key header is set/,
    )
  })
})
