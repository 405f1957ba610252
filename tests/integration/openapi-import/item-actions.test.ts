import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

/**
 * Stripe's shape, small: charges read and updated by POST on the item, captured by
 * `POST /charges/{charge}/capture`, a receipt marked sent by `PUT` two segments below the item, a
 * dispute closed by `POST /charges/{charge}/dispute/close` (which answers the charge), and
 * refunded by a test helper at a path of its own (`POST /test_helpers/charges/{charge}/refund`); a
 * customer's sources verified below the customer, and made the default by
 * `POST /customers/{customer}/sources/{id}/mark_default` (which answers the source).
 */
const charge = {
  type: 'object',
  required: ['id', 'amount'],
  properties: {
    id: { type: 'string' },
    amount: { type: 'integer' },
    description: { type: 'string' },
  },
}
const source = {
  type: 'object',
  required: ['id', 'customer'],
  properties: { id: { type: 'string' }, customer: { type: 'string' } },
}
const body = (schema: unknown) => ({
  required: true,
  content: { 'application/json': { schema } },
})
const ok = (schema: unknown, example?: unknown) => ({
  '200': {
    description: 'ok',
    content: {
      'application/json': { schema, ...(example !== undefined && { example }) },
    },
  },
})
const param = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
})
const captured = {
  type: 'object',
  required: ['object', 'captured'],
  properties: {
    object: { type: 'string', enum: ['capture'] },
    captured: { type: 'boolean' },
  },
}
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Charges', version: '1' },
  servers: [{ url: 'https://pay.example/v1' }],
  paths: {
    '/charges': {
      get: {
        responses: ok({
          type: 'array',
          items: { $ref: '#/components/schemas/charge' },
        }),
      },
      post: {
        requestBody: body(charge),
        responses: ok({ $ref: '#/components/schemas/charge' }),
      },
    },
    '/charges/{charge}': {
      parameters: [param('charge')],
      get: { responses: ok({ $ref: '#/components/schemas/charge' }) },
      post: {
        requestBody: body({
          type: 'object',
          properties: { description: { type: 'string' } },
        }),
        responses: ok({ $ref: '#/components/schemas/charge' }),
      },
    },
    '/charges/{charge}/capture': {
      parameters: [param('charge')],
      post: {
        summary: 'Capture a charge',
        requestBody: body({
          type: 'object',
          properties: { amount: { type: 'integer' } },
        }),
        responses: ok(captured, { object: 'capture', captured: true }),
      },
    },
    '/charges/{charge}/receipt/sent': {
      parameters: [param('charge')],
      put: { responses: { '204': { description: 'marked' } } },
    },
    '/charges/{charge}/dispute/close': {
      parameters: [param('charge')],
      post: {
        responses: ok(
          { $ref: '#/components/schemas/charge' },
          { id: 'ch_closed', amount: 100 },
        ),
      },
    },
    '/test_helpers/charges/{charge}/refund': {
      parameters: [param('charge')],
      post: {
        summary: 'Refund a test charge',
        responses: ok({ $ref: '#/components/schemas/charge' }),
      },
    },
    '/customers/{customer}/sources': {
      parameters: [param('customer')],
      get: {
        responses: ok({
          type: 'array',
          items: { $ref: '#/components/schemas/source' },
        }),
      },
      post: {
        requestBody: body(source),
        responses: ok({ $ref: '#/components/schemas/source' }),
      },
    },
    '/customers/{customer}/sources/{id}': {
      parameters: [param('customer'), param('id')],
      get: { responses: ok({ $ref: '#/components/schemas/source' }) },
    },
    '/customers/{customer}/sources/{id}/verify': {
      parameters: [param('customer'), param('id')],
      post: { responses: { '204': { description: 'verified' } } },
    },
    '/customers/{customer}/sources/{id}/mark_default': {
      parameters: [param('customer'), param('id')],
      post: {
        requestBody: body({
          type: 'object',
          properties: { note: { type: 'string' } },
        }),
        responses: ok({ $ref: '#/components/schemas/source' }),
      },
    },
  },
  components: { schemas: { charge, source } },
}

function client(api: { fetch(request: Request): Promise<Response> }) {
  return async (
    method: string,
    url: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`https://pay.example/v1${url}`, {
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
      body: text ? (JSON.parse(text) as unknown) : undefined,
    }
  }
}

