import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

const json = (schema: unknown, example?: unknown) => ({
  description: 'ok',
  content: {
    'application/json': {
      schema,
      ...(example !== undefined && { example }),
    },
  },
})
const body = (schema: unknown) => ({
  content: { 'application/json': { schema } },
})
const id = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
}
const category = { $ref: '#/components/schemas/Category' }
const success = {
  type: 'object',
  required: ['success'],
  properties: { success: { type: 'string' } },
}

/**
 * A small forum described the way Rails backends write theirs: paths ending in `.json`, records
 * wrapped in a member named after them (`{ "category": { … } }`), update bodies wrapped the same
 * way, a create that answers more than the read, and writes below an item that keep no record.
 */
const forum = {
  openapi: '3.1.0',
  info: { title: 'Forum', version: '1' },
  components: {
    schemas: {
      Category: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'color'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          color: { type: 'string', pattern: '^[0-9a-f]{6}$' },
        },
      },
      Post: {
        type: 'object',
        required: ['id', 'raw'],
        properties: {
          id: { type: 'integer' },
          raw: { type: 'string' },
          draft_sequence: { type: 'integer' },
        },
      },
    },
  },
  paths: {
    '/categories.json': {
      get: {
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['categories'],
              properties: { categories: { type: 'array', items: category } },
            },
            {
              categories: [
                { id: 7, name: 'General', color: '0088cc' },
                { id: 7, name: 'General', color: '0088cc' },
              ],
            },
          ),
        },
      },
      post: {
        requestBody: body({
          type: 'object',
          additionalProperties: false,
          required: ['name', 'color'],
          properties: {
            name: { type: 'string' },
            color: { type: 'string', pattern: '^[0-9a-f]{6}$' },
          },
        }),
        responses: {
          '200': json({
            type: 'object',
            required: ['category'],
            properties: { category },
          }),
        },
      },
    },
    '/categories/{id}.json': {
      get: {
        parameters: [id],
        responses: {
          '200': json({
            type: 'object',
            required: ['category'],
            properties: { category },
          }),
        },
      },
      put: {
        parameters: [id],
        requestBody: body({
          type: 'object',
          additionalProperties: false,
          properties: {
            category: {
              type: 'object',
              additionalProperties: false,
              properties: { name: { type: 'string' } },
            },
          },
        }),
        responses: {
          '200': json({
            type: 'object',
            required: ['success', 'category'],
            properties: { success: { type: 'string' }, category },
          }),
        },
      },
      delete: { parameters: [id], responses: { '200': json(success) } },
    },
    '/categories/{id}/bookmark.json': {
      put: { parameters: [id], responses: { '200': json(success) } },
    },
    '/posts.json': {
      post: {
        requestBody: body({
          type: 'object',
          required: ['raw'],
          properties: { raw: { type: 'string' } },
        }),
        responses: {
          '200': json({
            allOf: [
              { $ref: '#/components/schemas/Post' },
              { required: ['draft_sequence'] },
            ],
          }),
        },
      },
    },
    '/posts/{id}.json': {
      get: {
        parameters: [id],
        responses: { '200': json({ $ref: '#/components/schemas/Post' }) },
      },
    },
  },
}

const origin = 'https://forum.example'

async function send(
  api: ReturnType<typeof createOpenApiMock>,
  method: string,
  path: string,
  payload?: unknown,
) {
  const response = await api.fetch(
    new Request(`${origin}${path}`, {
      method,
      ...(payload !== undefined && {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      }),
    }),
  )
  const text = await response.text()
  return {
    status: response.status,
    stateless: response.headers.get('Hypermock-Stateless'),
    body: (text ? JSON.parse(text) : undefined) as Json,
  }
}

