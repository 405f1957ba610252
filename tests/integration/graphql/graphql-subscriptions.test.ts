import { createClient } from 'graphql-sse'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockInstance } from '../../../src/mock-server/create-mock-api.ts'
import { gardenApi } from '../../support/garden-api.ts'

/**
 * GraphQL subscriptions over Server-Sent Events (graphql-sse's distinct connections mode), fed by
 * the state events, with graphql-sse's own client.
 */
const BASE = 'http://localhost/garden'

function garden() {
  const { api, runtime } = createMockInstance({
    api: gardenApi,
    basePath: '/garden',
  })
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit) =>
    api.fetch(new Request(input, init))
  const client = (token: string) =>
    createClient({
      url: `${BASE}/graphql`,
      fetchFn,
      headers: { Authorization: `Bearer ${token}` },
      retryAttempts: 0,
    })
  const rest = (method: string, path: string, token: string, body?: unknown) =>
    api.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
  return { api, runtime, client, rest }
}

interface Change {
  type: string
  node: { id: string; name: string; status: string }
}

let stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
})

/** The next `count` changes a subscription receives. */
async function take(
  iterator: AsyncIterator<{ data?: { plantChanged: Change } | null }>,
  count: number,
) {
  const out: Change[] = []
  while (out.length < count) {
    const { value, done } = await iterator.next()
    if (done) break
    out.push(value.data!.plantChanged)
  }
  return out
}

describe('GraphQL subscriptions', () => {
  it('receive each change of the rows the token may read, as REST and GraphQL writes commit it', async () => {
    const { api, client, rest } = garden()
    const ada = client('ada-token').iterate<{ plantChanged: Change }>({
      query: 'subscription { plantChanged { type node { id name status } } }',
    })
    stops.push(() => void ada.return?.())
    const grace = client('grace-token').iterate<{ plantChanged: Change }>({
      query: 'subscription { plantChanged { type node { name } } }',
    })
    stops.push(() => void grace.return?.())
    // Both streams are open before the writes.
    await expect.poll(() => api.journal.list().length).toBe(2)

    const created = await rest('POST', '/plants', 'ada-token', {
      name: 'Sorrel',
      bedId: 1,
      heightCm: 4,
      sownOn: '2026-04-01',
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    const mutation = await api.fetch(
      new Request(`${BASE}/graphql`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer ada-token',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          query: `mutation { harvestPlant(id: "${id}") { status } }`,
        }),
      }),
    )
    expect(mutation.status).toBe(200)
    expect(await take(ada, 2)).toEqual([
      {
        type: 'plants.created',
        node: { id: String(id), name: 'Sorrel', status: 'GROWING' },
      },
      {
        type: 'plants.harvest',
        node: { id: String(id), name: 'Sorrel', status: 'HARVESTED' },
      },
    ])
    // Grace owns gardener 2's rows only: her first change is her own plant's, not Ada's.
    await rest('POST', '/plants', 'grace-token', {
      name: 'Tarragon',
      bedId: 3,
      heightCm: 2,
      sownOn: '2026-04-02',
    })
    expect(await take(grace, 1)).toEqual([
      { type: 'plants.created', node: { name: 'Tarragon' } },
    ])
  })

  it('narrow to one record and some types, and end their stream when the client stops', async () => {
    const { api, runtime, client } = garden()
    const one = client('ada-token').iterate<{ plantChanged: Change }>({
      query:
        'subscription { plantChanged(id: "1", types: ["plants.updated"]) { type node { id name status } } }',
    })
    stops.push(() => void one.return?.())
    await expect.poll(() => api.journal.list().length).toBe(1)
    // It counts as one of the mock's event streams while it lasts.
    expect(runtime.stateEvents.openStreams).toBe(1)
    const send = (method: string, path: string, body: unknown) =>
      api.fetch(
        new Request(`${BASE}${path}`, {
          method,
          headers: {
            Authorization: 'Bearer ada-token',
            'Content-Type':
              method === 'PATCH'
                ? 'application/merge-patch+json'
                : 'application/json',
          },
          body: JSON.stringify(body),
        }),
      )
    // Another record's update, then this one's, its harvest (another type), and an update again.
    expect((await send('PATCH', '/plants/2', { heightCm: 40 })).status).toBe(
      200,
    )
    expect((await send('PATCH', '/plants/1', { heightCm: 41 })).status).toBe(
      200,
    )
    expect((await send('POST', '/plants/1/harvest', {})).status).toBe(200)
    expect((await send('PATCH', '/plants/1', { heightCm: 42 })).status).toBe(
      200,
    )
    const changes = await take(one, 2)
    expect(changes.map((c) => [c.type, c.node.id])).toEqual([
      ['plants.updated', '1'],
      ['plants.updated', '1'],
    ])
    await one.return?.()
    await expect.poll(() => runtime.stateEvents.openStreams).toBe(0)
  })

  it('leave a query to GraphQL over HTTP when the client lists the event stream after JSON', async () => {
    const { api } = garden()
    const send = (accept: string, query: string) =>
      api.fetch(
        new Request(`${BASE}/graphql`, {
          method: 'POST',
          headers: {
            Authorization: 'Bearer ada-token',
            'Content-Type': 'application/json',
            Accept: accept,
          },
          body: JSON.stringify({ query }),
        }),
      )
    // urql's list: JSON first, the event stream for incremental delivery.
    const listed =
      'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed'
    const query = await send(listed, '{ plant(id: "1") { name } }')
    expect(query.headers.get('Content-Type')).toContain(
      'application/graphql-response+json',
    )
    expect(await query.json()).toEqual({ data: { plant: { name: 'Basil' } } })
    const subscription = await send(
      listed,
      'subscription { plantChanged { type } }',
    )
    expect(subscription.headers.get('Content-Type')).toContain(
      'text/event-stream',
    )
    await subscription.body?.cancel()
  })

  it('refuse a subscription over plain HTTP, and a stream without a credential', async () => {
    const { api } = garden()
    const plain = await api.fetch(
      new Request(`${BASE}/graphql`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer ada-token',
          'Content-Type': 'application/json',
          Accept: 'application/graphql-response+json',
        },
        body: JSON.stringify({
          query: 'subscription { plantChanged { type } }',
        }),
      }),
    )
    expect(plain.status).toBeGreaterThanOrEqual(400)
    const anonymous = await api.fetch(
      new Request(`${BASE}/graphql`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
        },
        body: JSON.stringify({
          query: 'subscription { plantChanged { type } }',
        }),
      }),
    )
    expect(anonymous.status).toBe(401)
  })
})
