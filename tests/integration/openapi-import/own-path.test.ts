import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own whose collections live at paths of several segments or spelt with
 * `_` (`/checkout/sessions`, `/payment_intents`): the engine serves them at those paths.
 */
const session = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'mode'],
  properties: {
    id: { type: 'integer', readOnly: true },
    mode: { type: 'string', enum: ['payment', 'setup'] },
  },
}
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: { mode: { type: 'string', enum: ['payment', 'setup'] } },
}
const intent = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'amount'],
  properties: {
    id: { type: 'integer', readOnly: true },
    amount: { type: 'integer', minimum: 1 },
  },
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
const item = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'integer' },
})
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Paths', version: '1' },
  servers: [{ url: 'https://pay.example/v1' }],
  components: { schemas: { Session: session, Intent: intent } },
  paths: {
    '/checkout/sessions': {
      get: {
        // An envelope with a member of its own the engine does not fill.
        responses: answer('200', {
          type: 'object',
          required: ['data', 'meta'],
          properties: {
            data: {
              type: 'array',
              items: { $ref: '#/components/schemas/Session' },
            },
            meta: {
              type: 'object',
              required: ['total'],
              properties: { total: { type: 'integer', minimum: 0 } },
            },
          },
        }),
      },
      post: {
        requestBody: body(input),
        responses: answer('201', { $ref: '#/components/schemas/Session' }),
      },
    },
    '/checkout/sessions/{session}': {
      parameters: [item('session')],
      get: {
        responses: answer('200', { $ref: '#/components/schemas/Session' }),
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
    '/payment_intents': {
      post: {
        requestBody: body({
          type: 'object',
          additionalProperties: false,
          required: ['amount'],
          properties: { amount: { type: 'integer', minimum: 1 } },
        }),
        // The create answers a member the record its read answers has not.
        responses: answer('201', {
          allOf: [
            { $ref: '#/components/schemas/Intent' },
            {
              type: 'object',
              required: ['client_secret'],
              properties: {
                client_secret: { type: 'string', pattern: '^pi_[a-z0-9]+$' },
              },
            },
          ],
        }),
      },
    },
    '/payment_intents/{intent}': {
      parameters: [item('intent')],
      get: {
        responses: answer('200', { $ref: '#/components/schemas/Intent' }),
      },
    },
  },
}

describe("an imported collection at a path of the description's own", () => {
  const { api, report } = importOpenApi(openapi)
  const mock = createOpenApiMock({ openapi, overrides: { count: 2 } })
  const send = async (method: string, path: string, sent?: Json) => {
    const response = await mock.fetch(
      new Request(`https://pay.example/v1${path}`, {
        method,
        headers: {
          Authorization: 'Bearer t',
          ...(sent && { 'Content-Type': 'application/json' }),
        },
        ...(sent && { body: JSON.stringify(sent) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      location: response.headers.get('Location'),
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }

  it('is declared as an engine resource at that path, every operation served with state', () => {
    expect(api.resources['checkout-sessions']).toMatchObject({
      path: '/checkout/sessions',
    })
    expect(api.resources['payment-intents']).toMatchObject({
      path: '/payment_intents',
    })
    expect(api.resources['checkout-sessions']!.tableOnly).toBeUndefined()
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual([
      'GET /checkout/sessions list',
      'POST /checkout/sessions create',
      'GET /checkout/sessions/{session} read',
      'DELETE /checkout/sessions/{session} delete',
      'POST /payment_intents create',
      'GET /payment_intents/{intent} read',
    ])
    expect(api.routes ?? []).toEqual([])
  })

  it('creates, reads, lists and deletes there, and refuses an invalid body', async () => {
    const created = await send('POST', '/checkout/sessions', { mode: 'setup' })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect(created.location).toBe(`/v1/checkout/sessions/${id}`)
    expect((await send('GET', `/checkout/sessions/${id}`)).body).toEqual(
      created.body,
    )
    const list = await send('GET', '/checkout/sessions')
    expect((list.body.data as Json[]).map((s) => s.id)).toContain(id)
    const refused = await send('POST', '/checkout/sessions', { mode: 'later' })
    expect(refused.status).toBe(422)
    expect((await send('DELETE', `/checkout/sessions/${id}`)).status).toBe(204)
    expect((await send('GET', `/checkout/sessions/${id}`)).status).toBe(404)
    const paid = await send('POST', '/payment_intents', { amount: 5 })
    expect(paid.location).toBe(`/v1/payment_intents/${String(paid.body.id)}`)
    expect(
      (await send('GET', `/payment_intents/${String(paid.body.id)}`)).body,
    ).toMatchObject({ amount: 5 })
  })
})

describe("the answers of an imported collection, in each operation's own schema", () => {
  const mock = createOpenApiMock({ openapi, overrides: { count: 2 } })
  const send = (method: string, path: string, sent?: Json) =>
    mock
      .fetch(
        new Request(`https://pay.example/v1${path}`, {
          method,
          headers: {
            Authorization: 'Bearer t',
            ...(sent && { 'Content-Type': 'application/json' }),
          },
          ...(sent && { body: JSON.stringify(sent) }),
        }),
      )
      .then(async (r) => ({ status: r.status, body: (await r.json()) as Json }))

  it('fills the members a list envelope requires and the engine has none of', async () => {
    const list = await send('GET', '/checkout/sessions')
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(2)
    expect((list.body.meta as Json).total).toEqual(expect.any(Number))
  })

  it('draws the members a create answers beyond the record, and the read answers the record', async () => {
    const created = await send('POST', '/payment_intents', { amount: 9 })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ amount: 9 })
    expect(created.body.client_secret).toMatch(/^pi_[a-z0-9]+$/)
    const read = await send(
      'GET',
      `/payment_intents/${String(created.body.id)}`,
    )
    expect(read.body).toEqual({ id: created.body.id, amount: 9 })
  })
})
