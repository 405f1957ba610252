import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own whose reads wrap each gateway in `{ "gateway": { … } }` while its
 * writes answer otherwise, as DigitalOcean's and Discourse's do: the create answers the gateway
 * beside a token that has an `id` of its own, the replace answers the key and a version alone,
 * and the patch answers `{ "success": "OK" }`.
 */
const gateway = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1 },
    size: { type: 'integer', minimum: 1 },
  },
}
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    size: { type: 'integer', minimum: 1 },
  },
}
const wrapped = {
  type: 'object',
  required: ['gateway'],
  properties: { gateway: { $ref: '#/components/schemas/Gateway' } },
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
  info: { title: 'Gateways', version: '1' },
  servers: [{ url: 'https://gateways.example/v2' }],
  components: { schemas: { Gateway: gateway, GatewayInput: input } },
  paths: {
    '/gateways': {
      get: {
        responses: answer('200', {
          type: 'object',
          required: ['gateways'],
          properties: {
            gateways: {
              type: 'array',
              items: { $ref: '#/components/schemas/Gateway' },
            },
          },
        }),
      },
      post: {
        requestBody: body({ $ref: '#/components/schemas/GatewayInput' }),
        responses: answer('201', {
          type: 'object',
          required: ['gateway', 'token'],
          properties: {
            gateway: { $ref: '#/components/schemas/Gateway' },
            token: {
              type: 'object',
              required: ['id', 'value'],
              properties: {
                id: { type: 'string' },
                value: { type: 'string', minLength: 8 },
              },
            },
          },
        }),
      },
    },
    '/gateways/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      ],
      get: { responses: answer('200', wrapped) },
      put: {
        requestBody: body({ $ref: '#/components/schemas/GatewayInput' }),
        responses: answer('200', {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'version'],
          properties: {
            id: { type: 'string' },
            version: { type: 'integer', minimum: 1 },
          },
        }),
      },
      patch: {
        requestBody: body({ $ref: '#/components/schemas/GatewayInput' }),
        responses: answer('200', {
          type: 'object',
          additionalProperties: false,
          required: ['success'],
          properties: { success: { type: 'string', enum: ['OK'] } },
        }),
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
  },
}

