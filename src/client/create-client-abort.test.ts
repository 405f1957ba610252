import { describe, expect, test, vi } from 'vitest'
import { createTestClient, hang, status } from './test-harness.ts'

describe('abort', () => {
  test('rejects at once when aborted during a wait, without another attempt', async () => {
    const controller = new AbortController()
    const waits: number[] = []
    // This sleep never resolves and ignores its signal: only the client's own abort handling can end it.
    const { client, requests, events } = createTestClient(
      [status(503), status(200)],
      {
        sleep: (ms) => {
          waits.push(ms)
          return new Promise(() => {})
        },
      },
    )
    const pending = client.request('/api/orders/1', {
      signal: controller.signal,
    })
    await vi.waitFor(() => expect(waits).toHaveLength(1))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(requests).toHaveLength(1)
    expect(events.at(-1)).toMatchObject({
      type: 'request:end',
      outcome: 'aborted',
      attempts: 1,
    })
  })

  test('aborts an in-flight attempt and rejects with the signal reason', async () => {
    const controller = new AbortController()
    const { client, requests, events } = createTestClient([hang, status(200)])
    const pending = client.request('/api/orders/1', {
      signal: controller.signal,
    })
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    const reason = new Error('user navigated away')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    expect(requests[0]?.signal.aborted).toBe(true)
    expect(requests).toHaveLength(1)
    expect(
      events.filter((event) => event.type === 'attempt:end'),
    ).toMatchObject([{ error: 'aborted' }])
    expect(events.at(-1)).toMatchObject({
      type: 'request:end',
      outcome: 'aborted',
      error: 'aborted',
    })
  })

  test('aborts an attempt whose fetch ignores the signal', async () => {
    const controller = new AbortController()
    const { client, requests } = createTestClient([
      () => new Promise<Response>(() => {}),
    ])
    const pending = client.request('/api/orders/1', {
      signal: controller.signal,
    })
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('sends nothing when the signal is already aborted', async () => {
    const { client, requests, events } = createTestClient([status(200)])
    await expect(
      client.get('/api/orders/1', { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(requests).toHaveLength(0)
    expect(events).toHaveLength(0)
  })
})
