import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  createOpenApiDocument,
  defineApi,
  defineResource,
  type OpenApiDocument,
} from '../../src/index.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'

const stations = defineResource({
  schema: z.object({ id: z.number().int().positive(), name: z.string() }),
  seed: [{ id: 1, name: 'Harbour' }],
})

/** Routes outside the resources, two on one path and one beside an item's own methods. */
const api = defineApi({
  name: 'Stations',
  base: '/api',
  resources: { stations },
  routes: [
    {
      method: 'GET',
      path: '/search',
      summary: 'Search the stations by name',
      handle: () => Response.json({ results: [] }),
    },
    {
      method: 'POST',
      path: '/search',
      status: 201,
      handle: () => Response.json({ saved: true }, { status: 201 }),
    },
    {
      method: 'PATCH',
      path: '/stations/:id',
      handle: (ctx) => Response.json({ patched: ctx.params.id }),
    },
  ],
})

type OperationObject = { summary: string; responses: Record<string, unknown> }

describe('declared routes', () => {
  const mock = createMockApi({ api, config: { rateLimit: false } })
  const send = (method: string, path: string) =>
    mock.fetch(
      new Request(`http://stations.test${path}`, {
        method,
        headers: { Authorization: 'Bearer any' },
      }),
    )

  it('share a path, each answering its own method, with every method in Allow', async () => {
    expect((await send('GET', '/api/search')).status).toBe(200)
    expect((await send('POST', '/api/search')).status).toBe(201)
    expect((await send('DELETE', '/api/search')).status).toBe(405)
    expect(await (await send('PATCH', '/api/stations/1')).json()).toEqual({
      patched: '1',
    })
    expect((await send('GET', '/api/stations/1')).status).toBe(200)
    const allow = (await send('OPTIONS', '/api/stations/1')).headers.get(
      'Allow',
    )
    expect(allow?.split(', ')).toEqual(
      expect.arrayContaining(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']),
    )
  })

  it('are in the description, with their summary and status, which stays valid', async () => {
    const response = await send('GET', '/api/openapi.json')
    expect(response.status).toBe(200)
    const doc = (await response.json()) as OpenApiDocument
    const op = (path: string, method: string) =>
      doc.paths[path]?.[method] as OperationObject
    expect(op('/api/search', 'get').summary).toBe('Search the stations by name')
    expect(Object.keys(op('/api/search', 'post').responses)).toContain('201')
    expect(op('/api/search', 'post').summary).toBe('POST /search')
    expect(op('/api/stations/{id}', 'patch').summary).toBe(
      'PATCH /stations/{id}',
    )
    expect(op('/api/stations/{id}', 'get')).toBeDefined()
    const result = await validate(createOpenApiDocument({ api }) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })
  it('are still served when given under the deprecated name `operations`', async () => {
    const legacy = createMockApi({
      api: defineApi({
        name: 'Legacy',
        resources: {},
        operations: [
          { method: 'GET', path: '/ping', handle: () => Response.json('pong') },
        ],
      }),
    })
    const response = await legacy.fetch(
      new Request('http://legacy.test/api/ping', {
        headers: { Authorization: 'Bearer any' },
      }),
    )
    expect(await response.json()).toBe('pong')
  })
})

/**
 * A handler that answers with `ctx.ok` and then adds to the answer's headers, as a handler may do
 * with any `Response`: a header it sets, and one it replaces.
 */
const badgeApi = defineApi({
  name: 'Stations',
  base: '/api',
  resources: { stations },
  routes: [
    {
      method: 'GET',
      path: '/stations/:id/badge',
      handle: (ctx) => {
        const answer = ctx.ok('stations', ctx.data.table('stations').get(1)!)
        answer.headers.set('X-Badge', 'gold')
        answer.headers.set('Content-Type', 'application/vnd.badge+json')
        return answer
      },
    },
  ],
})

const request = (base: string) =>
  new Request(`${base}/api/stations/1/badge`, {
    headers: { Authorization: 'Bearer any' },
  })

async function expectHandlersHeaders(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('X-Badge')).toBe('gold')
  expect(response.headers.get('Content-Type')).toBe(
    'application/vnd.badge+json',
  )
  expect(response.headers.get('ETag')).toMatch(/^"/)
  expect(await response.json()).toMatchObject({ id: 1, name: 'Harbour' })
}

describe('headers a handler sets on the answer it built', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ api: badgeApi, port: 0 })
  })
  afterAll(() => server.close())

  it('reach the client of the standalone server', async () => {
    await expectHandlersHeaders(await fetch(request(server.url)))
  })

  it('reach a caller of the engine in-process, the same', async () => {
    const mock = createMockApi({
      api: badgeApi,
      config: { rateLimit: false },
    })
    await expectHandlersHeaders(
      await mock.fetch(request('http://stations.test')),
    )
  })
})
