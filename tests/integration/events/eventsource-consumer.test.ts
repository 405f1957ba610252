import { CloudEvent } from 'cloudevents'
import { EventSource } from 'eventsource'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { setupMockServer } from '../../../src/msw/node.ts'
import {
  startServer,
  type RunningServer,
} from '../../../src/server/start-server.ts'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import { gardenApi } from './garden-api.ts'

const admin = { Authorization: 'Bearer admin-token' }

/** What an `EventSource` received, event by event, checked by the CloudEvents SDK. */
function collect(source: EventSource, types: string[]) {
  const got: { id: number; type: string; event: CloudEventJson }[] = []
  let waiting: (() => void) | null = null
  for (const type of types)
    source.addEventListener(type, (message) => {
      const event = JSON.parse(message.data) as CloudEventJson
      new CloudEvent({ ...event }, true).validate()
      got.push({ id: Number(message.lastEventId), type: message.type, event })
      waiting?.()
    })
  return {
    got,
    /** Resolves once `count` events in all have arrived. */
    async until(count: number) {
      while (got.length < count)
        await new Promise<void>((resolve) => (waiting = resolve))
    },
  }
}

const opened = (source: EventSource) =>
  new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve()
    source.onerror = (error) => reject(new Error(error.message))
  })

const TYPES = ['plants.created', 'plants.harvest', 'beds.updated']

let running: RunningServer | undefined
let source: EventSource | undefined
afterEach(async () => {
  source?.close()
  source = undefined
  vi.useRealTimers()
  await running?.close()
  running = undefined
})

describe('the eventsource package in Node receives a change made over REST', () => {
  test('from serve, over real HTTP, with ?access_token=', async () => {
    running = await startServer({
      port: 0,
      api: gardenApi,
      basePath: '/api',
      shutdownGraceMs: 100,
    })
    source = new EventSource(`${running.url}/api/events?access_token=ann-token`)
    const events = collect(source, TYPES)
    await opened(source)
    const response = await fetch(`${running.url}/api/plants/1/harvest`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    await events.until(2)
    expect(events.got.map((e) => [e.id, e.type, e.event.subject])).toEqual([
      [1, 'plants.harvest', '/api/plants/1'],
      [2, 'beds.updated', '/api/beds/1'],
    ])
    expect(events.got[0]!.event.source).toBe(`${running.url}/api`)
  })

  test('from setupServer (msw), through the fetch it intercepts', async () => {
    const { server } = setupMockServer({ api: gardenApi, basePath: '/api' })
    server.listen({ onUnhandledFrame: 'error' })
    try {
      source = new EventSource(
        'http://localhost/api/events?access_token=admin-token',
      )
      const events = collect(source, TYPES)
      await opened(source)
      const response = await fetch('http://localhost/api/plants', {
        method: 'POST',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Basil', bedId: 1, gardenerId: 1 }),
      })
      expect(response.status).toBe(201)
      await events.until(1)
      expect(events.got[0]).toMatchObject({
        id: 1,
        type: 'plants.created',
        event: { subject: '/api/plants/3', data: { name: 'Basil' } },
      })
    } finally {
      source?.close()
      server.close()
    }
  })

  test('after a dropped connection, it resumes with Last-Event-ID: nothing missed, nothing twice', async () => {
    running = await startServer({
      port: 0,
      api: gardenApi,
      basePath: '/api',
      shutdownGraceMs: 100,
    })
    const url = running.url
    const post = (path: string, body: unknown = {}) =>
      fetch(`${url}/api${path}`, {
        method: 'POST',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => expect(r.status).toBeLessThan(300))
    // Each connection through a fetch whose body the test can cut, as a network drop does.
    const sentLastEventId: (string | null)[] = []
    let drop: (() => void) | null = null
    const droppable: typeof fetch = async (input, init) => {
      sentLastEventId.push(new Headers(init?.headers).get('Last-Event-ID'))
      const response = await fetch(input, init)
      const reader = response.body!.getReader()
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          drop = () => {
            controller.error(new TypeError('terminated'))
            void reader.cancel()
          }
        },
        async pull(controller) {
          const { value, done } = await reader.read()
          if (done) controller.close()
          else controller.enqueue(value)
        },
      })
      return new Response(body, {
        status: response.status,
        headers: response.headers,
      })
    }
    source = new EventSource(`${url}/api/events?access_token=admin-token`, {
      fetch: droppable,
    })
    const events = collect(source, TYPES)
    await opened(source)
    await post('/plants/1/harvest') // 1, 2
    await events.until(2)

    // The connection drops; the consumer waits its `retry:` time (on fake timers) to reconnect.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const reconnecting = new Promise<void>((resolve) => {
      source!.onerror = () => resolve()
    })
    drop!()
    await reconnecting
    // Changes made while it is away.
    await post('/plants', { name: 'Basil', bedId: 1, gardenerId: 1 }) // 3
    await post('/plants/2/harvest') // 4, 5
    const back = new Promise<void>(
      (resolve) => (source!.onopen = () => resolve()),
    )
    vi.advanceTimersByTime(1_000)
    vi.useRealTimers()
    await back
    await events.until(5)
    await post('/plants/3/harvest') // 6, 7
    await events.until(7)

    expect(events.got.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(new Set(events.got.map((e) => e.event.id)).size).toBe(7)
    expect(sentLastEventId).toEqual([null, '2'])
  })
})
