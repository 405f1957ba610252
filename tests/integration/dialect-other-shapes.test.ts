import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'
import { describedResponseErrors } from '../support/openapi-conformance.ts'

type Json = Record<string, unknown>

const FORM = 'application/x-www-form-urlencoded'

function serve(api: ApiDeclaration, base = '/v1') {
  const mock = createMockApi({ api })
  return async (
    method: string,
    path: string,
    body?: string | Json,
    headers: Record<string, string> = {},
  ) => {
    const form = typeof body === 'string'
    const response = await mock.fetch(
      new Request(`http://api.test${base}${path}`, {
        method,
        headers: {
          Authorization: 'Bearer sk_test_shapes',
          ...(body !== undefined && {
            'Content-Type': form ? FORM : 'application/json',
          }),
          ...headers,
        },
        ...(body !== undefined && {
          body: form ? body : JSON.stringify(body),
        }),
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

/** Customers as Stripe serves them: prefixed keys, `object`, form bodies, updates by POST. */
const customers = defineResource({
  schema: z.strictObject({
    id: z.string(),
    object: z.literal('customer'),
    created: z.number().int(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    balance: z.number().int(),
    delinquent: z.boolean(),
    metadata: z.record(z.string(), z.string()),
  }),
  create: {
    input: z.strictObject({
      name: z.string().max(256).optional(),
      email: z.email().optional(),
      balance: z.number().int().optional(),
      metadata: z.record(z.string(), z.string()).optional(),
    }),
    prepare: (ctx) => ({
      object: 'customer' as const,
      created: Math.floor(Date.parse(ctx.now()) / 1000),
      name: ctx.input.name ?? null,
      email: ctx.input.email ?? null,
      balance: ctx.input.balance ?? 0,
      delinquent: false,
      metadata: ctx.input.metadata ?? {},
    }),
  },
  replace: {
    input: z.strictObject({
      name: z.string().max(256).nullable(),
      email: z.email().nullable(),
      balance: z.number().int(),
      delinquent: z.boolean(),
      metadata: z.record(z.string(), z.string()),
    }),
    keep: ['object', 'created'],
    put: false,
  },
  patch: { method: 'POST' },
  links: false,
  filters: ['email'],
  seed: [
    {
      object: 'customer',
      created: 1767600000,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      balance: 0,
      delinquent: false,
      metadata: {},
    },
  ],
})

const stripeLike = defineApi({
  name: 'Payments',
  base: '/v1',
  tokens: { sk_test_shapes: { owns: 'all' } },
  validationStatus: 400,
  prefer: false,
  dialect: {
    keys: { generate: { prefix: 'cus_' } },
    envelope: {
      items: 'data',
      hasMore: 'has_more',
      url: 'url',
      constants: { object: 'list' },
    },
    paging: {
      style: 'after',
      params: { perPage: 'limit' },
      defaultPerPage: 10,
    },
    bodies: [FORM],
    deleted: { members: ['id', 'object'], constants: { deleted: true } },
  },
  resources: { customers },
  errorBody: (problem) => ({
    error: {
      type:
        problem.status === 401
          ? 'authentication_error'
          : 'invalid_request_error',
      code: problem.type.split('/').at(-1),
      message: problem.detail,
      ...(problem.errors?.[0]?.field && { param: problem.errors[0].field }),
    },
  }),
})

describe('a Stripe-like dialect', () => {
  it('creates from a form body, its strings read by the schema, nested by brackets', async () => {
    const send = serve(stripeLike)
    const created = await send(
      'POST',
      '/customers',
      'name=Grace+Hopper&balance=250&metadata[plan]=pro',
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^cus_[A-Za-z0-9]{14}$/),
      object: 'customer',
      name: 'Grace Hopper',
      balance: 250,
      metadata: { plan: 'pro' },
    })
    expect(created.body).not.toHaveProperty('_links')
    // Not a number: the string stays a string, and validation names it.
    const wrong = await send('POST', '/customers', 'balance=lots&email=nope')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'validation-failed',
        message: expect.any(String),
        param: expect.stringMatching(/^(balance|email)$/),
      },
    })
    // JSON is not what this API takes.
    const json = await send('POST', '/customers', { name: 'Json' })
    expect(json.status).toBe(415)
    expect(json.headers.get('Accept-Post')).toBe(FORM)
  })

  it('updates by POST on the item, merging metadata, and refuses server-set members', async () => {
    const send = serve(stripeLike)
    const { body: ada } = await send(
      'POST',
      '/customers',
      'name=Ada&metadata[plan]=pro',
    )
    const updated = await send(
      'POST',
      `/customers/${ada.id as string}`,
      'metadata[team]=engines&balance=-50&delinquent=true',
    )
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      id: ada.id,
      object: 'customer',
      created: ada.created,
      name: 'Ada',
      balance: -50,
      delinquent: true,
      metadata: { plan: 'pro', team: 'engines' },
    })
    const refused = await send(
      'POST',
      `/customers/${ada.id as string}`,
      'created=5',
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ param: 'created' })
    // No PUT: an update is a POST on the item.
    const put = await send('PUT', `/customers/${ada.id as string}`, 'name=X')
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toContain('POST')
    expect(put.headers.get('Allow')).not.toContain('PUT')
  })

  it('lists as { object, url, data, has_more }, paged after a key', async () => {
    const send = serve(stripeLike)
    for (const name of ['B', 'C', 'D'])
      await send('POST', '/customers', `name=${name}`)
    const first = await send('GET', '/customers?limit=3')
    expect(first.body).toEqual({
      object: 'list',
      url: '/v1/customers',
      data: expect.any(Array),
      has_more: true,
    })
    const data = first.body.data as Json[]
    expect(data).toHaveLength(3)
    const rest = await send(
      'GET',
      `/customers?limit=3&starting_after=${data[2]!.id as string}`,
    )
    expect(rest.body).toMatchObject({ object: 'list', has_more: false })
    expect(rest.body.data).toHaveLength(1)
  })

  it('answers a delete with { id, object, deleted: true }, and then a 404 in its own error shape', async () => {
    const send = serve(stripeLike)
    const { body: ada } = await send('POST', '/customers', 'name=Ada')
    const deleted = await send('DELETE', `/customers/${ada.id as string}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({
      id: ada.id,
      object: 'customer',
      deleted: true,
    })
    const gone = await send('GET', `/customers/${ada.id as string}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'not-found',
    })
  })

  it('replays a create sent again with its Idempotency-Key', async () => {
    const send = serve(stripeLike)
    const key = { 'Idempotency-Key': 'create-grace-1' }
    const first = await send('POST', '/customers', 'name=Grace', key)
    const again = await send('POST', '/customers', 'name=Grace', key)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(first.body.id)
    const listed = await send('GET', '/customers?limit=100')
    expect(
      (listed.body.data as Json[]).filter((c) => c.name === 'Grace'),
    ).toHaveLength(1)
  })

  it('describes the form bodies, the update by POST, the list and the delete answer', async () => {
    const send = serve(stripeLike)
    const { body: document } = await send('GET', '/openapi.json')
    const paths = document.paths as Record<string, Record<string, Json>>
    const collection = paths['/v1/customers']!
    const item = paths['/v1/customers/{id}']!
    expect(Object.keys(item).sort()).toEqual(
      expect.arrayContaining(['get', 'post', 'delete']),
    )
    // PUT is described only as refused (405 with Allow).
    expect(item.put).toMatchObject({ 'x-hypermock-not-allowed': true })
    expect(item.get!.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'id',
          schema: expect.objectContaining({ type: 'string' }),
        }),
      ]),
    )
    const content = (operation: Json) =>
      Object.keys((operation.requestBody as { content: Json }).content)
    expect(content(collection.post!)).toEqual([FORM])
    expect(content(item.post!)).toEqual(
      expect.arrayContaining(['application/merge-patch+json', FORM]),
    )
    const schemas = (document.components as { schemas: Json })
      .schemas as Record<string, Json>
    const list = Object.values(schemas).find(
      (schema) =>
        (schema.properties as Json | undefined)?.has_more !== undefined,
    )!
    expect(list.properties).toMatchObject({
      object: { const: 'list' },
      url: { type: 'string' },
      has_more: { type: 'boolean' },
    })
    const answer = (
      (item.delete!.responses as Json)['200'] as {
        content: Record<string, { schema: Json }>
      }
    ).content['application/json']!.schema
    expect(answer).toMatchObject({
      properties: { deleted: { const: true }, id: { type: 'string' } },
      required: expect.arrayContaining(['id', 'object', 'deleted']),
    })
  })
})

