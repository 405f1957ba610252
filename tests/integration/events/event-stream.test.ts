import { CloudEvent } from 'cloudevents'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { HEARTBEAT_MS } from '../../../src/mock-server/conventions/event-stream.ts'
import { createMockApi } from '../../../src/mock-server/index.ts'
import { limits } from '../../../src/mock-server/limits.ts'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import { sseReader } from '../../support/sse-frames.ts'
import { gardenApi } from './garden-api.ts'

const BASE = 'http://localhost/api'
type Api = ReturnType<typeof createMockApi<typeof gardenApi>>

const write = (api: Api, method: string, path: string, body: unknown = {}) =>
  api.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers: {
        Authorization: 'Bearer admin-token',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    }),
  )

const open = (
  api: Api,
  query = '',
  headers: Record<string, string> = { Authorization: 'Bearer admin-token' },
) => api.fetch(new Request(`${BASE}/events${query}`, { headers }))

async function stream(api: Api, query = '', headers?: Record<string, string>) {
  const response = await open(api, query, headers)
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe(
    'text/event-stream; charset=utf-8',
  )
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return sseReader(response.body!)
}

async function nextEvent(reader: ReturnType<typeof sseReader>) {
  const frame = (await reader.nextEvent())!
  const event = JSON.parse(frame.data!) as CloudEventJson
  new CloudEvent({ ...event }, true).validate()
  expect(frame.event).toBe(event.type)
  return { id: Number(frame.id), type: event.type, event }
}

let api: Api
afterEach(() => vi.useRealTimers())

describe('the event stream at <base>/events', () => {
  test('is linked from the root, and tells of a change made over REST as it is made', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    const root = (await (await api.fetch(new Request(BASE))).json()) as {
      _links: Record<string, { href: string }>
    }
    expect(root._links.events!.href).toBe('/api/events')
    const reader = await stream(api)
    expect((await write(api, 'POST', '/plants/1/harvest')).status).toBe(200)
    expect(await nextEvent(reader)).toMatchObject({
      id: 1,
      type: 'plants.harvest',
      event: { subject: '/api/plants/1', data: { status: 'harvested' } },
    })
    expect(await nextEvent(reader)).toMatchObject({
      id: 2,
      type: 'beds.updated',
    })
    await reader.cancel()
  })

  test('Last-Event-ID resends every event after it, then goes on live, nothing twice', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    await write(api, 'POST', '/plants/1/harvest') // 1, 2
    await write(api, 'POST', '/plants/2/harvest') // 3, 4
    const reader = await stream(api, '', {
      Authorization: 'Bearer admin-token',
      'Last-Event-ID': '2',
    })
    await write(api, 'DELETE', '/plants/1') // 5
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await nextEvent(reader)).id)
    expect(ids).toEqual([3, 4, 5])
    await reader.cancel()
  })

  test('a token sees only the events of rows it may read', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    const ann = await stream(api, '', { Authorization: 'Bearer ann-token' })
    await write(api, 'POST', '/plants/2/harvest') // Bob's plant and bed
    await write(api, 'POST', '/plants/1/harvest') // Ann's
    expect((await nextEvent(ann)).event.subject).toBe('/api/plants/1')
    expect((await nextEvent(ann)).event.subject).toBe('/api/beds/1')
    await ann.cancel()
  })

  test('?types= and ?subject= narrow the stream', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    const beds = await stream(api, '?types=beds.updated')
    const plant2 = await stream(api, '?subject=/api/plants/2')
    const plants = await stream(api, '?subject=/api/plants')
    await write(api, 'POST', '/plants/1/harvest')
    await write(api, 'POST', '/plants/2/harvest')
    expect((await nextEvent(beds)).event.subject).toBe('/api/beds/1')
    expect((await nextEvent(beds)).event.subject).toBe('/api/beds/2')
    expect(await nextEvent(plant2)).toMatchObject({
      id: 3,
      type: 'plants.harvest',
    })
    expect((await nextEvent(plants)).id).toBe(1)
    expect((await nextEvent(plants)).id).toBe(3)
    await Promise.all([beds.cancel(), plant2.cancel(), plants.cancel()])
  })

  test('bad filters and a bad Last-Event-ID get a 400 that names them', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    for (const [query, headers, field] of [
      ['?types=plants', {}, 'types'],
      [`?types=${'a.b,'.repeat(40)}a.b`, {}, 'types'],
      ['?subject=plants', {}, 'subject'],
      ['', { 'Last-Event-ID': 'yesterday' }, 'Last-Event-ID'],
    ] as const) {
      const response = await open(api, query, {
        Authorization: 'Bearer admin-token',
        ...headers,
      })
      expect(response.status).toBe(400)
      const problem = (await response.json()) as { errors: { field: string }[] }
      expect(problem.errors.map((e) => e.field)).toEqual([field])
    }
  })

  test('needs the same credential as REST; access_token works on this URL only, and the journal never shows it', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    expect((await open(api, '', {})).status).toBe(401)
    expect((await open(api, '?access_token=nobody', {})).status).toBe(401)
    const response = await open(
      api,
      '?access_token=ann-token&types=beds.updated',
      {},
    )
    expect(response.status).toBe(200)
    await response.body!.cancel()
    const elsewhere = await api.fetch(
      new Request(`${BASE}/plants?access_token=ann-token`),
    )
    expect(elsewhere.status).toBe(401)
    const searches = api.journal.list().map((e) => e.search)
    expect(searches).toContain('?access_token=REDACTED&types=beds.updated')
    expect(searches).toContain('?access_token=REDACTED')
    expect(JSON.stringify(api.journal.list())).not.toContain('ann-token')
  })

  test(`a comment every ${HEARTBEAT_MS / 1000} s keeps an idle stream open, on the timers`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    const reader = await stream(api)
    expect((await reader.next())!.comments).toEqual(['0 events so far'])
    for (let beat = 0; beat < 3; beat++) {
      const next = reader.next()
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
      expect((await next)!.comments).toEqual(['heartbeat'])
    }
    await reader.cancel()
    // A cancelled stream leaves no timer behind.
    expect(vi.getTimerCount()).toBe(0)
  })

  test(`at most ${limits.eventStreams} streams at once; a closed one frees its place`, async () => {
    api = createMockApi({
      api: gardenApi,
      basePath: '/api',
      config: { rateLimit: false },
    })
    const readers = []
    for (let i = 0; i < limits.eventStreams; i++)
      readers.push(await stream(api))
    const refused = await open(api)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      limit: 'eventStreams',
      max: limits.eventStreams,
    })
    await readers.pop()!.cancel()
    const again = await stream(api)
    await Promise.all([...readers, again].map((r) => r.cancel()))
  })

  test('a consumer that stops reading is cut off once its backlog is full, and can resume', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    const response = await open(api)
    const name = 'x'.repeat(50)
    // Never read: events queue until the backlog limit ends the stream, half the log at most.
    const count = limits.events
    for (let i = 0; i < count; i++)
      api.data.beds!.insert({ name, gardenerId: 1, harvests: 0 })
    const reader = sseReader(response.body!)
    let last = 0
    for (;;) {
      const frame = await reader.next()
      if (frame === null) break
      if (frame.id) last = Number(frame.id)
    }
    expect(last).toBeGreaterThan(0)
    expect(last).toBeLessThanOrEqual(limits.events / 2)
    // Resumed from the last id it got: the rest, kept in the log.
    const resumed = await stream(api, '', {
      Authorization: 'Bearer admin-token',
      'Last-Event-ID': String(last),
    })
    expect((await nextEvent(resumed)).id).toBe(last + 1)
    await resumed.cancel()
  })
})
