import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

const FORM = 'application/x-www-form-urlencoded'
const json = (schema: unknown) => ({
  content: { 'application/json': { schema } },
})
const form = (schema: unknown) => ({
  requestBody: { required: true, content: { [FORM]: { schema } } },
})
const customer = { $ref: '#/components/schemas/Customer' }
const input = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    balance: { type: 'integer' },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    shipping: { $ref: '#/components/schemas/Shipping' },
  },
}

/** Customers as Stripe writes them: form bodies, `{ object, data, has_more, url }` lists, delete stubs. */
const openapi = {
  openapi: '3.0.0',
  info: { title: 'Payments', version: '1' },
  servers: [{ url: 'https://api.payments.test/v1' }],
  components: {
    schemas: {
      Address: { type: 'object', properties: { floor: { type: 'integer' } } },
      Shipping: {
        allOf: [
          {
            type: 'object',
            properties: {
              address: { $ref: '#/components/schemas/Address' },
              gift: { type: 'boolean' },
            },
          },
        ],
      },
      Customer: {
        type: 'object',
        required: ['id', 'object', 'balance'],
        properties: {
          id: { type: 'string' },
          object: { type: 'string', enum: ['customer'] },
          name: { type: 'string', nullable: true },
          balance: { type: 'integer' },
          metadata: {
            type: 'object',
            additionalProperties: { type: 'string' },
          },
          shipping: { $ref: '#/components/schemas/Shipping' },
        },
      },
    },
  },
  paths: {
    '/customers': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'starting_after', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'a page',
            ...json({
              type: 'object',
              required: ['object', 'data', 'has_more', 'url'],
              properties: {
                object: { type: 'string', enum: ['list'] },
                data: { type: 'array', items: customer },
                has_more: { type: 'boolean' },
                url: { type: 'string' },
              },
            }),
          },
        },
      },
      post: {
        ...form(input),
        responses: { '200': { description: 'made', ...json(customer) } },
      },
    },
    '/customers/{customer}': {
      parameters: [
        {
          name: 'customer',
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
      ],
      get: { responses: { '200': { description: 'one', ...json(customer) } } },
      delete: {
        responses: {
          '200': {
            description: 'gone',
            ...json({
              type: 'object',
              required: ['id', 'object', 'deleted'],
              properties: {
                id: { type: 'string' },
                object: { type: 'string', enum: ['customer'] },
                deleted: { type: 'boolean', enum: [true] },
              },
            }),
          },
        },
      },
    },
  },
}

function serve() {
  const api = createOpenApiMock({ openapi, overrides: { count: 3 } })
  return async (
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`https://api.payments.test/v1${path}`, {
        method,
        headers: {
          Authorization: 'Bearer test',
          ...headers,
          ...(body !== undefined && { 'Content-Type': FORM }),
        },
        ...(body !== undefined && { body }),
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

describe('an imported collection whose writes are forms', () => {
  it('is an engine resource that takes forms, its list members and delete stub in its dialect', () => {
    const { api } = importOpenApi(openapi)
    const customers = api.resources.customers
    expect(customers?.tableOnly).toBeUndefined()
    expect(customers?.dialect?.bodies).toEqual([FORM, 'application/json'])
    expect(customers?.dialect?.deleted).toEqual({
      members: ['id'],
      constants: { object: 'customer', deleted: true },
    })
  })

  it('creates from a form, its strings read by the schema, and lists and deletes as the description draws', async () => {
    const send = serve()
    const created = await send(
      'POST',
      '/customers',
      'name=Ada&balance=12&metadata[plan]=pro&shipping[address][floor]=3&shipping[gift]=true',
    )
    expect(created.status).toBe(200)
    // Members are read by schemas the body names through the description's components.
    expect(created.body).toMatchObject({
      object: 'customer',
      name: 'Ada',
      balance: 12,
      metadata: { plan: 'pro' },
      shipping: { address: { floor: 3 }, gift: true },
    })
    const refused = await send('POST', '/customers', 'balance=lots')
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.body)).toContain('#/balance')
    const first = await send('GET', '/customers?limit=2')
    expect(first.body).toMatchObject({
      object: 'list',
      has_more: true,
      url: '/v1/customers',
    })
    const page = first.body.data as Json[]
    expect(page).toHaveLength(2)
    const next = await send(
      'GET',
      `/customers?limit=2&starting_after=${String(page[1]!.id)}`,
    )
    expect((next.body.data as Json[])[0]!.id).not.toBe(page[0]!.id)
    const id = created.body.id as string
    expect(await send('DELETE', `/customers/${id}`)).toMatchObject({
      status: 200,
      body: { id, object: 'customer', deleted: true },
    })
    expect((await send('GET', `/customers/${id}`)).status).toBe(404)
  })

  it("answers conditional reads with the item's ETag", async () => {
    const send = serve()
    const created = await send('POST', '/customers', 'name=Grace')
    const etag = created.headers.get('ETag')!
    const at = `/customers/${String(created.body.id)}`
    expect((await send('GET', at)).headers.get('ETag')).toBe(etag)
    expect(
      (await send('GET', at, undefined, { 'If-None-Match': etag })).status,
    ).toBe(304)
  })

  it('describes the form the create takes', async () => {
    const send = serve()
    const description = await send('GET', '/openapi.json')
    const paths = description.body.paths as Record<string, Json>
    const create = paths['/v1/customers']?.post as {
      requestBody?: { content: Json }
    }
    expect(Object.keys(create.requestBody?.content ?? {})).toContain(FORM)
  })
})