describe('resources found the way Rails-style descriptions write them', () => {
  const servedAs = (method: string, path: string) =>
    importOpenApi(forum).report.operations.find(
      (o) => o.method === method && o.path === path,
    )?.servedAs

  it('keeps records the answers wrap in a member of their own, and answers each operation in its wrapper', async () => {
    const api = createOpenApiMock({ openapi: forum })
    const created = await send(api, 'POST', '/categories.json', {
      name: 'Meta',
      color: 'ff0000',
    })
    expect(created.status).toBe(200)
    const record = created.body.category as Json
    expect(record).toMatchObject({ name: 'Meta', color: 'ff0000' })
    expect(typeof record.id).toBe('number')

    const read = await send(api, 'GET', `/categories/${String(record.id)}.json`)
    expect(read).toMatchObject({ status: 200, stateless: null })
    expect(read.body).toEqual({ category: record })

    const list = await send(api, 'GET', '/categories.json')
    expect(list.body.categories).toContainEqual(record)

    // The update's body wraps the record's members too: `{ "category": { "name": … } }`.
    const updated = await send(
      api,
      'PUT',
      `/categories/${String(record.id)}.json`,
      { category: { name: 'Site feedback' } },
    )
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({
      success: expect.any(String),
      category: { ...record, name: 'Site feedback' },
    })
    expect(
      (await send(api, 'GET', `/categories/${String(record.id)}.json`)).body,
    ).toEqual({ category: { ...record, name: 'Site feedback' } })

    const removed = await send(
      api,
      'DELETE',
      `/categories/${String(record.id)}.json`,
    )
    expect(removed.status).toBe(200)
    expect(
      (await send(api, 'GET', `/categories/${String(record.id)}.json`)).status,
    ).toBe(404)
    for (const [method, path] of [
      ['GET', '/categories.json'],
      ['POST', '/categories.json'],
      ['GET', '/categories/{id}.json'],
      ['PUT', '/categories/{id}.json'],
      ['DELETE', '/categories/{id}.json'],
    ] as const)
      expect(servedAs(method, path), `${method} ${path}`).not.toBe(
        'example only',
      )
  })

  it('reads with a strong ETag and 304, and refuses a write or delete whose If-Match is stale with 412', async () => {
    const api = createOpenApiMock({ openapi: forum })
    const created = await api.fetch(
      new Request(`${origin}/categories.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Meta', color: 'ff0000' }),
      }),
    )
    const path = `${origin}/categories/${String(((await created.json()) as { category: Json }).category.id)}.json`
    const read = await api.fetch(new Request(path))
    const etag = read.headers.get('ETag')
    expect(etag).toMatch(/^"[^"]+"$/)
    expect(created.headers.get('ETag')).toBe(etag)
    const again = await api.fetch(
      new Request(path, { headers: { 'If-None-Match': etag! } }),
    )
    expect(again.status).toBe(304)
    const update = (ifMatch: string, name: string) =>
      api.fetch(
        new Request(path, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'If-Match': ifMatch },
          body: JSON.stringify({ category: { name } }),
        }),
      )
    const changed = await update(etag!, 'Feedback')
    expect(changed.status).toBe(200)
    const next = changed.headers.get('ETag')
    expect(next).not.toBe(etag)
    const stale = await update(etag!, 'Lost update')
    expect(stale.status).toBe(412)
    expect(((await stale.json()) as Json).type).toBe(
      '/problems/precondition-failed',
    )
    const gone = await api.fetch(
      new Request(path, { method: 'DELETE', headers: { 'If-Match': etag! } }),
    )
    expect(gone.status).toBe(412)
    const kept = (await (await api.fetch(new Request(path))).json()) as {
      category: Json
    }
    expect(kept.category.name).toBe('Feedback')
    const removed = await api.fetch(
      new Request(path, { method: 'DELETE', headers: { 'If-Match': next! } }),
    )
    expect(removed.status).toBe(200)
  })

  it('lists every invalid field of a wrapped update in one 422, and changes nothing', async () => {
    const api = createOpenApiMock({ openapi: forum })
    const created = await send(api, 'POST', '/categories.json', {
      name: 'Meta',
      color: 'ff0000',
    })
    const path = `/categories/${String((created.body.category as Json).id)}.json`
    const refused = await send(api, 'PUT', path, {
      category: { name: 7, slug: 'x' },
    })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/category/name', '#/category/slug'])
    expect((await send(api, 'GET', path)).body).toEqual(created.body)
  })

  it('answers a create in its own schema, and a read gives back the members it drew', async () => {
    const api = createOpenApiMock({ openapi: forum })
    const created = await send(api, 'POST', '/posts.json', { raw: 'Hello' })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      raw: 'Hello',
      draft_sequence: expect.any(Number),
    })
    const read = await send(
      api,
      'GET',
      `/posts/${String(created.body.id)}.json`,
    )
    expect(read.body).toEqual(created.body)
  })

  it('serves a write below an item that keeps no record as an action on that item: 404 when there is none', async () => {
    expect(servedAs('PUT', '/categories/{id}/bookmark.json')).toBe('action')
    const api = createOpenApiMock({ openapi: forum })
    expect(
      (await send(api, 'PUT', '/categories/9999/bookmark.json')).status,
    ).toBe(404)
    const bookmarked = await send(api, 'PUT', '/categories/7/bookmark.json')
    expect(bookmarked.status).toBe(200)
    expect(bookmarked.body).toEqual({ success: expect.any(String) })
  })

  it('keeps one seed row per id when the list example repeats a row', async () => {
    const api = createOpenApiMock({ openapi: forum })
    const list = await send(api, 'GET', '/categories.json')
    expect(list.body).toEqual({
      categories: [{ id: 7, name: 'General', color: '0088cc' }],
    })
  })
})

describe('a create on a suffixed path', () => {
  it('answers 201 with the Location of the item, suffix and all', async () => {
    const note = {
      type: 'object',
      required: ['id', 'text'],
      properties: { id: { type: 'integer' }, text: { type: 'string' } },
    }
    const notes = {
      openapi: '3.1.0',
      info: { title: 'Notes', version: '1' },
      paths: {
        '/notes.json': {
          post: {
            requestBody: body({
              type: 'object',
              required: ['text'],
              properties: { text: { type: 'string' } },
            }),
            responses: { '201': json(note) },
          },
        },
        '/notes/{id}.json': {
          get: { parameters: [id], responses: { '200': json(note) } },
        },
      },
    }
    const api = createOpenApiMock({ openapi: notes })
    const created = await api.fetch(
      new Request(`${origin}/notes.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: 'Remember' }),
      }),
    )
    expect(created.status).toBe(201)
    const record = (await created.json()) as Json
    const location = created.headers.get('Location')
    expect(location).toBe(`/notes/${String(record.id)}.json`)
    const read = await api.fetch(new Request(`${origin}${location!}`))
    expect(await read.json()).toEqual(record)
  })
})

