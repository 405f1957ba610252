import { createClient, type Client } from 'graphql-ws'
import { afterEach, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import type { MockApi } from '../../../src/index.ts'
import { createMockInstance } from '../../../src/mock-server/create-mock-api.ts'
import { createHandlers } from '../../../src/msw/handlers.ts'
import { startServer } from '../../../src/server/start-server.ts'
import { gardenApi } from '../../support/garden-api.ts'

/**
 * `<API base>/graphql` over a WebSocket in graphql-ws's protocol, with graphql-ws's own client:
 * on `serve` (the `ws` package's server) and under `setupServer` (msw's `ws` link), Node's global
 * WebSocket either way.
 */

let cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

interface Change {
  type: string
  node: { id: string; name: string; status: string }
}

/** A graphql-ws client that does not retry, and tells how its socket closed. */
function connect(
  url: string,
  connectionParams?: Record<string, unknown>,
  lazy = true,
) {
  let closedWith: { code: number; reason: string } | null = null
  const client: Client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams,
    lazy,
    retryAttempts: 0,
    on: {
      closed: (event) => {
        const { code, reason } = event as CloseEvent
        closedWith = { code, reason }
      },
    },
  })
  cleanups.push(() => client.dispose())
  return { client, closed: () => closedWith }
}

/** The next `count` results of a subscription. */
async function take<T>(iterator: AsyncIterator<T>, count: number) {
  const out: T[] = []
  while (out.length < count) {
    const { value, done } = await iterator.next()
    if (done) break
    out.push(value)
  }
  return out
}

