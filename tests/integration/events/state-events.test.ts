import { CloudEvent } from 'cloudevents'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createMockApi } from '../../../src/mock-server/index.ts'
import { limits } from '../../../src/mock-server/limits.ts'
import { MemoryStore } from '../../../src/mock-server/store/memory-store.ts'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import { sseReader } from '../../support/sse-frames.ts'
import { gardenApi } from './garden-api.ts'

const BASE = 'http://localhost/api'

function call(
  api: { fetch(r: Request): Promise<Response> },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = 'admin-token',
) {
  return api.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  )
}

/** Every event the mock kept, each checked by the CloudEvents SDK (strict: it throws if invalid). */
function events(api: { fetch(r: Request): Promise<Response> }) {
  const stream = api.fetch(
    new Request(`${BASE}/events`, {
      headers: { Authorization: 'Bearer admin-token', 'Last-Event-ID': '0' },
    }),
  )
  return stream.then(async (response) => {
    expect(response.status).toBe(200)
    const reader = sseReader(response.body!)
    const out: (CloudEventJson & { seq: number })[] = []
    // Every kept event is in the first frames: read until the log's last number.
    for (;;) {
      const frame = await Promise.race([
        reader.nextEvent(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 50)),
      ])
      if (frame === null) break
      const json = JSON.parse(frame.data!) as CloudEventJson
      expect(frame.event).toBe(json.type)
      new CloudEvent({ ...json }, true).validate()
      out.push({ ...json, seq: Number(frame.id) })
    }
    await reader.cancel()
    return out
  })
}

let api: ReturnType<typeof createMockApi<typeof gardenApi>>
afterEach(() => vi.useRealTimers())

describe('every change of a record is a CloudEvent', () => {
  test('create, replace, merge, action, delete: one structured event each, in order, from the mock clock', async () => {
    const real = Date.UTC(2026, 2, 1, 9, 0, 0)
    api = createMockApi({ api: gardenApi, basePath: '/api', now: () => real })
    api.clock.advance(60_000)
    const created = await call(api, 'POST', '/plants', {
      name: 'Basil',
      bedId: 1,
      gardenerId: 1,
    })
    expect(created.status).toBe(201)
    const basil = (await created.json()) as { id: number }
    const id = basil.id
    expect(
      (
        await call(
          api,
          'PUT',
          `/plants/${id}`,
          { name: 'Thai basil', bedId: 1, gardenerId: 1, version: 1 },
          { 'If-Match': '*' },
        )
      ).status,
    ).toBeLessThan(300)
    expect(
      (
        await call(
          api,
          'PATCH',
          `/plants/${id}`,
          { name: 'Sweet basil' },
          { 'Content-Type': 'application/merge-patch+json' },
        )
      ).status,
    ).toBe(200)
    expect((await call(api, 'POST', `/plants/${id}/harvest`, {})).status).toBe(
      200,
    )
    expect((await call(api, 'DELETE', `/plants/${id}`)).status).toBe(204)

    const got = await events(api)
    expect(got.map((e) => [e.seq, e.type])).toEqual([
      [1, 'plants.created'],
      [2, 'plants.updated'],
      [3, 'plants.updated'],
      [4, 'plants.harvest'],
      [5, 'beds.updated'],
      [6, 'plants.deleted'],
    ])
    for (const e of got) {
      expect(e.specversion).toBe('1.0')
      expect(e.source).toBe('http://localhost/api')
      expect(e.datacontenttype).toBe('application/json')
      expect(e.time).toBe('2026-03-01T09:01:00.000Z')
      // Never a member the API hides.
      expect(JSON.stringify(e.data)).not.toContain('secret')
    }
    expect(new Set(got.map((e) => e.id)).size).toBe(got.length)
    expect(got[0]!.subject).toBe(`/api/plants/${id}`)
    expect(got[0]!.data).toMatchObject({ id, name: 'Basil', status: 'growing' })
    expect(got[2]!.data).toMatchObject({ name: 'Sweet basil' })
    expect(got[3]!.data).toMatchObject({ status: 'harvested' })
    expect(got[4]!).toMatchObject({
      subject: '/api/beds/1',
      data: { harvests: 1 },
    })
    // A delete carries the record as it was before.
    expect(got[5]!.data).toMatchObject({
      id,
      name: 'Sweet basil',
      status: 'harvested',
    })
  })

  test('a refused request, an idempotent replay and an opted-out resource make no event; api.data writes do', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    expect((await call(api, 'POST', '/plants', { name: '' })).status).toBe(422)
    expect((await call(api, 'POST', '/plants/1/harvest', {})).status).toBe(200)
    expect((await call(api, 'POST', '/plants/1/harvest', {})).status).toBe(409)
    const key = { 'Idempotency-Key': 'k-1' }
    const body = { name: 'Chard', bedId: 2, gardenerId: 2 }
    expect((await call(api, 'POST', '/plants', body, key)).status).toBe(201)
    const replay = await call(api, 'POST', '/plants', body, key)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await call(api, 'POST', '/notes', { text: 'water' })).status).toBe(
      201,
    )
    api.data.beds!.update(2, { name: 'South-west' })

    const got = await events(api)
    expect(got.map((e) => e.type)).toEqual([
      'plants.harvest',
      'beds.updated',
      'plants.created',
      'beds.updated',
    ])
    expect(got[3]!.data).toMatchObject({ name: 'South-west' })
  })

  test('a GraphQL mutation makes the same events as its REST operation, once', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    const response = await call(api, 'POST', '/graphql', {
      query: 'mutation { harvestPlant(id: "1") { status } }',
    })
    expect(response.status).toBe(200)
    const got = await events(api)
    expect(got.map((e) => [e.seq, e.type, e.subject])).toEqual([
      [1, 'plants.harvest', '/api/plants/1'],
      [2, 'beds.updated', '/api/beds/1'],
    ])
  })

  test('a reset or a restored snapshot makes no event, and numbers go on after it', async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    await call(api, 'POST', '/plants/1/harvest', {})
    api.reset()
    await call(api, 'POST', '/plants/2/harvest', {})
    const got = await events(api)
    expect(got.map((e) => [e.seq, e.type, e.subject])).toEqual([
      [1, 'plants.harvest', '/api/plants/1'],
      [2, 'beds.updated', '/api/beds/1'],
      [3, 'plants.harvest', '/api/plants/2'],
      [4, 'beds.updated', '/api/beds/2'],
    ])
  })

  test(`the log keeps the last ${limits.events} events`, async () => {
    api = createMockApi({ api: gardenApi, basePath: '/api' })
    for (let i = 0; i < limits.events + 100; i++)
      api.data.beds!.insert({ name: `Bed ${i}`, gardenerId: 1, harvests: 0 })
    const got = await events(api)
    expect(got).toHaveLength(limits.events)
    expect(got[0]!.seq).toBe(101)
    expect(got.at(-1)!.seq).toBe(limits.events + 100)
  })

  test('a memory store carries the events over a restart, and numbers go on', async () => {
    const store = new MemoryStore()
    api = createMockApi({ api: gardenApi, basePath: '/api', store })
    await api.store!.ready
    await call(api, 'POST', '/plants/1/harvest', {})
    await api.store!.close()
    const again = createMockApi({ api: gardenApi, basePath: '/api', store })
    await again.store!.ready
    await call(again, 'POST', '/plants/2/harvest', {})
    const got = await events(again)
    expect(got.map((e) => [e.seq, e.type])).toEqual([
      [1, 'plants.harvest'],
      [2, 'beds.updated'],
      [3, 'plants.harvest'],
      [4, 'beds.updated'],
    ])
  })
})