/**
 * A record made at one path and read at another, as Spotify describes playlists: created and
 * listed at `/me/playlists`, read and replaced at `/playlists/{playlist_id}`.
 */
const music = {
  openapi: '3.0.3',
  info: { title: 'Music', version: '1' },
  components: {
    schemas: {
      Playlist: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          public: { type: 'boolean' },
        },
      },
    },
  },
  paths: {
    '/me/playlists': {
      get: {
        responses: {
          '200': json({
            type: 'object',
            properties: {
              items: {
                type: 'array',
                items: { $ref: '#/components/schemas/Playlist' },
              },
            },
          }),
        },
      },
      post: {
        requestBody: body({
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, public: { type: 'boolean' } },
        }),
        responses: {
          '201': json({ $ref: '#/components/schemas/Playlist' }),
        },
      },
    },
    '/playlists/{playlist_id}': {
      parameters: [
        {
          name: 'playlist_id',
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
      ],
      get: {
        responses: {
          '200': json({ $ref: '#/components/schemas/Playlist' }),
        },
      },
      put: {
        requestBody: body({
          type: 'object',
          properties: { name: { type: 'string' }, public: { type: 'boolean' } },
        }),
        responses: {
          '200': json({ $ref: '#/components/schemas/Playlist' }),
        },
      },
    },
  },
}

describe('a record created at one path and read at another', () => {
  it('creates and lists at the collection path what the item path reads and replaces', async () => {
    const { report } = importOpenApi(music)
    const resources = new Set(
      report.operations
        .filter((o) => o.servedAs !== 'example only')
        .map((o) => o.resource),
    )
    expect(resources.size, JSON.stringify(report.operations)).toBe(1)
    const api = createOpenApiMock({ openapi: music })
    const created = await send(api, 'POST', '/me/playlists', { name: 'Road' })
    expect(created.status).toBe(201)
    const path = `/playlists/${String(created.body.id)}`
    // The item path is the engine's: its answer adds the record's `_links`.
    expect((await send(api, 'GET', path)).body).toMatchObject(created.body)
    // The list takes the query parameters its description names (none here), as every list does.
    const listed = await send(api, 'GET', '/me/playlists')
    expect(listed.body.items).toContainEqual(created.body)
    const replaced = await send(api, 'PUT', path, { name: 'Road trip' })
    expect(replaced.body).toMatchObject({
      id: created.body.id,
      name: 'Road trip',
    })
    expect((await send(api, 'GET', path)).body).toMatchObject({
      name: 'Road trip',
    })
  })
})