function client(
  options: Parameters<typeof createOpenApiMock>[0] = {
    openapi,
    overrides: { count: 3 },
  },
) {
  const api = createOpenApiMock(options)
  return async (
    method: string,
    url: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`https://gateways.example/v2${url}`, {
        method,
        headers: {
          Authorization: 'Bearer gateways',
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
      etag: response.headers.get('ETag'),
      body: (text ? JSON.parse(text) : undefined) as Json,
    }
  }
}

describe('a record its reads wrap, its writes answering otherwise: served by the engine', () => {
  it('emits a declared resource in its item envelope, and no routes of its own', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources.gateways?.dialect).toEqual({
      item: { member: 'gateway' },
    })
    expect(
      report.operations
        .map((op) => `${op.method} ${op.path} ${op.servedAs}`)
        .sort(),
    ).toEqual([
      'DELETE /gateways/{id} delete',
      'GET /gateways list',
      'GET /gateways/{id} read',
      'PATCH /gateways/{id} merge patch',
      'POST /gateways create',
      'PUT /gateways/{id} replace',
    ])
  })

  it('answers each write in its own schema, and keeps what each write changes', async () => {
    const send = client()
    const created = await send('POST', '/gateways', { name: 'Edge', size: 2 })
    expect(created.status).toBe(201)
    expect(Object.keys(created.body).sort()).toEqual(['gateway', 'token'])
    const made = created.body.gateway as Json
    expect(made).toMatchObject({ name: 'Edge', size: 2 })
    const id = made.id as string
    expect(created.headers.get('Location')).toBe(
      `/v2/gateways/${encodeURIComponent(id)}`,
    )
    const token = created.body.token as Json
    expect(token.id).toEqual(expect.any(String))
    expect((token.value as string).length).toBeGreaterThanOrEqual(8)

    const read = await send('GET', `/gateways/${encodeURIComponent(id)}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual({ gateway: made })
    const etag = read.headers.get('ETag')!

    // The replace answers the key it replaced and a version, nothing of the record.
    const replaced = await send('PUT', `/gateways/${encodeURIComponent(id)}`, {
      name: 'Core',
    })
    expect(replaced.status).toBe(200)
    expect(Object.keys(replaced.body).sort()).toEqual(['id', 'version'])
    expect(replaced.body.id).toBe(id)
    expect(replaced.body.version).toEqual(expect.any(Number))
    expect(
      (await send('GET', `/gateways/${encodeURIComponent(id)}`)).body,
    ).toEqual({ gateway: { id, name: 'Core' } })
    expect(
      (
        await send(
          'PATCH',
          `/gateways/${encodeURIComponent(id)}`,
          { size: 9 },
          { 'If-Match': etag },
        )
      ).status,
      'the ETag before the replace is stale',
    ).toBe(412)

    const patched = await send('PATCH', `/gateways/${encodeURIComponent(id)}`, {
      size: 9,
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ success: 'OK' })
    expect(
      (await send('GET', `/gateways/${encodeURIComponent(id)}`)).body,
    ).toEqual({ gateway: { id, name: 'Core', size: 9 } })

    const listed = await send('GET', '/gateways')
    expect((listed.body.gateways as Json[]).map((g) => g.id)).toContain(id)

    const refused = await send('POST', '/gateways', { name: '', size: 0 })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/name', '#/size'])
    expect(
      (await send('GET', '/gateways')).body.gateways as Json[],
      'a refused create stores nothing',
    ).toHaveLength(4)

    expect(
      (await send('DELETE', `/gateways/${encodeURIComponent(id)}`)).status,
    ).toBe(204)
    expect(
      (await send('GET', `/gateways/${encodeURIComponent(id)}`)).status,
    ).toBe(404)
  })
})

describe('a record its answers wrap, updated by POST on its item with the bare members', () => {
  // DigitalOcean's sink destinations: `POST /destinations/{uuid}` takes the create's body and
  // answers `{ "destination": { … } }`.
  const byPost = structuredClone(openapi)
  const item: Record<string, unknown> = byPost.paths['/gateways/{id}']
  delete item.put
  delete item.patch
  item.post = {
    requestBody: body({ $ref: '#/components/schemas/GatewayInput' }),
    responses: answer('200', wrapped),
  }

  it("is the engine's update, with the ETag its reads give", async () => {
    const { api: declared, report } = importOpenApi(byPost)
    expect(declared.routes ?? []).toEqual([])
    expect(declared.resources.gateways?.patch).toMatchObject({
      method: 'POST',
    })
    expect(
      report.operations.find(
        (op) => op.method === 'POST' && op.path !== '/gateways',
      )?.servedAs,
    ).toBe('merge patch')

    const send = client({ openapi: byPost })
    const made = (await send('POST', '/gateways', { name: 'Edge', size: 2 }))
      .body.gateway as Json
    const at = `/gateways/${encodeURIComponent(made.id as string)}`
    const first = (await send('GET', at)).etag!
    const updated = await send(
      'POST',
      at,
      { name: 'Core' },
      { 'If-Match': first },
    )
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({
      gateway: { id: made.id, name: 'Core', size: 2 },
    })
    const read = await send('GET', at)
    expect(read.body).toEqual(updated.body)
    expect(read.etag).toBe(updated.etag)
    expect(
      (await send('POST', at, { size: 3 }, { 'If-Match': first })).status,
    ).toBe(412)
    const refused = await send('POST', at, { size: 0 })
    expect(refused.status).toBe(422)
    expect((await send('GET', at)).body).toEqual(updated.body)
  })
})
