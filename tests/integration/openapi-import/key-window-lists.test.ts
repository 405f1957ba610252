import { describe, expect, it } from 'vitest'
import { descriptionValidator } from '../../../src/openapi-import/ajv-standard-schema.ts'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own shaped like OpenAI's lists: `{ object: "list", data, first_id, last_id,
 * has_more }`, paged by `?after=<last_id>` and `?before=<first_id>`; `first_id` and `last_id` are
 * required strings, with no room for null.
 */
const listSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['object', 'data', 'first_id', 'last_id', 'has_more'],
  properties: {
    object: { type: 'string', example: 'list' },
    data: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
    first_id: { type: 'string' },
    last_id: { type: 'string' },
    has_more: { type: 'boolean' },
  },
}
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  servers: [{ url: 'https://notes.example/v1' }],
  components: {
    schemas: {
      Note: {
        type: 'object',
        required: ['id', 'object', 'text'],
        properties: {
          id: { type: 'string', readOnly: true },
          object: { type: 'string', enum: ['note'] },
          text: { type: 'string', minLength: 1 },
        },
      },
      NoteInput: {
        type: 'object',
        additionalProperties: false,
        required: ['text'],
        properties: { text: { type: 'string', minLength: 1 } },
      },
    },
  },
  paths: {
    '/notes': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'after', in: 'query', schema: { type: 'string' } },
          { name: 'before', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: { 'application/json': { schema: listSchema } },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/NoteInput' },
            },
          },
        },
        responses: {
          '200': {
            description: 'made',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Note' },
              },
            },
          },
        },
      },
    },
    '/notes/{note_id}': {
      parameters: [
        {
          name: 'note_id',
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
      ],
      get: {
        responses: {
          '200': {
            description: 'the note',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Note' },
              },
            },
          },
        },
      },
    },
  },
}

const validPage = descriptionValidator(openapi)(listSchema)

function client() {
  const api = createOpenApiMock({ openapi, overrides: { count: 5 } })
  return async (method: string, url: string, json?: unknown) => {
    const response = await api.fetch(
      new Request(`https://notes.example/v1${url}`, {
        method,
        headers: {
          Authorization: 'Bearer notes',
          ...(json !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(json !== undefined && { body: JSON.stringify(json) }),
      }),
    )
    return { status: response.status, body: (await response.json()) as Json }
  }
}

describe('a list that names its first and last key (first_id, last_id), paged after and before a key', () => {
  it('is declared as an engine resource whose envelope names the keys, paged after a key', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources.notes?.tableOnly).toBeUndefined()
    expect(api.resources.notes?.list).toMatchObject({
      envelope: {
        items: 'data',
        hasMore: 'has_more',
        firstKey: 'first_id',
        lastKey: 'last_id',
        absent: 'omit',
        constants: { object: 'list' },
      },
      paging: 'after',
      params: { after: 'after', before: 'before', perPage: 'limit' },
    })
    expect(report.operations.find((op) => op.method === 'GET')?.why).toBe(
      'path /notes is a collection',
    )
  })

  it('walks forward by last_id and back by first_id, every page as the schema draws it', async () => {
    const send = client()
    const made = await send('POST', '/notes', { text: 'kept' })
    expect(made.status).toBe(200)
    const forward: string[] = []
    const pages: Json[] = []
    let after: string | undefined
    for (let i = 0; i < 10; i++) {
      const page = await send(
        'GET',
        `/notes?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      )
      expect(page.status).toBe(200)
      expect(validPage(page.body), JSON.stringify(page.body)).toBe(true)
      const ids = (page.body.data as Json[]).map((n) => n.id as string)
      expect(page.body.first_id).toBe(ids[0])
      expect(page.body.last_id).toBe(ids.at(-1))
      expect(page.body.object).toBe('list')
      forward.push(...ids)
      pages.push(page.body)
      if (!page.body.has_more) break
      after = page.body.last_id as string
    }
    expect(forward).toHaveLength(6)
    expect(new Set(forward).size).toBe(6)
    expect(forward).toContain(made.body.id)
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false])

    // Back from the last page: the page before its first record is the one before it.
    const back = await send(
      'GET',
      `/notes?limit=2&before=${encodeURIComponent(String(pages[2]!.first_id))}`,
    )
    expect(back.body.data).toEqual(pages[1]!.data)
    expect(back.body.has_more).toBe(true)
  })

  it('answers a page after the last key with no records, still as the schema draws it', async () => {
    const send = client()
    const all = await send('GET', '/notes?limit=100')
    const last = all.body.last_id as string
    const empty = await send('GET', `/notes?after=${encodeURIComponent(last)}`)
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual([])
    expect(empty.body.has_more).toBe(false)
    expect(validPage(empty.body), JSON.stringify(empty.body)).toBe(true)
    expect(
      (await send('GET', '/notes?after=no-such-note')).status,
      'a key the list does not hold is refused, not an empty page',
    ).toBe(400)
  })
})
