import { describe, expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../../index.ts'
import {
  readEventStream,
  splitFrames,
  type StreamedEvent,
  type StreamState,
} from './event-stream.ts'

describe('splitFrames', () => {
  test('splits complete frames, skips comments, joins data lines and keeps the rest', () => {
    const { frames, rest } = splitFrames(
      'retry: 1000\n: 3 events so far\n\nid: 4\nevent: a.created\ndata: {"x":\ndata: 1}\n\nid: 5\r\ndata: {',
    )
    expect(frames).toEqual([{ id: '4', event: 'a.created', data: '{"x":\n1}' }])
    expect(rest).toBe('id: 5\ndata: {')
  })
})

const pay = (api: MockApi, key: string) =>
  api.fetch(
    new Request('http://localhost/api/payments', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer customer-1-token',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({ amount: 990, currency: 'eur' }),
    }),
  )

describe('readEventStream', () => {
  test('reads the log from its start, then resumes with Last-Event-ID after the mock closes the stream', async () => {
    const api = createMockApi() as unknown as MockApi
    expect((await pay(api, 'k-1')).status).toBe(201)
    const sent: (string | null)[] = []
    const events: StreamedEvent[] = []
    const states: StreamState[] = []
    const waits: number[] = []
    const controller = new AbortController()
    let arrived = () => {}
    const reading = readEventStream({
      fetch(request) {
        sent.push(request.headers.get('Last-Event-ID'))
        return api.fetch(request)
      },
      url: 'http://localhost/api/events',
      token: 'admin-token',
      signal: controller.signal,
      onEvent(event) {
        events.push(event)
        arrived()
      },
      onState: (state) => states.push(state),
      // The mock's retry time, passed at once: what is checked is that it was asked for.
      wait: async (ms) => void waits.push(ms),
    })
    const until = async (count: number) => {
      while (events.length < count)
        await new Promise<void>((resolve) => (arrived = resolve))
    }
    await until(1)
    api.faults.add({
      target: 'events',
      effect: { kind: 'disconnect' },
      times: 1,
    })
    expect((await pay(api, 'k-2')).status).toBe(201)
    await until(2)
    expect((await pay(api, 'k-3')).status).toBe(201)
    await until(3)
    controller.abort()
    await reading
    expect(events.map((e) => [e.id, e.type, e.subject])).toEqual([
      ['1', 'payments.created', '/api/payments/2'],
      ['2', 'payments.created', '/api/payments/3'],
      ['3', 'payments.created', '/api/payments/4'],
    ])
    expect(events[0]!.data).toMatchObject({ amount: 990 })
    expect(sent).toEqual(['0', '1'])
    expect(waits).toEqual([1_000])
    expect(states).toContainEqual({ kind: 'reconnecting', lastEventId: '1' })
    // The reader always says where it stopped: the mock finds nothing to judge.
    const operations = (await (
      await api.fetch(new Request('http://localhost/__mock/operations'))
    ).json()) as { eventVerdicts: unknown[] }
    expect(operations.eventVerdicts).toEqual([])
  })

  test('a refused credential stops it with the problem', async () => {
    const api = createMockApi() as unknown as MockApi
    const states: StreamState[] = []
    await readEventStream({
      fetch: (request) => api.fetch(request),
      url: 'http://localhost/api/events',
      token: 'expired-token',
      signal: new AbortController().signal,
      onEvent: () => {},
      onState: (state) => states.push(state),
      wait: () => Promise.reject(new Error('no wait expected')),
    })
    expect(states.at(-1)).toMatchObject({ kind: 'refused', status: 401 })
  })
})
