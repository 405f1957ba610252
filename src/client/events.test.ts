import { describe, expect, test, vi } from 'vitest'
import type { ClientEvent } from './index.ts'
import { createTestClient, startTime, status } from './test-harness.ts'

describe('events', () => {
  test('emits attempt, wait and end events stamped with the injected clock', async () => {
    const { client, events } = createTestClient(
      [status(503), status(201, { 'Idempotent-Replayed': 'true' })],
      {
        generateKey: () => 'key-1',
      },
    )
    await client.request('/api/orders', { method: 'POST' })
    // Operation ids count up across every client in the realm: this one's is whatever came next.
    const operationId = events[0]?.operationId ?? ''
    expect(operationId).toMatch(/^op-\d+$/)
    const common = {
      operationId,
      method: 'POST',
      url: 'http://hypermock.test/api/orders',
      idempotencyKey: 'key-1',
    }
    expect(events).toEqual<ClientEvent[]>([
      { type: 'attempt:start', ...common, time: startTime, attempt: 0 },
      {
        type: 'attempt:end',
        ...common,
        time: startTime,
        attempt: 0,
        durationMs: 0,
        status: 503,
        error: null,
        replayed: false,
      },
      {
        type: 'retry:scheduled',
        ...common,
        time: startTime,
        attempt: 0,
        reason: 'backoff',
        baseDelayMs: 1000,
        jitterMs: 250,
        delayMs: 1250,
      },
      { type: 'attempt:start', ...common, time: startTime + 1250, attempt: 1 },
      {
        type: 'attempt:end',
        ...common,
        time: startTime + 1250,
        attempt: 1,
        durationMs: 0,
        status: 201,
        error: null,
        replayed: true,
      },
      {
        type: 'request:end',
        ...common,
        time: startTime + 1250,
        outcome: 'success',
        status: 201,
        error: null,
        attempts: 2,
      },
    ])
  })

  test('numbers logical operations, not attempts', async () => {
    const { client, events } = createTestClient([
      status(500),
      status(200),
      status(404),
    ])
    await client.request('/api/orders')
    await client.request('/api/orders/99')
    const ends = events.filter((event) => event.type === 'request:end')
    expect(ends.map((event) => event.outcome)).toEqual([
      'success',
      'http-error',
    ])
    const ids = events.map((event) => event.operationId)
    // Two operations (three attempts): every event of one operation shares its id.
    expect(new Set(ids).size).toBe(2)
    expect(ids.slice(0, 5).every((id) => id === ids[0])).toBe(true)
  })

  test('keeps operation ids unique across clients', async () => {
    const first = createTestClient([status(200)])
    const second = createTestClient([status(200)])
    await first.client.request('/api/orders')
    await second.client.request('/api/orders')
    const [a] = first.events
    const [b] = second.events
    expect(a?.operationId).toMatch(/^op-\d+$/)
    expect(a?.operationId).not.toBe(b?.operationId)
  })

  test('subscribe() delivers events until unsubscribed', async () => {
    const { client } = createTestClient([status(200), status(200)])
    const seen: string[] = []
    const unsubscribe = client.subscribe((event) =>
      seen.push(`${event.operationId} ${event.type}`),
    )
    await client.request('/api/orders')
    unsubscribe()
    await client.request('/api/orders')
    expect(seen.map((line) => line.split(' ')[1])).toEqual([
      'attempt:start',
      'attempt:end',
      'request:end',
    ])
  })

  test('a throwing listener does not break the request', async () => {
    const { client } = createTestClient([status(200)])
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    client.subscribe(() => {
      throw new Error('listener bug')
    })
    await expect(client.request('/api/orders')).resolves.toMatchObject({
      status: 200,
    })
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/listener threw/),
      expect.objectContaining({ message: 'listener bug' }),
    )
    consoleError.mockRestore()
  })
})