it('updates through GraphQL over the same state, by the method the API updates with', async () => {
  const send = serve(stripeLike)
  const { body: ada } = await send('POST', '/customers', 'name=Ada')
  const updated = await send('POST', '/graphql', {
    query: `mutation { updateCustomer(id: "${ada.id as string}", patch: { name: "Ada King" }) { id name } }`,
  })
  expect(updated.body).toEqual({
    data: { updateCustomer: { id: ada.id, name: 'Ada King' } },
  })
  expect(
    (await send('GET', `/customers/${ada.id as string}`)).body,
  ).toMatchObject({ name: 'Ada King' })
})

describe('the description of a Stripe-like API', () => {
  it('is a valid OpenAPI 3.1 document, and each answer is what it describes', async () => {
    const mock = createMockApi({ api: stripeLike })
    const document = await (
      await mock.fetch(new Request('http://api.test/v1/openapi.json'))
    ).json()
    const result = await validate(document as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)

    const send = (method: string, path: string, body?: string) =>
      mock.fetch(
        new Request(`http://api.test/v1${path}`, {
          method,
          headers: {
            Authorization: 'Bearer sk_test_shapes',
            ...(body !== undefined && { 'Content-Type': FORM }),
          },
          ...(body !== undefined && { body }),
        }),
      )
    const check = async (method: string, path: string, body?: string) => {
      const response = await send(method, path, body)
      const copy = response.clone()
      expect(
        await describedResponseErrors(
          '/v1',
          method,
          `/v1${path}`,
          response,
          stripeLike,
        ),
        `${method} ${path} → ${response.status}`,
      ).toEqual([])
      return (await copy.json()) as Json
    }
    const created = await check(
      'POST',
      '/customers',
      'name=Grace&metadata[plan]=pro',
    )
    const id = created.id as string
    await check('GET', '/customers?limit=1')
    await check('POST', `/customers/${id}`, 'balance=5')
    await check('POST', '/customers', 'balance=lots')
    await check('DELETE', `/customers/${id}`)
  })
})

