import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

const json = (schema: unknown) => ({
  content: { 'application/json': { schema } },
})
const param = (name: string, type = 'integer') => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
})
const ok = (schema: unknown, status = '200') => ({
  responses: { [status]: { description: 'ok', ...json(schema) } },
})
const body = (schema: unknown) => ({
  requestBody: { required: true, ...json(schema) },
})

/** A collection's operations, at `at` and `at/{item}`, its record `ref`, written in `input`. */
function collection(
  at: string,
  item: string,
  parents: string[],
  ref: string,
  input: unknown,
  updateByPost = false,
) {
  const record = { $ref: `#/components/schemas/${ref}` }
  return {
    [at]: {
      parameters: parents.map((p) => param(p)),
      get: ok({ type: 'array', items: record }),
      post: { ...body(input), ...ok(record, '201') },
    },
    [`${at}/{${item}}`]: {
      parameters: [...parents.map((p) => param(p)), param(item)],
      get: ok(record),
      put: { ...body(input), ...ok(record) },
      // An update by POST on the item, as Stripe's.
      ...(updateByPost && { post: { ...body(input), ...ok(record) } }),
      delete: { responses: { '204': { description: 'gone' } } },
    },
  }
}

/**
 * Customers, their payment sources (whose record names its customer) and their notes (whose
 * record does not).
 */
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Billing', version: '1' },
  components: {
    schemas: {
      Customer: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
        },
        example: { id: 1, name: 'Ada' },
      },
      Source: {
        type: 'object',
        required: ['id', 'brand'],
        properties: {
          id: { type: 'integer', readOnly: true },
          customer: { type: 'integer', readOnly: true },
          brand: { type: 'string' },
        },
      },
      Note: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'text'],
        properties: {
          id: { type: 'integer', readOnly: true },
          text: { type: 'string' },
        },
      },
    },
  },
  paths: {
    ...collection('/customers', 'customer', [], 'Customer', {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
    }),
    ...collection(
      '/customers/{customer}/sources',
      'id',
      ['customer'],
      'Source',
      {
        type: 'object',
        required: ['brand'],
        properties: { brand: { type: 'string' } },
      },
      true,
    ),
    ...collection('/customers/{customer}/notes', 'note', ['customer'], 'Note', {
      type: 'object',
      required: ['text'],
      properties: { text: { type: 'string' } },
    }),
  },
}

function serve() {
  const api = createOpenApiMock({ openapi, overrides: { count: 2 } })
  return async (
    method: string,
    path: string,
    sent?: Json,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          ...headers,
          ...(sent && { 'Content-Type': 'application/json' }),
        },
        ...(sent && { body: JSON.stringify(sent) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

describe('an imported nested collection (/customers/{customer}/sources)', () => {
  it('is declared as the engine serves it: its path, and each parameter bound to a member', () => {
    const { api, report } = importOpenApi(openapi)
    const sources = Object.values(api.resources).find(
      (r) => r.path === '/customers/{customer}/sources',
    )
    expect(sources?.parents).toEqual({
      customer: { field: 'customer', to: 'customers' },
    })
    const notes = Object.values(api.resources).find(
      (r) => r.path === '/customers/{customer}/notes',
    )
    // The note names no customer: a member of ours holds it, never shown.
    expect(notes?.parents).toEqual({
      customer: { field: '_parent_customer', to: 'customers' },
    })
    expect(notes?.hidden).toContain('_parent_customer')
    expect(
      report.operations
        .filter((o) => o.path.startsWith('/customers/{customer}/'))
        .map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual([
      'GET /customers/{customer}/sources list',
      'POST /customers/{customer}/sources create',
      'GET /customers/{customer}/sources/{id} read',
      'PUT /customers/{customer}/sources/{id} replace',
      'POST /customers/{customer}/sources/{id} merge patch',
      'DELETE /customers/{customer}/sources/{id} delete',
      'GET /customers/{customer}/notes list',
      'POST /customers/{customer}/notes create',
      'GET /customers/{customer}/notes/{note} read',
      'PUT /customers/{customer}/notes/{note} replace',
      'DELETE /customers/{customer}/notes/{note} delete',
    ])
  })

  it('creates under the customer the path names, and serves each row only there', async () => {
    const send = serve()
    const created = await send('POST', '/customers/1/sources', {
      brand: 'visa',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ customer: 1, brand: 'visa' })
    const id = created.body.id as number
    expect(created.headers.get('Location')).toBe(`/customers/1/sources/${id}`)
    await send('POST', '/customers/2/sources', { brand: 'amex' })
    const ofAda = await send('GET', '/customers/1/sources')
    expect((ofAda.body as unknown as Json[]).map((s) => s.brand)).toEqual([
      'visa',
    ])
    // Another customer's row does not exist under this one, whatever the method.
    for (const method of ['GET', 'PUT', 'POST', 'DELETE'])
      expect(
        (
          await send(
            method,
            `/customers/2/sources/${id}`,
            method === 'PUT' || method === 'POST' ? { brand: 'x' } : undefined,
          )
        ).status,
        method,
      ).toBe(404)
    const updated = await send('POST', `/customers/1/sources/${id}`, {
      brand: 'amex',
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ id, customer: 1, brand: 'amex' })
    const replaced = await send('PUT', `/customers/1/sources/${id}`, {
      brand: 'jcb',
    })
    expect(replaced.body).toMatchObject({ id, customer: 1, brand: 'jcb' })
    expect((await send('DELETE', `/customers/1/sources/${id}`)).status).toBe(
      204,
    )
    expect((await send('GET', `/customers/1/sources/${id}`)).status).toBe(404)
  })

  it('answers 404 under a customer that does not exist', async () => {
    const send = serve()
    expect((await send('GET', '/customers/99/sources')).status).toBe(404)
    expect(
      (await send('POST', '/customers/99/sources', { brand: 'visa' })).status,
    ).toBe(404)
    expect((await send('GET', '/customers/99/notes/1')).status).toBe(404)
  })

  it('keeps a note with its customer where its record has no member for it, and never shows ours', async () => {
    const send = serve()
    const created = await send('POST', '/customers/2/notes', { text: 'VIP' })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ id: created.body.id, text: 'VIP' })
    expect(
      (await send('GET', `/customers/2/notes/${String(created.body.id)}`)).body,
    ).toEqual(created.body)
    expect((await send('GET', '/customers/1/notes')).body).toEqual([])
  })

  it("answers conditional requests with the item's ETag, as every engine item", async () => {
    const send = serve()
    const created = await send('POST', '/customers/1/sources', {
      brand: 'visa',
    })
    const at = created.headers.get('Location')!
    const etag = created.headers.get('ETag')!
    expect(etag).toMatch(/^".+"$/)
    expect(
      (await send('GET', at, undefined, { 'If-None-Match': etag })).status,
    ).toBe(304)
    expect(
      (await send('PUT', at, { brand: 'amex' }, { 'If-Match': '"stale"' }))
        .status,
    ).toBe(412)
    expect(
      (await send('PUT', at, { brand: 'amex' }, { 'If-Match': etag })).status,
    ).toBe(200)
  })

  it('describes the nested paths with their parameters', async () => {
    const send = serve()
    const description = await send('GET', '/openapi.json')
    const paths = description.body.paths as Record<string, Json>
    const read = paths['/customers/{customer}/sources/{id}']?.get as
      | { parameters: Json[] }
      | undefined
    expect(read?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'customer',
          in: 'path',
          schema: { type: 'integer' },
        }),
      ]),
    )
  })
})
