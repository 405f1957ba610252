import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

const album = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
}
const ids = {
  name: 'ids',
  in: 'query',
  schema: { type: 'string' },
  description: 'A comma-separated list of album ids.',
}
const idsBody = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { ids: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
}

// Spotify's saved albums: each entry holds the album in a member of its own.
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Library', version: '1' },
  paths: {
    '/albums/{id}': {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'an album',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Album' },
              },
            },
          },
        },
      },
    },
    '/me/albums': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'offset', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: 'saved albums',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['items', 'total', 'limit', 'offset'],
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          added_at: { type: 'string', format: 'date-time' },
                          album: { $ref: '#/components/schemas/Album' },
                        },
                      },
                    },
                    total: { type: 'integer' },
                    limit: { type: 'integer' },
                    offset: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
      },
      put: {
        parameters: [ids],
        requestBody: idsBody,
        responses: { '200': { description: 'saved' } },
      },
      delete: {
        parameters: [ids],
        requestBody: idsBody,
        responses: { '200': { description: 'removed' } },
      },
    },
  },
  components: { schemas: { Album: album } },
}

function serve() {
  const api = createOpenApiMock({ openapi, overrides: { count: 2 } })
  api.config.update({ rateLimit: false })
  return async (method: string, path: string, body?: unknown) => {
    const response = await api.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          Authorization: 'Bearer own',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as Json,
    }
  }
}

const saved = async (send: ReturnType<typeof serve>) =>
  ((await send('GET', '/me/albums?limit=50')).body.items as Json[]).map(
    (entry) => (entry.album as Json).id,
  )

describe('a library of saved items, added and removed by their keys', () => {
  it('is served by the engine: PUT adds by ids, DELETE removes by ids', () => {
    const { report } = importOpenApi(openapi)
    const served = Object.fromEntries(
      report.operations.map((op) => [`${op.method} ${op.path}`, op]),
    )
    expect(served['PUT /me/albums']).toMatchObject({
      servedAs: 'create',
      resource: 'me-albums',
    })
    expect(served['DELETE /me/albums']).toMatchObject({
      servedAs: 'delete',
      resource: 'me-albums',
    })
    const { api } = importOpenApi(openapi)
    expect(api.resources['me-albums']?.byKeys).toMatchObject({
      member: 'ids',
      query: 'ids',
      status: 200,
    })
    expect(api.routes ?? []).toEqual([])
  })

  it('saves the albums a PUT names, lists each in its entry, and removes them', async () => {
    const send = serve()
    const before = await saved(send)
    expect(await send('PUT', '/me/albums?ids=new1,new2')).toEqual({
      status: 200,
      body: undefined,
    })
    const after = await saved(send)
    expect(after).toEqual(expect.arrayContaining([...before, 'new1', 'new2']))
    expect(after).toHaveLength(before.length + 2)
    expect((await send('DELETE', '/me/albums', { ids: ['new1'] })).status).toBe(
      200,
    )
    expect(await saved(send)).not.toContain('new1')
    expect(await saved(send)).toContain('new2')
  })

  it('refuses a PUT that names no album, and changes nothing', async () => {
    const send = serve()
    const before = await saved(send)
    const refused = await send('PUT', '/me/albums', { ids: [''] })
    expect(refused.status).toBe(422)
    expect(await saved(send)).toEqual(before)
  })

  it('answers every operation as the description allows', async () => {
    const { report } = importOpenApi(openapi)
    const api = createOpenApiMock({
      openapi,
      overrides: { errors: 'description' },
    })
    api.config.update({ rateLimit: false })
    const { disallowed } = await everyAnswer(openapi, report, api)
    expect(disallowed).toEqual([])
  })
})
