import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'
import { corpusRoot, openApiCorpus } from '../../support/openapi-corpus.ts'

/**
 * Petstore 3's shape, small: a pet is read and deleted on its item (`/pet/{petId}`), replaced by
 * `PUT` on the collection and updated by `POST` on the item; a user is keyed by its username.
 */
const pet = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', format: 'int64' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'pending', 'sold'] },
  },
}
const user = {
  type: 'object',
  properties: {
    id: { type: 'integer', format: 'int64' },
    username: { type: 'string' },
    firstName: { type: 'string' },
  },
}
const body = (schema: unknown) => ({
  required: true,
  content: { 'application/json': { schema } },
})
const ok = (schema: unknown) => ({
  '200': {
    description: 'ok',
    content: { 'application/json': { schema } },
  },
})
const param = (name: string, type: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
})
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example/v3' }],
  paths: {
    '/pet': {
      post: { requestBody: body(pet), responses: ok(pet) },
      put: { requestBody: body(pet), responses: ok(pet) },
    },
    '/pet/{petId}': {
      parameters: [param('petId', 'integer')],
      get: { responses: ok(pet) },
      post: { requestBody: body(pet), responses: ok(pet) },
      delete: { responses: { '200': { description: 'deleted' } } },
    },
    '/user': { post: { requestBody: body(user), responses: ok(user) } },
    '/user/{username}': {
      parameters: [param('username', 'string')],
      get: { responses: ok(user) },
      put: { requestBody: body(user), responses: ok(user) },
      delete: { responses: { '200': { description: 'deleted' } } },
    },
  },
}

