import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

/**
 * Small descriptions of our own, each shaped like a public API's corner: every operation gets one
 * drawn request, and every answer must be one its operation allows (a listed success status, a
 * body its schema for that status accepts), as the corpus test judges the public descriptions.
 */
const json = (schema: unknown) => ({ 'application/json': { schema } })
const ok = (schema: unknown, status = '200') => ({
  [status]: { description: 'ok', content: json(schema) },
})
const describe31 = (paths: Json, schemas: Json = {}) => ({
  openapi: '3.1.0',
  info: { title: 'Own', version: '1' },
  paths,
  components: { schemas },
})

async function judge(openapi: Json) {
  const { report } = importOpenApi(openapi)
  const api = createOpenApiMock({
    openapi,
    overrides: { errors: 'description' },
  })
  api.config.update({ rateLimit: false })
  const run = await everyAnswer(openapi, report, api)
  return { ...run, report, api }
}

const send = async (
  api: { fetch(request: Request): Promise<Response> },
  method: string,
  path: string,
  body?: unknown,
) => {
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

const user = {
  type: 'object',
  required: ['id', 'userName'],
  properties: {
    id: { type: 'string', readOnly: true },
    userName: { type: 'string' },
  },
}

describe('an imported description answers only as each operation allows', () => {
  it("holds a list's records in the array member of objects, not a first member of strings (SCIM's `schemas` beside `Resources`)", async () => {
    const openapi = describe31(
      {
        '/Users': {
          get: {
            responses: ok({
              type: 'object',
              required: ['schemas', 'totalResults', 'Resources'],
              properties: {
                schemas: {
                  type: 'array',
                  minItems: 1,
                  items: {
                    type: 'string',
                    enum: [
                      'urn:ietf:params:scim:api:messages:2.0:ListResponse',
                    ],
                  },
                },
                totalResults: { type: 'integer' },
                Resources: {
                  type: 'array',
                  items: { $ref: '#/components/schemas/User' },
                },
              },
            }),
          },
          post: {
            requestBody: {
              content: json({ $ref: '#/components/schemas/User' }),
            },
            responses: ok({ $ref: '#/components/schemas/User' }, '201'),
          },
        },
        '/Users/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/User' }),
          },
        },
      },
      { User: user },
    )
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const list = await send(api, 'GET', '/Users')
    expect(list.status).toBe(200)
    const records = list.body.Resources as Json[]
    expect(records.length).toBeGreaterThan(0)
    expect(typeof records[0]!.userName).toBe('string')
  })

  it("answers a page a member wraps in that member (Spotify's `{ categories: { items, total, … } }`)", async () => {
    const category = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }
    const openapi = describe31(
      {
        '/categories': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', schema: { type: 'integer' } },
              { name: 'offset', in: 'query', schema: { type: 'integer' } },
            ],
            responses: ok({
              type: 'object',
              required: ['categories'],
              properties: {
                categories: {
                  type: 'object',
                  required: ['items', 'total', 'limit', 'offset'],
                  properties: {
                    items: {
                      type: 'array',
                      items: { $ref: '#/components/schemas/Category' },
                    },
                    total: { type: 'integer' },
                    limit: { type: 'integer' },
                    offset: { type: 'integer' },
                  },
                },
              },
            }),
          },
        },
        '/categories/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/Category' }),
          },
        },
      },
      { Category: category },
    )
    const { disallowed, api, report } = await judge(openapi)
    expect(disallowed).toEqual([])
    const list = report.operations.find(
      (o) => o.method === 'GET' && o.path === '/categories',
    )!
    expect(list.servedAs).toBe('list')
    expect(list.notes.join(' ')).toContain('{ categories: { items, total')
    const page = await send(api, 'GET', '/categories?limit=2&offset=1')
    const categories = page.body.categories as Json
    expect(categories).toMatchObject({ limit: 2, offset: 1 })
    expect(categories.items).toHaveLength(2)
    const first = (categories.items as Json[])[0]!
    expect(
      (await send(api, 'GET', `/categories/${String(first.id)}`)).body,
    ).toEqual(first)
  })

  it("lists the records' keys where the list's items are strings (GitHub's gitignore templates, each read by its name)", async () => {
    const template = {
      type: 'object',
      required: ['name', 'source'],
      properties: { name: { type: 'string' }, source: { type: 'string' } },
    }
    const openapi = describe31(
      {
        '/templates': {
          get: { responses: ok({ type: 'array', items: { type: 'string' } }) },
        },
        '/templates/{name}': {
          get: {
            parameters: [
              {
                name: 'name',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/Template' }),
          },
        },
      },
      { Template: template },
    )
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const names = (await send(api, 'GET', '/templates'))
      .body as unknown as string[]
    expect(names.length).toBeGreaterThan(0)
    const read = await send(
      api,
      'GET',
      `/templates/${encodeURIComponent(names[0]!)}`,
    )
    expect(read.status).toBe(200)
    expect(read.body.name).toBe(names[0])
  })

  it("answers a wrapped page at a path of several segments, served without an item path (Spotify's `/me/following`), its `next` left out where the schema has no room for null", async () => {
    const artist = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }
    const openapi = describe31(
      {
        '/me/following': {
          get: {
            parameters: [
              { name: 'after', in: 'query', schema: { type: 'string' } },
              { name: 'limit', in: 'query', schema: { type: 'integer' } },
            ],
            responses: ok({
              type: 'object',
              required: ['artists'],
              properties: {
                artists: {
                  type: 'object',
                  required: ['items', 'total'],
                  properties: {
                    items: {
                      type: 'array',
                      items: { $ref: '#/components/schemas/Artist' },
                    },
                    total: { type: 'integer' },
                    next: { type: 'string' },
                  },
                },
              },
            }),
          },
          put: {
            requestBody: {
              content: json({
                type: 'object',
                required: ['ids'],
                properties: {
                  ids: { type: 'array', items: { type: 'string' } },
                },
              }),
            },
            responses: { '204': { description: 'followed' } },
          },
        },
        '/artists/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/Artist' }),
          },
        },
      },
      { Artist: artist },
    )
    const { disallowed, api, report } = await judge(openapi)
    expect(disallowed).toEqual([])
    expect(
      report.operations.find((o) => o.path === '/me/following')?.servedAs,
    ).toBe('list')
    const page = await send(api, 'GET', '/me/following?limit=1')
    expect((page.body.artists as Json).items).toHaveLength(1)
  })

  it("answers 204 with no body where a create or an update documents 204 alone (Spotify's player and its queue)", async () => {
    const track = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }
    const openapi = describe31(
      {
        '/me/player': {
          get: {
            responses: ok({
              type: 'object',
              required: ['is_playing'],
              properties: {
                device_id: { type: 'string' },
                is_playing: { type: 'boolean' },
              },
            }),
          },
          put: {
            requestBody: {
              content: json({
                type: 'object',
                required: ['device_ids'],
                properties: {
                  device_ids: { type: 'array', items: { type: 'string' } },
                },
              }),
            },
            responses: { '204': { description: 'transferred' } },
          },
        },
        '/me/player/queue': {
          get: {
            responses: ok({
              type: 'object',
              properties: {
                queue: {
                  type: 'array',
                  items: { $ref: '#/components/schemas/Track' },
                },
              },
            }),
          },
          post: {
            parameters: [
              {
                name: 'uri',
                in: 'query',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: { '204': { description: 'queued' } },
          },
        },
        '/tracks/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/Track' }),
          },
        },
      },
      { Track: track },
    )
    const { disallowed, report, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const moved = await send(api, 'PUT', '/me/player', {
      device_ids: ['kitchen'],
    })
    expect(moved).toEqual({ status: 204, body: undefined })
    const queued = await send(
      api,
      'POST',
      '/me/player/queue?uri=spotify%3Atrack%3A1',
    )
    expect(queued).toEqual({ status: 204, body: undefined })
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual(
      expect.arrayContaining([
        // A singleton: its PUT replaces the one record, and keeps the change it answers 204 for.
        'PUT /me/player replace',
        // The queue's create makes no record any path reads: it answers 204 and keeps no state.
        'POST /me/player/queue example only',
      ]),
    )
  })

  it("draws a list's own URL from its schema where its pattern names another path (Stripe's balance history, at /balance_transactions)", async () => {
    const transaction = {
      type: 'object',
      required: ['id', 'amount'],
      properties: { id: { type: 'string' }, amount: { type: 'integer' } },
    }
    const openapi = describe31(
      {
        '/balance/history': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', schema: { type: 'integer' } },
              {
                name: 'starting_after',
                in: 'query',
                schema: { type: 'string' },
              },
            ],
            responses: ok({
              type: 'object',
              required: ['object', 'url', 'data', 'has_more'],
              properties: {
                object: { type: 'string', enum: ['list'] },
                url: {
                  type: 'string',
                  maxLength: 5000,
                  pattern: '^/balance_transactions',
                },
                data: {
                  type: 'array',
                  items: { $ref: '#/components/schemas/Transaction' },
                },
                has_more: { type: 'boolean' },
              },
            }),
          },
        },
        '/balance/history/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/Transaction' }),
          },
        },
      },
      { Transaction: transaction },
    )
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const list = await send(api, 'GET', '/balance/history?limit=2')
    expect(list.body).toMatchObject({ object: 'list', has_more: true })
    expect(list.body.url).toMatch(/^\/balance_transactions/)
    expect(list.body.data).toHaveLength(2)
  })

  it("answers the API's root as the description draws it (GitHub's `GET /` of URL templates)", async () => {
    const openapi = describe31({
      '/': {
        get: {
          operationId: 'meta/root',
          responses: ok({
            type: 'object',
            required: ['current_user_url', 'repository_url'],
            properties: {
              current_user_url: { type: 'string' },
              repository_url: { type: 'string' },
            },
          }),
        },
      },
      '/repos/{id}': {
        get: {
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'string' },
            },
          ],
          responses: ok({
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string' } },
          }),
        },
      },
    })
    const { disallowed, api, report } = await judge(openapi)
    expect(disallowed).toEqual([])
    expect(report.operations.find((o) => o.path === '/')).toMatchObject({
      servedAs: 'example only',
      operationId: 'meta/root',
    })
    const root = await send(api, 'GET', '/')
    expect(root.status).toBe(200)
    expect(Object.keys(root.body).sort()).toEqual([
      'current_user_url',
      'repository_url',
    ])
  })

  it("answers each of a path's `#fragment` variants as its own operation where the URL names it, the plain one where none does (Box's shared items)", async () => {
    const item = (type: string, extra: Json = {}) => ({
      type: 'object',
      required: ['id', 'type', ...Object.keys(extra)],
      properties: {
        id: { type: 'string' },
        type: { type: 'string', enum: [type] },
        ...extra,
      },
    })
    const shared = (schema: unknown) => ({
      get: {
        parameters: [
          {
            name: 'boxapi',
            in: 'header',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: ok(schema),
      },
    })
    const openapi = describe31({
      '/shared_items': shared(item('file')),
      '/shared_items#folders': shared(item('folder')),
      '/shared_items#app_items': shared(
        item('app_item', { application_type: { type: 'string' } }),
      ),
      '/files/{id}': {
        get: {
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'string' },
            },
          ],
          responses: ok(item('file')),
        },
      },
    })
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const typeAt = async (url: string) =>
      (
        await send(
          {
            fetch: (request) => {
              request.headers.set('boxapi', 'shared_link=x')
              return api.fetch(request)
            },
          },
          'GET',
          url,
        )
      ).body.type
    expect(await typeAt('/shared_items')).toBe('file')
    expect(await typeAt('/shared_items#folders')).toBe('folder')
    expect(await typeAt('/shared_items#app_items')).toBe('app_item')
    // A fragment no variant names: the plain operation.
    expect(await typeAt('/shared_items#other')).toBe('file')
  })

  it("keeps a record that one member wraps a record, not a page, though it holds an array of objects (Discourse's `{ category: { …, group_permissions: [ … ] } }`), and a lone wrapped page one record (Spotify's new releases)", async () => {
    const openapi = describe31({
      '/c/{id}/show.json': {
        get: {
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'integer' },
            },
          ],
          responses: ok({
            type: 'object',
            required: ['category'],
            properties: {
              category: {
                type: 'object',
                required: ['id', 'name'],
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  group_permissions: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { group_name: { type: 'string' } },
                    },
                  },
                },
              },
            },
          }),
        },
      },
      '/browse/new-releases': {
        get: {
          responses: ok({
            type: 'object',
            required: ['albums'],
            properties: {
              albums: {
                type: 'object',
                required: ['items', 'total'],
                properties: {
                  href: { type: 'string' },
                  total: { type: 'integer' },
                  items: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { name: { type: 'string' } },
                    },
                  },
                },
              },
            },
          }),
        },
      },
    })
    const { disallowed, report } = await judge(openapi)
    expect(disallowed).toEqual([])
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual(['GET /c/{id}/show.json read', 'GET /browse/new-releases read'])
  })
  it("takes a member the answers mark readOnly where the create's own body describes it as writable (Asana's project `workspace`)", async () => {
    const project = {
      type: 'object',
      required: ['gid', 'name', 'workspace'],
      properties: {
        gid: { type: 'string', readOnly: true },
        name: { type: 'string' },
        workspace: { type: 'string', readOnly: true },
      },
    }
    const item = [
      { name: 'gid', in: 'path', required: true, schema: { type: 'string' } },
    ]
    const openapi = describe31(
      {
        '/projects': {
          get: {
            responses: ok({
              type: 'array',
              items: { $ref: '#/components/schemas/Project' },
            }),
          },
          post: {
            requestBody: {
              content: json({
                type: 'object',
                required: ['name', 'workspace'],
                properties: {
                  name: { type: 'string' },
                  workspace: { type: 'string' },
                },
              }),
            },
            responses: ok({ $ref: '#/components/schemas/Project' }, '201'),
          },
        },
        '/projects/{gid}': {
          get: {
            parameters: item,
            responses: ok({ $ref: '#/components/schemas/Project' }),
          },
        },
      },
      { Project: project },
    )
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const made = await send(api, 'POST', '/projects', {
      name: 'Roadmap',
      workspace: 'w1',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ name: 'Roadmap', workspace: 'w1' })
    const read = await send(api, 'GET', `/projects/${String(made.body.gid)}`)
    expect(read.body).toMatchObject({ workspace: 'w1' })
  })

  it('answers an array where the schema says array, never null, for a required member a create leaves out', async () => {
    const note = {
      type: 'object',
      required: ['id', 'text', 'tags'],
      properties: {
        id: { type: 'integer', readOnly: true },
        text: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    }
    const item = [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
    ]
    const openapi = describe31(
      {
        '/notes': {
          get: {
            responses: ok({
              type: 'array',
              items: { $ref: '#/components/schemas/Note' },
            }),
          },
          post: {
            requestBody: {
              content: json({
                type: 'object',
                required: ['text'],
                properties: {
                  text: { type: 'string' },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              }),
            },
            responses: ok({ $ref: '#/components/schemas/Note' }, '201'),
          },
        },
        '/notes/{id}': {
          get: {
            parameters: item,
            responses: ok({ $ref: '#/components/schemas/Note' }),
          },
        },
      },
      { Note: note },
    )
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const made = await send(api, 'POST', '/notes', { text: 'call the vet' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(Array.isArray(made.body.tags), JSON.stringify(made.body)).toBe(true)
    const read = await send(api, 'GET', `/notes/${String(made.body.id)}`)
    expect(Array.isArray(read.body.tags), JSON.stringify(read.body)).toBe(true)
  })

  it("answers a list's `links.self` as a whole URL where the schema says `format: uri` (JSON:API's page links)", async () => {
    const clinic = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', readOnly: true },
        name: { type: 'string' },
      },
    }
    const link = { type: 'string', format: 'uri' }
    const openapi = describe31(
      {
        '/clinics': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', schema: { type: 'integer' } },
            ],
            responses: ok({
              type: 'object',
              required: ['data', 'links'],
              properties: {
                data: {
                  type: 'array',
                  items: { $ref: '#/components/schemas/Clinic' },
                },
                links: {
                  type: 'object',
                  required: ['self'],
                  properties: { self: link, next: link },
                },
              },
            }),
          },
          post: {
            requestBody: {
              content: json({
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' } },
              }),
            },
            responses: ok({ $ref: '#/components/schemas/Clinic' }, '201'),
          },
        },
        '/clinics/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
            ],
            responses: ok({ $ref: '#/components/schemas/Clinic' }),
          },
        },
      },
      { Clinic: clinic },
    )
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const page = await send(api, 'GET', '/clinics?limit=1')
    expect(page.status).toBe(200)
    const links = page.body.links as Record<string, string>
    expect(links.self, JSON.stringify(page.body)).toMatch(/^https?:\/\//)
    expect(new URL(links.self!).pathname).toBe('/clinics')
    expect(links.next, JSON.stringify(page.body)).toMatch(/^https?:\/\//)
  })
  it('answers an error in the media type its status lists: application/json where a problem document already fits the schema', async () => {
    const error = {
      type: 'object',
      properties: { title: { type: 'string' }, status: { type: 'integer' } },
    }
    const notFound = {
      '404': { description: 'no such owner', content: json(error) },
    }
    const owner = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }
    const openapi = describe31({
      '/owners': {
        get: { responses: ok({ type: 'array', items: owner }) },
      },
      '/owners/{id}': {
        get: {
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'string' },
            },
          ],
          responses: { ...ok(owner), ...notFound },
        },
      },
    })
    const { disallowed, api } = await judge(openapi)
    expect(disallowed).toEqual([])
    const missing = await api.fetch(
      new Request('http://localhost/owners/nobody', {
        headers: { Authorization: 'Bearer own' },
      }),
    )
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await missing.json()).toMatchObject({ status: 404 })
  })
  it("answers a path's `?query` variant where the URL carries that query, the plain operation where it does not (OpenAI's `?beta=true`)", async () => {
    const reply = (kind: string) => ({
      type: 'object',
      required: ['id', 'kind'],
      properties: {
        id: { type: 'string' },
        kind: { type: 'string', enum: [kind] },
      },
    })
    const id = [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]
    const openapi = describe31({
      '/replies': {
        get: { responses: ok({ type: 'array', items: reply('plain') }) },
      },
      '/replies/{id}': {
        get: { parameters: id, responses: ok(reply('plain')) },
      },
      '/replies/{id}?beta=true': {
        get: { parameters: id, responses: ok(reply('beta')) },
      },
    })
    const { disallowed, api, report } = await judge(openapi)
    expect(disallowed).toEqual([])
    expect(
      report.operations.find((o) => o.path === '/replies/{id}?beta=true')
        ?.servedAs,
    ).toBe('example only')
    const beta = await send(api, 'GET', '/replies/r1?beta=true')
    expect(beta.status).toBe(200)
    expect(beta.body.kind).toBe('beta')
    const [first] = (await send(api, 'GET', '/replies'))
      .body as unknown as Json[]
    const plain = await send(api, 'GET', `/replies/${String(first!.id)}`)
    expect(plain).toMatchObject({ status: 200, body: { kind: 'plain' } })
  })
  it("serves an example-only operation whose segment holds a parameter beside text, or text a URL encodes (Box's `thumbnail.{extension}`, DigitalOcean's `<upload_url>`)", async () => {
    const openapi = describe31({
      '/files/{file_id}/thumbnail.{extension}': {
        get: {
          parameters: [
            {
              name: 'file_id',
              in: 'path',
              required: true,
              schema: { type: 'string' },
            },
            {
              name: 'extension',
              in: 'path',
              required: true,
              schema: { type: 'string', enum: ['png', 'jpg'] },
            },
          ],
          responses: ok({
            type: 'object',
            required: ['url'],
            properties: { url: { type: 'string' } },
          }),
        },
      },
      '/<upload_url>': {
        put: {
          responses: ok({
            type: 'object',
            required: ['stored'],
            properties: { stored: { type: 'boolean' } },
          }),
        },
      },
    })
    const { disallowed, api, report } = await judge(openapi)
    expect(disallowed).toEqual([])
    expect(report.operations.map((o) => o.servedAs)).toEqual([
      'example only',
      'example only',
    ])
    expect((await send(api, 'GET', '/files/12/thumbnail.png')).status).toBe(200)
    expect((await send(api, 'PUT', '/<upload_url>')).status).toBe(200)
    // Another text beside the parameter is another path.
    expect((await send(api, 'GET', '/files/12/preview.png')).status).toBe(404)
  })
})