describe('imported actions on an item are the resource’s own item routes', () => {
  it('are declared on the resource, not as routes of their own, and reported as actions', () => {
    const { api, report } = importOpenApi(openapi)
    const paths = (api.routes ?? []).map((r) => `${r.method} ${r.path}`)
    expect(
      paths.filter((p) =>
        /capture|receipt|verify|dispute|mark_default|refund/.test(p),
      ),
    ).toEqual([])
    expect(
      api.resources.charges?.itemRoutes?.map(
        (r) => `${r.method} ${r.under ?? ''} ${r.path}`,
      ),
    ).toEqual([
      'POST  capture',
      'POST  dispute/close',
      'POST /test_helpers/charges refund',
      'PUT  receipt/sent',
    ])
    const sources = Object.values(api.resources).find((r) =>
      r.path?.endsWith('/sources'),
    )
    expect(sources?.itemRoutes?.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST verify',
      'POST mark_default',
    ])
    for (const path of [
      '/charges/{charge}/capture',
      '/charges/{charge}/receipt/sent',
      '/charges/{charge}/dispute/close',
      '/test_helpers/charges/{charge}/refund',
      '/customers/{customer}/sources/{id}/verify',
      '/customers/{customer}/sources/{id}/mark_default',
    ])
      expect(report.operations.find((o) => o.path === path)?.servedAs).toBe(
        'action',
      )
  })

  it('answer the described status and body on an item that exists, with the ETag its read gives', async () => {
    const send = client(createOpenApiMock({ openapi }))
    expect(
      (await send('POST', '/charges', { id: 'ch_1', amount: 500 })).status,
    ).toBe(200)
    const read = await send('GET', '/charges/ch_1')
    const capture = await send(
      'POST',
      '/charges/ch_1/capture',
      { amount: 400 },
      { 'If-Match': read.etag! },
    )
    expect(capture).toMatchObject({
      status: 200,
      etag: read.etag,
      body: { object: 'capture', captured: true },
    })
    const sent = await send('PUT', '/charges/ch_1/receipt/sent', undefined, {
      'If-Match': read.etag!,
    })
    expect(sent).toMatchObject({ status: 204, etag: read.etag })
  })

  it('answer 412 to an If-Match the item has moved on from, and 404 for an item that does not exist', async () => {
    const send = client(createOpenApiMock({ openapi }))
    await send('POST', '/charges', { id: 'ch_1', amount: 500 })
    const before = (await send('GET', '/charges/ch_1')).etag!
    const updated = await send('POST', '/charges/ch_1', { description: 'late' })
    expect(updated.status).toBe(200)
    expect(
      (await send('POST', '/charges/ch_1/capture', {}, { 'If-Match': before }))
        .status,
    ).toBe(412)
    expect(
      (
        await send(
          'POST',
          '/charges/ch_1/capture',
          {},
          { 'If-Match': updated.etag! },
        )
      ).status,
    ).toBe(200)
    expect((await send('POST', '/charges/ch_9/capture', {})).status).toBe(404)
    expect((await send('PUT', '/charges/ch_9/receipt/sent')).status).toBe(404)
    // The body is still validated by the operation's schema.
    expect(
      (await send('POST', '/charges/ch_1/capture', { amount: 'all' })).status,
    ).toBe(422)
  })

  it('find a nested item below the parent its path names only', async () => {
    const send = client(createOpenApiMock({ openapi }))
    const made = await send('POST', '/customers/cus_1/sources', {
      id: 'src_1',
      customer: 'cus_1',
    })
    expect(made.status).toBe(200)
    expect(
      (await send('POST', '/customers/cus_1/sources/src_1/verify')).status,
    ).toBe(204)
    expect(
      (await send('POST', '/customers/cus_2/sources/src_1/verify')).status,
    ).toBe(404)
  })

  it('act on the item when they answer a record: a path with "_" or several segments, below parents too', async () => {
    const send = client(createOpenApiMock({ openapi }))
    await send('POST', '/charges', { id: 'ch_1', amount: 500 })
    await send('POST', '/customers/cus_1/sources', {
      id: 'src_1',
      customer: 'cus_1',
    })
    const closed = await send('POST', '/charges/ch_1/dispute/close')
    expect(closed).toMatchObject({
      status: 200,
      etag: (await send('GET', '/charges/ch_1')).etag,
      body: { id: 'ch_closed', amount: 100 },
    })
    expect((await send('POST', '/charges/ch_9/dispute/close')).status).toBe(404)
    const marked = await send(
      'POST',
      '/customers/cus_1/sources/src_1/mark_default',
      { note: 'card' },
    )
    expect(marked.status).toBe(200)
    expect(marked.etag).toBe(
      (await send('GET', '/customers/cus_1/sources/src_1')).etag,
    )
    expect(
      (
        await send('POST', '/customers/cus_2/sources/src_1/mark_default', {
          note: 'card',
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await send('POST', '/customers/cus_1/sources/src_1/mark_default', {
          note: 7,
        })
      ).status,
    ).toBe(422)
  })

  it('act on an item at another path that names it (a test helper), as at its own', async () => {
    const send = client(createOpenApiMock({ openapi }))
    await send('POST', '/charges', { id: 'ch_1', amount: 500 })
    const etag = (await send('GET', '/charges/ch_1')).etag!
    const refunded = await send(
      'POST',
      '/test_helpers/charges/ch_1/refund',
      undefined,
      { 'If-Match': etag },
    )
    expect(refunded.status).toBe(200)
    expect(refunded.etag).toBe(etag)
    expect(refunded.body).toMatchObject({
      id: expect.any(String),
      amount: expect.any(Number),
    })
    expect(
      (await send('POST', '/test_helpers/charges/ch_9/refund')).status,
    ).toBe(404)
    expect(
      (
        await send('POST', '/test_helpers/charges/ch_1/refund', undefined, {
          'If-Match': '"stale"',
        })
      ).status,
    ).toBe(412)
  })
})