const rest = (
  origin: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) =>
  fetch(`${origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

const sorrel = { name: 'Sorrel', bedId: 1, heightCm: 4, sownOn: '2026-04-01' }
const tarragon = {
  name: 'Tarragon',
  bedId: 3,
  heightCm: 2,
  sownOn: '2026-04-02',
}
const SUBSCRIPTION =
  'subscription Plants { plantChanged { type node { id name status } } }'

/** What both transports must show: one story, told against `origin` and the socket's `ws` URL. */
async function receivesRestChanges(
  origin: string,
  ws: string,
  api: Pick<MockApi, 'journal'>,
  openStreams?: () => number,
) {
  const ada = connect(ws, { Authorization: 'Bearer ada-token' })
  const changes = ada.client.iterate<{ plantChanged: Change }>({
    query: SUBSCRIPTION,
  })
  cleanups.push(() => changes.return?.())
  // The subscription went through the mock as a request of its own, named as over HTTP.
  await expect
    .poll(() => api.journal.list().map((entry) => entry.graphql?.name))
    .toContain('Plants')
  if (openStreams) await expect.poll(openStreams).toBe(1)
  // Grace's plant (gardener 2's row) first: Ada's socket never hears of it.
  expect(
    (await rest(origin, 'POST', '/garden/plants', 'grace-token', tarragon))
      .status,
  ).toBe(201)
  const created = await rest(origin, 'POST', '/garden/plants', 'ada-token', {
    ...sorrel,
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  expect(
    (
      await rest(
        origin,
        'POST',
        `/garden/plants/${id}/harvest`,
        'ada-token',
        {},
      )
    ).status,
  ).toBe(200)
  expect(
    (await take(changes, 2)).map((result) => result.data?.plantChanged),
  ).toEqual([
    {
      type: 'plants.created',
      node: { id: String(id), name: 'Sorrel', status: 'GROWING' },
    },
    {
      type: 'plants.harvest',
      node: { id: String(id), name: 'Sorrel', status: 'HARVESTED' },
    },
  ])
  // A mutation over the same socket is a write over REST would read back.
  const renamed = await ada.client
    .iterate<{ updatePlant: { name: string } }>({
      query:
        'mutation Rename($id: ID!) { updatePlant(id: $id, patch: { name: "Lovage" }) { name } }',
      variables: { id: String(id) },
    })
    .next()
  expect(renamed.value).toEqual({ data: { updatePlant: { name: 'Lovage' } } })
  const read = await rest(origin, 'GET', `/garden/plants/${id}`, 'ada-token')
  expect(((await read.json()) as { name: string }).name).toBe('Lovage')
  // Ending the subscription ends its stream on the mock.
  await changes.return?.()
  if (openStreams) await expect.poll(openStreams).toBe(0)
}

/** A `connection_init` with a token the mock does not know: the protocol's 4403. */
async function refusesUnknownToken(ws: string) {
  const stranger = connect(ws, { Authorization: 'Bearer nobody-token' })
  const result = stranger.client
    .iterate({ query: SUBSCRIPTION })
    .next()
    .then(
      () => 'a result',
      (error: unknown) => error,
    )
  const error = (await result) as { code?: number; reason?: string }
  expect(error.code).toBe(4403)
  expect(error.reason).toContain('Forbidden')
  expect(error.reason).toContain('token is unknown')
  expect(stranger.closed()?.code).toBe(4403)
}

describe('GraphQL over a WebSocket (graphql-ws) on serve', () => {
  async function serve() {
    const running = await startServer({
      port: 0,
      api: gardenApi,
      basePath: '/garden',
      shutdownGraceMs: 100,
    })
    cleanups.push(() => running.close())
    return {
      running,
      ws: `${running.url.replace('http', 'ws')}/garden/graphql`,
    }
  }

  it('a subscription receives the changes made over REST, in its owner’s view; a mutation goes through', async () => {
    const { running, ws } = await serve()
    await receivesRestChanges(running.url, ws, running.api)
  })

  it('refuses an unknown token with 4403, and takes the upgrade’s access_token', async () => {
    const { running, ws } = await serve()
    await refusesUnknownToken(ws)
    const { client } = connect(`${ws}?access_token=grace-token`)
    const plants = await client
      .iterate<{ plants: { edges: { node: { name: string } }[] } }>({
        query: '{ plants { edges { node { name } } } }',
      })
      .next()
    expect(
      plants.value?.data?.plants.edges.map(
        (edge: { node: { name: string } }) => edge.node.name,
      ),
    ).toEqual(['Mint'])
    // The connection's check and each operation are GraphQL requests in the journal.
    expect(
      running.api.journal
        .list()
        .filter((entry) => entry.status === 200)
        .map((entry) => [entry.method, entry.graphql?.fields]),
    ).toEqual(
      expect.arrayContaining([
        ['GET', ['__typename']],
        ['POST', ['plants']],
      ]),
    )
  })

  it('answers a bad document as the error message, and keeps the socket', async () => {
    const { ws } = await serve()
    // Not lazy: one socket for both operations, which a refused document leaves open.
    const { client, closed } = connect(ws, { access_token: 'ada-token' }, false)
    const bad = await client
      .iterate({ query: 'subscription { plantChanged { nope } }' })
      .next()
      .then(
        () => null,
        (errors: unknown) => errors,
      )
    expect(bad).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          'Cannot query field "nope" on type "PlantChange".',
        ),
      }),
    ])
    const one = await client
      .iterate<{ plant: { name: string } }>({
        query: '{ plant(id: "1") { name } }',
      })
      .next()
    expect(one.value).toEqual({ data: { plant: { name: 'Basil' } } })
    expect(closed()).toBeNull()
  })
})

describe("GraphQL over a WebSocket (graphql-ws) under setupServer (msw's ws link)", () => {
  function mock() {
    const { api, runtime } = createMockInstance({
      api: gardenApi,
      basePath: '/garden',
    })
    const server = setupServer(...createHandlers(api))
    server.listen({ onUnhandledFrame: 'error' })
    cleanups.push(() => server.close())
    return { api, runtime }
  }

  it('a subscription receives the changes made over REST, and its end closes its stream', async () => {
    const { api, runtime } = mock()
    await receivesRestChanges(
      'http://localhost',
      'ws://localhost/garden/graphql',
      api,
      () => runtime.stateEvents.openStreams,
    )
  })

  it('refuses an unknown token with 4403', async () => {
    mock()
    await refusesUnknownToken('ws://localhost/garden/graphql')
  })
})
