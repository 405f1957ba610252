import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

/** Discourse's shape, small: every path ends in `.json`. */
const post = {
  type: 'object',
  required: ['id', 'raw'],
  properties: { id: { type: 'integer' }, raw: { type: 'string' } },
}
const body = {
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['raw'],
        properties: { raw: { type: 'string' } },
      },
    },
  },
}
const ok = (schema: unknown) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
})
const id = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
}
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Forum', version: '1' },
  servers: [{ url: 'https://forum.example' }],
  paths: {
    '/posts.json': {
      get: { responses: ok({ type: 'array', items: post }) },
      post: { requestBody: body, responses: ok(post) },
    },
    '/posts/{id}.json': {
      parameters: [id],
      get: { responses: ok(post) },
      put: { requestBody: body, responses: ok(post) },
      delete: { responses: { '200': { description: 'deleted' } } },
    },
    '/posts/{id}/locked.json': {
      parameters: [id],
      put: {
        responses: ok({
          type: 'object',
          required: ['locked'],
          properties: { locked: { type: 'boolean' } },
        }),
      },
    },
  },
}

function client(api: { fetch(request: Request): Promise<Response> }) {
  return async (
    method: string,
    url: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`https://forum.example${url}`, {
        method,
        headers: {
          Authorization: 'Bearer test',
          ...(json !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(json !== undefined && { body: JSON.stringify(json) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      etag: response.headers.get('ETag'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    }
  }
}

describe('an imported description whose paths end in .json', () => {
  it('is served by an engine resource with that suffix, each operation reported at its own path', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources.posts).toMatchObject({ suffix: '.json' })
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual([
      'GET /posts.json list',
      'POST /posts.json create',
      'GET /posts/{id}.json read',
      'PUT /posts/{id}.json replace',
      'DELETE /posts/{id}.json delete',
      'PUT /posts/{id}/locked.json action',
    ])
  })

  it('creates, reads, replaces, acts on and deletes at the .json paths, one ETag throughout', async () => {
    const send = client(createOpenApiMock({ openapi }))
    const made = await send('POST', '/posts.json', { raw: 'hello' })
    expect(made.status).toBe(200)
    const at = `/posts/${String(made.body!.id)}`
    const read = await send('GET', `${at}.json`)
    expect(read).toMatchObject({ status: 200, body: { raw: 'hello' } })
    const replaced = await send(
      'PUT',
      `${at}.json`,
      { raw: 'edited' },
      { 'If-Match': read.etag! },
    )
    expect(replaced.status).toBe(200)
    expect(
      (
        await send(
          'PUT',
          `${at}.json`,
          { raw: 'x' },
          { 'If-Match': read.etag! },
        )
      ).status,
    ).toBe(412)
    const locked = await send('PUT', `${at}/locked.json`, undefined, {
      'If-Match': replaced.etag!,
    })
    expect(locked).toMatchObject({ status: 200, etag: replaced.etag })
    expect(typeof locked.body!.locked).toBe('boolean')
    expect((await send('PUT', '/posts/999/locked.json')).status).toBe(404)
    const list = await send('GET', '/posts.json')
    expect(list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ raw: 'edited' })]),
    )
    expect((await send('DELETE', `${at}.json`)).status).toBe(200)
    expect((await send('GET', `${at}.json`)).status).toBe(404)
  })
})