/** A `{ data }` list with numbered pages and totals, as reqres.in and many Laravel APIs answer. */
const users = defineApi({
  name: 'Users',
  base: '/api',
  auth: false,
  dialect: {
    envelope: {
      items: 'data',
      page: 'page',
      perPage: 'per_page',
      total: 'total',
      pages: 'total_pages',
      offset: 'from',
    },
    paging: { style: 'page', params: { perPage: 'per_page' } },
    item: { member: 'data' },
  },
  resources: {
    users: defineResource({
      schema: z.strictObject({ id: z.number().int(), name: z.string() }),
      links: false,
      seed: Array.from({ length: 7 }, (_, i) => ({ name: `User ${i + 1}` })),
    }),
  },
})

describe('a { data } dialect with numbered pages', () => {
  it('answers page, per_page, total and total_pages beside the records', async () => {
    const send = serve(users, '/api')
    const second = await send('GET', '/users?page=2&per_page=3')
    expect(second.body).toEqual({
      data: [
        { id: 4, name: 'User 4' },
        { id: 5, name: 'User 5' },
        { id: 6, name: 'User 6' },
      ],
      page: 2,
      per_page: 3,
      total: 7,
      total_pages: 3,
      from: 3,
    })
    expect(second.headers.get('Link')).toContain('rel="next"')
    const read = await send('GET', '/users/2')
    expect(read.body).toEqual({ data: { id: 2, name: 'User 2' } })
  })
})

/** `{ items, total, offset, limit }`, a key in `Authorization: Token token=…`, a tenant header. */
const teams = defineApi({
  name: 'Teams',
  base: '/api',
  auth: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    prefix: 'Token token=',
  },
  tokens: { 'key-1': { owns: 'all' } },
  validationStatus: 400,
  requiredHeaders: ['X-Tenant'],
  dialect: {
    envelope: {
      items: 'items',
      total: 'total',
      offset: 'offset',
      perPage: 'limit',
    },
    paging: { style: 'offset', params: { perPage: 'limit' } },
    item: { member: 'team' },
  },
  resources: {
    teams: defineResource({
      schema: z.strictObject({ id: z.number().int(), name: z.string() }),
      links: false,
      seed: Array.from({ length: 5 }, (_, i) => ({ name: `Team ${i + 1}` })),
    }),
  },
})

describe('an offset dialect that echoes its window', () => {
  it('answers items, total, offset and limit', async () => {
    const send = serve(teams, '/api')
    const page = await send('GET', '/teams?offset=3&limit=2', undefined, {
      Authorization: 'Token token=key-1',
      'X-Tenant': 'acme',
    })
    expect(page.status).toBe(200)
    expect(page.body).toEqual({
      items: [
        { id: 4, name: 'Team 4' },
        { id: 5, name: 'Team 5' },
      ],
      total: 5,
      offset: 3,
      limit: 2,
    })
  })
})

it('lists every mistake of the new dialect options at once, each with its path', () => {
  let errors: { field: string; message: string }[] = []
  try {
    createMockApi({
      api: defineApi({
        name: 'Wrong',
        auth: false,
        dialect: {
          // @ts-expect-error: not a body type the engine reads, past the types
          bodies: ['text/csv'],
          deleted: { members: ['id', 'gone'] },
          paging: 'after',
          envelope: {
            items: 'data',
            pages: 'total_pages',
            // @ts-expect-error: a constant is a scalar, past the types
            constants: { object: { nested: true } },
          },
        },
        resources: {
          things: defineResource({
            schema: z.strictObject({ id: z.number(), name: z.string() }),
            // @ts-expect-error: an update is a PATCH or a POST, past the types
            patch: { method: 'PUT' },
            replace: {
              // @ts-expect-error: put is a boolean, past the types
              put: 'no',
            },
            dialect: {
              deleted: {
                members: ['nope'],
                // @ts-expect-error: a constant is a scalar, past the types
                constants: { deleted: [true] },
              },
            },
          }),
          others: defineResource({
            schema: z.strictObject({ id: z.number() }),
            replace: { put: false },
          }),
        },
      }),
    })
  } catch (error) {
    expect(isInvalidDeclarationError(error)).toBe(true)
    errors = (error as { errors: typeof errors }).errors
  }
  expect(errors.map((e) => e.field).sort()).toEqual(
    [
      'dialect.bodies[0]',
      'dialect.envelope.pages',
      'dialect.envelope.constants.object',
      'dialect.deleted.members[1]',
      'resources.things.patch.method',
      'resources.things.replace.put',
      'resources.others.replace.put',
      'resources.things.dialect.deleted.members[0]',
      'resources.things.dialect.deleted.constants.deleted',
    ].sort(),
  )
})
