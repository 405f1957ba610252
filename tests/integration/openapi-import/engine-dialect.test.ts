import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own in a dialect unlike hypermock's: a team is keyed by its `gid` (no `id`
 * member), each answer wraps it in `{ "data": { … } }`, and the list pages Stripe's way:
 * `?starting_after=<gid>` with `{ data: [...], has_more, next_cursor }`.
 */
const team = {
  type: 'object',
  additionalProperties: false,
  required: ['gid', 'name'],
  properties: {
    gid: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1 },
    size: { type: 'integer', minimum: 0 },
  },
}
const teamInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    size: { type: 'integer', minimum: 0 },
  },
}
const wrapped = {
  type: 'object',
  required: ['data'],
  properties: { data: { $ref: '#/components/schemas/Team' } },
}
const answer = (status: string, schema: unknown) => ({
  [status]: {
    description: 'ok',
    content: { 'application/json': { schema } },
  },
})
const body = (schema: unknown) => ({
  required: true,
  content: { 'application/json': { schema } },
})
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Teams', version: '1' },
  servers: [{ url: 'https://teams.example/v2' }],
  components: { schemas: { Team: team, TeamInput: teamInput } },
  paths: {
    '/teams': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'starting_after', in: 'query', schema: { type: 'string' } },
        ],
        responses: answer('200', {
          type: 'object',
          required: ['data', 'has_more', 'next_cursor'],
          properties: {
            data: {
              type: 'array',
              items: { $ref: '#/components/schemas/Team' },
            },
            has_more: { type: 'boolean' },
            next_cursor: { type: ['string', 'null'] },
          },
        }),
      },
      post: {
        requestBody: body({ $ref: '#/components/schemas/TeamInput' }),
        responses: answer('201', wrapped),
      },
    },
    '/teams/{gid}': {
      parameters: [
        { name: 'gid', in: 'path', required: true, schema: { type: 'string' } },
      ],
      get: { responses: answer('200', wrapped) },
      patch: {
        requestBody: {
          required: true,
          content: {
            'application/merge-patch+json': {
              schema: { $ref: '#/components/schemas/TeamInput' },
            },
          },
        },
        responses: answer('200', wrapped),
      },
      put: {
        requestBody: body({ $ref: '#/components/schemas/TeamInput' }),
        responses: answer('200', wrapped),
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
  },
}

function client() {
  const api = createOpenApiMock({ openapi, overrides: { count: 5 } })
  return async (
    method: string,
    url: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`https://teams.example/v2${url}`, {
        method,
        headers: {
          Authorization: 'Bearer teams',
          ...(json !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(json !== undefined && { body: JSON.stringify(json) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as Json,
    }
  }
}

describe('a description keyed by gid, in { data }, paged after a key: served by the engine', () => {
  it('emits a declared resource with its dialect, and no routes of its own', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources.teams?.dialect).toEqual({
      keys: { member: 'gid', generate: 'string' },
      item: { member: 'data' },
    })
    expect(api.resources.teams?.list).toMatchObject({
      envelope: {
        items: 'data',
        hasMore: 'has_more',
        nextCursor: 'next_cursor',
      },
      paging: 'after',
      params: { after: 'starting_after', perPage: 'limit' },
    })
    expect(
      report.operations
        .map((op) => `${op.method} ${op.path} ${op.servedAs}`)
        .sort(),
    ).toEqual([
      'DELETE /teams/{gid} delete',
      'GET /teams list',
      'GET /teams/{gid} read',
      'PATCH /teams/{gid} merge patch',
      'POST /teams create',
      'PUT /teams/{gid} replace',
    ])
  })

  it('creates, lists, reads, updates and deletes a team over HTTP, each effect visible', async () => {
    const send = client()
    const created = await send('POST', '/teams', { name: 'Engines', size: 4 })
    expect(created.status).toBe(201)
    const made = created.body.data as Json
    expect(made).toMatchObject({ name: 'Engines', size: 4 })
    const gid = made.gid as string
    expect(gid).toEqual(expect.any(String))
    expect(created.headers.get('Location')).toBe(
      `/v2/teams/${encodeURIComponent(gid)}`,
    )

    // Listed, page after page, by the cursor each page names.
    const seen: string[] = []
    let url: string | undefined = '/teams?limit=2'
    while (url) {
      const page = await send('GET', url)
      expect(page.status).toBe(200)
      expect(Object.keys(page.body).sort()).toEqual([
        'data',
        'has_more',
        'next_cursor',
      ])
      const rows = page.body.data as Json[]
      expect(rows.length).toBeLessThanOrEqual(2)
      seen.push(...rows.map((r) => r.gid as string))
      if (page.body.has_more) {
        expect(page.body.next_cursor).toBe(rows.at(-1)!.gid)
        url = `/teams?limit=2&starting_after=${encodeURIComponent(String(page.body.next_cursor))}`
      } else {
        expect(page.body.next_cursor).toBeNull()
        url = undefined
      }
    }
    expect(seen).toHaveLength(6)
    expect(new Set(seen).size).toBe(6)
    expect(seen).toContain(gid)

    const read = await send('GET', `/teams/${encodeURIComponent(gid)}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual({ data: made })
    const etag = read.headers.get('ETag')!

    const patched = await send(
      'PATCH',
      `/teams/${encodeURIComponent(gid)}`,
      { size: 5 },
      { 'Content-Type': 'application/merge-patch+json', 'If-Match': etag },
    )
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ data: { ...made, size: 5 } })
    expect(
      (
        await send(
          'PUT',
          `/teams/${encodeURIComponent(gid)}`,
          { name: 'X' },
          {
            'If-Match': etag,
          },
        )
      ).status,
      'the ETag before the patch is stale',
    ).toBe(412)
    const replaced = await send('PUT', `/teams/${encodeURIComponent(gid)}`, {
      name: 'Wheels',
    })
    expect(replaced.body).toEqual({ data: { gid, name: 'Wheels' } })
    expect(
      (await send('GET', `/teams/${encodeURIComponent(gid)}`)).body,
    ).toEqual({ data: { gid, name: 'Wheels' } })

    const refused = await send('POST', '/teams', { name: '', size: -1 })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/name', '#/size'])

    expect(
      (await send('DELETE', `/teams/${encodeURIComponent(gid)}`)).status,
    ).toBe(204)
    expect(
      (await send('GET', `/teams/${encodeURIComponent(gid)}`)).status,
    ).toBe(404)
    const after = await send('GET', '/teams?limit=100')
    expect((after.body.data as Json[]).map((r) => r.gid)).not.toContain(gid)
    expect(
      (await send('GET', '/teams?starting_after=no-such-team')).status,
      'a key the list does not hold is refused, not an empty page',
    ).toBe(400)
  })
})
