import { afterEach, describe, expect, test, vi } from 'vitest'
import { createTestClient, type Step } from './test-harness.ts'

type BodyState = 'unread' | 'reading' | 'read' | 'cancelled'

/**
 * A response whose body reports what became of it: read to its end, cancelled, or left alone.
 * `chunks` is what it sends; `stallAfter` stops sending (without ending) after that many chunks.
 */
function trackedResponse(
  code: number,
  chunks: readonly string[] | (() => string),
  options: { stallAfter?: number } = {},
) {
  const encoder = new TextEncoder()
  const tracker = { state: 'unread' as BodyState, bytes: 0 }
  let sent = 0
  const step: Step = () =>
    new Response(
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            tracker.state = 'reading'
            if (options.stallAfter !== undefined && sent >= options.stallAfter)
              return new Promise(() => {})
            const chunk = typeof chunks === 'function' ? chunks() : chunks[sent]
            if (chunk === undefined) {
              tracker.state = 'read'
              controller.close()
              return
            }
            sent += 1
            tracker.bytes += chunk.length
            controller.enqueue(encoder.encode(chunk))
          },
          cancel() {
            tracker.state = 'cancelled'
          },
          // No pulling ahead: the body is touched only when someone reads it.
        },
        { highWaterMark: 0 },
      ),
      {
        status: code,
        headers: { 'Content-Type': 'application/problem+json' },
      },
    )
  return { step, tracker }
}

const problem = (status: number) =>
  JSON.stringify({ type: 'about:blank', status, title: 'Try again' })

describe('retried bodies', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('reads every retried body to its end, and leaves the last one to the caller', async () => {
    const first = trackedResponse(503, [
      problem(503).slice(0, 10),
      problem(503).slice(10),
    ])
    const second = trackedResponse(429, [problem(429)])
    const last = trackedResponse(200, ['{"id":1}'])
    const { client } = createTestClient([first.step, second.step, last.step])
    const response = await client.request('/api/orders/1')
    expect([first.tracker.state, second.tracker.state]).toEqual([
      'read',
      'read',
    ])
    expect(last.tracker.state).toBe('unread')
    expect(await response.json()).toEqual({ id: 1 })
  })

  test('cancels a retried body that stalls for the attempt time-out, then retries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const stalled = trackedResponse(503, ['{"type":'], { stallAfter: 1 })
    const ok = trackedResponse(200, ['{}'])
    const { client, requests } = createTestClient([stalled.step, ok.step], {
      timeoutMs: 1000,
    })
    const pending = client.request('/api/orders/1')
    await vi.advanceTimersByTimeAsync(999)
    expect(requests).toHaveLength(1)
    expect(stalled.tracker.state).toBe('reading')
    await vi.advanceTimersByTimeAsync(1)
    expect(stalled.tracker.state).toBe('cancelled')
    expect((await pending).status).toBe(200)
    expect(requests).toHaveLength(2)
  })

  test('cancels a retried body past 1 MiB instead of downloading it all', async () => {
    const huge = trackedResponse(503, () => 'x'.repeat(64 * 1024))
    const ok = trackedResponse(200, ['{}'])
    const { client } = createTestClient([huge.step, ok.step])
    expect((await client.request('/api/orders/1')).status).toBe(200)
    expect(huge.tracker.state).toBe('cancelled')
    expect(huge.tracker.bytes).toBeGreaterThan(1024 * 1024)
    expect(huge.tracker.bytes).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024)
  })
})