function client(api: { fetch(request: Request): Promise<Response> }) {
  return (
    method: string,
    url: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) =>
    api.fetch(
      new Request(`https://pets.example/v3${url}`, {
        method,
        headers: {
          ...(json !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(json !== undefined && { body: JSON.stringify(json) }),
      }),
    )
}

describe('one ETag for every imported item', () => {
  it('accepts the ETag of GET /pet/{petId} on PUT /pet, POST /pet/{petId} and DELETE', async () => {
    const send = client(createOpenApiMock({ openapi }))
    const rex = { id: 77, name: 'rex', status: 'available' }
    expect((await send('POST', '/pet', rex)).status).toBe(200)

    const read = await send('GET', '/pet/77')
    const first = read.headers.get('ETag')!
    expect(first).toBeTruthy()
    const replaced = await send(
      'PUT',
      '/pet',
      { ...rex, status: 'pending' },
      { 'If-Match': first },
    )
    expect(replaced.status).toBe(200)
    const second = replaced.headers.get('ETag')!
    expect(second).not.toBe(first)
    expect(
      (await send('GET', '/pet/77')).headers.get('ETag'),
      'the ETag a write answers is the one a read answers',
    ).toBe(second)

    // The first ETag is stale now: every write refuses it.
    const stale = { 'If-Match': first }
    expect((await send('PUT', '/pet', rex, stale)).status).toBe(412)
    expect((await send('POST', '/pet/77', rex, stale)).status).toBe(412)
    expect((await send('DELETE', '/pet/77', undefined, stale)).status).toBe(412)

    const updated = await send(
      'POST',
      '/pet/77',
      { ...rex, status: 'sold' },
      { 'If-Match': second },
    )
    expect(updated.status).toBe(200)
    const third = updated.headers.get('ETag')!
    expect(
      (await send('DELETE', '/pet/77', undefined, { 'If-Match': third }))
        .status,
    ).toBe(200)
    expect((await send('GET', '/pet/77')).status).toBe(404)
  })

  it('accepts the ETag of a record keyed by another member on each of its writes', async () => {
    const send = client(createOpenApiMock({ openapi }))
    const created = await send('POST', '/user', {
      id: 9005,
      username: 'ann',
      firstName: 'Ann',
    })
    expect(created.status).toBe(200)
    const etag = (await send('GET', '/user/ann')).headers.get('ETag')!
    const replaced = await send(
      'PUT',
      '/user/ann',
      { username: 'ann', firstName: 'Anne' },
      { 'If-Match': etag },
    )
    expect(replaced.status).toBe(200)
    expect(
      (await send('DELETE', '/user/ann', undefined, { 'If-Match': etag }))
        .status,
    ).toBe(412)
    expect(
      (
        await send('DELETE', '/user/ann', undefined, {
          'If-Match': replaced.headers.get('ETag')!,
        })
      ).status,
    ).toBe(200)
  })

  it('accepts the ETag of a record keyed by a member not named id, on each write the engine serves', async () => {
    const event = {
      type: 'object',
      required: ['eventId', 'name'],
      properties: {
        eventId: { type: 'string', format: 'uuid', readOnly: true },
        name: { type: 'string' },
        seats: { type: 'integer' },
      },
    }
    const input = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, seats: { type: 'integer' } },
    }
    const events = {
      openapi: '3.0.3',
      info: { title: 'Events', version: '1' },
      servers: [{ url: 'https://pets.example/v3' }],
      paths: {
        '/events': {
          post: { requestBody: body(input), responses: ok(event) },
        },
        '/events/{eventId}': {
          parameters: [param('eventId', 'string')],
          get: { responses: ok(event) },
          put: { requestBody: body(input), responses: ok(event) },
          patch: {
            requestBody: {
              required: true,
              content: { 'application/merge-patch+json': { schema: input } },
            },
            responses: ok(event),
          },
          delete: { responses: { '204': { description: 'deleted' } } },
        },
      },
    }
    // Served by the engine's own routes, keyed by eventId.
    expect(createOpenApiMock({ openapi: events }).declaration).toMatchObject({
      resources: { events: { dialect: { keys: { member: 'eventId' } } } },
    })
    const send = client(createOpenApiMock({ openapi: events }))
    const created = await send('POST', '/events', { name: 'Gala', seats: 9 })
    expect(created.status).toBe(200)
    const { eventId } = (await created.json()) as { eventId: string }
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/)
    const at = `/events/${eventId}`
    const first = (await send('GET', at)).headers.get('ETag')!
    expect(created.headers.get('ETag')).toBe(first)

    const replaced = await send(
      'PUT',
      at,
      { name: 'Gala', seats: 10 },
      { 'If-Match': first },
    )
    expect(replaced.status).toBe(200)
    const second = replaced.headers.get('ETag')!
    expect((await send('GET', at)).headers.get('ETag')).toBe(second)
    const stale = { 'If-Match': first }
    expect((await send('PUT', at, { name: 'Gala' }, stale)).status).toBe(412)
    expect(
      (
        await send(
          'PATCH',
          at,
          { seats: 1 },
          { ...stale, 'Content-Type': 'application/merge-patch+json' },
        )
      ).status,
    ).toBe(412)
    expect((await send('DELETE', at, undefined, stale)).status).toBe(412)

    const patched = await send(
      'PATCH',
      at,
      { seats: 11 },
      { 'If-Match': second, 'Content-Type': 'application/merge-patch+json' },
    )
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ eventId, seats: 11 })
    expect(
      (
        await send('DELETE', at, undefined, {
          'If-Match': patched.headers.get('ETag')!,
        })
      ).status,
    ).toBe(204)
    expect((await send('GET', at)).status).toBe(404)
  })

  const petstore3 = openApiCorpus()?.find((e) => e.folder === 'petstore3')
  it.skipIf(!petstore3)(
    `accepts Petstore 3's ETag of GET /pet/{petId} on PUT /pet (${corpusRoot})`,
    async () => {
      const document = await loadOpenApi(petstore3!.file)
      const api = createOpenApiMock({ openapi: document })
      const send = (method: string, url: string, json?: unknown, h = {}) =>
        api.fetch(
          new Request(`https://petstore3.swagger.io/api/v3${url}`, {
            method,
            headers: {
              Authorization: 'Bearer corpus',
              ...(json !== undefined && { 'Content-Type': 'application/json' }),
              ...h,
            },
            ...(json !== undefined && { body: JSON.stringify(json) }),
          }),
        )
      const rex = { id: 4711, name: 'rex', photoUrls: [], status: 'available' }
      expect((await send('POST', '/pet', rex)).status).toBe(200)
      const etag = (await send('GET', '/pet/4711')).headers.get('ETag')!
      const replaced = await send(
        'PUT',
        '/pet',
        { ...rex, status: 'sold' },
        { 'If-Match': etag },
      )
      expect(replaced.status).toBe(200)
      expect(
        (
          await send('DELETE', '/pet/4711', undefined, {
            'If-Match': replaced.headers.get('ETag')!,
          })
        ).status,
      ).toBe(200)
    },
  )
})
