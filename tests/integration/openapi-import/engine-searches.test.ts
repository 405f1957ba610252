import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

/** Petstore's searches beside a Stripe-like one, over one collection of pets. */
const pet = {
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'sold'] },
  },
}
const ref = { $ref: '#/components/schemas/Pet' }
const json = (schema: unknown) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
})
const query = (name: string, schema: unknown = { type: 'string' }) => ({
  name,
  in: 'query',
  schema,
})
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example/v3' }],
  paths: {
    '/pets': {
      get: { responses: json({ type: 'array', items: ref }) },
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref } },
        },
        responses: json(ref),
      },
    },
    '/pets/{petId}': {
      get: {
        parameters: [
          {
            name: 'petId',
            in: 'path',
            required: true,
            schema: { type: 'integer' },
          },
        ],
        responses: json(ref),
      },
    },
    '/pet/findByStatus': {
      get: {
        summary: 'Finds pets by status',
        parameters: [query('status', pet.properties.status)],
        responses: json({ type: 'array', items: ref }),
      },
    },
    '/pets/search': {
      get: {
        parameters: [query('query'), query('limit', { type: 'integer' })],
        responses: json({
          type: 'object',
          required: ['object', 'data', 'has_more'],
          properties: {
            object: { type: 'string', enum: ['search_result'] },
            data: { type: 'array', items: ref },
            has_more: { type: 'boolean' },
          },
        }),
      },
    },
  },
  components: { schemas: { Pet: pet } },
}

function client(api: { fetch(request: Request): Promise<Response> }) {
  return async (method: string, url: string, body?: unknown) => {
    const response = await api.fetch(
      new Request(`https://pets.example/v3${url}`, {
        method,
        headers: {
          Authorization: 'Bearer test',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    return { status: response.status, body: (await response.json()) as unknown }
  }
}

describe('imported searches of a collection the engine serves', () => {
  it('are searches of that resource, not routes of their own', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources.pets?.searches?.map((s) => s.path)).toEqual([
      '/pet/findByStatus',
      '/pets/search',
    ])
    for (const path of ['/pet/findByStatus', '/pets/search'])
      expect(report.operations.find((o) => o.path === path)).toMatchObject({
        servedAs: 'list',
        resource: 'pets',
      })
  })

  it('list the records of the same table, filtered by the members the query names, each in its own envelope', async () => {
    const send = client(createOpenApiMock({ openapi }))
    const made = await send('POST', '/pets', {
      id: 900,
      name: 'rex',
      status: 'sold',
    })
    expect(made.status).toBe(200)
    const sold = await send('GET', '/pet/findByStatus?status=sold')
    expect(sold.status).toBe(200)
    const found = sold.body as { id: number; status: string }[]
    expect(Array.isArray(found)).toBe(true)
    expect(found.map((p) => p.id)).toContain(900)
    expect(found.every((p) => p.status === 'sold')).toBe(true)
    const available = (await send('GET', '/pet/findByStatus?status=available'))
      .body as { id: number }[]
    expect(available.map((p) => p.id)).not.toContain(900)

    // A query parameter that names no member is taken, and chooses nothing.
    const page = await send('GET', '/pets/search?query=name:rex&limit=2')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({
      object: 'search_result',
      has_more: expect.any(Boolean),
    })
    expect((page.body as { data: unknown[] }).data.length).toBeLessThanOrEqual(
      2,
    )
  })
})
