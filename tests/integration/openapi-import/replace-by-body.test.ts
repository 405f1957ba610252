import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

/** Swagger Petstore's pets: replaced by PUT /pet with the id in the body, no PUT on the item. */
const pet = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'pending', 'sold'] },
  },
}
const json = { 'application/json': { schema: pet } }
const ok = { 200: { description: 'ok', content: json } }
const petId = {
  name: 'petId',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
}
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pet': {
      post: { requestBody: { content: json }, responses: ok },
      put: {
        requestBody: { content: json },
        responses: {
          ...ok,
          404: { description: 'Pet not found' },
          422: { description: 'Validation exception' },
        },
      },
    },
    '/pet/{petId}': {
      get: { parameters: [petId], responses: ok },
      delete: {
        parameters: [petId],
        responses: { 200: { description: 'deleted' } },
      },
    },
  },
}

function mock() {
  const api = createOpenApiMock({ openapi })
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await api.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          Authorization: 'Bearer pets',
          ...headers,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
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

describe('an imported PUT on the collection that replaces the record its body names', () => {
  it('is the resource’s replace.collection, with no route of the importer’s own', () => {
    const { api, report } = importOpenApi(openapi)
    expect((api.routes ?? []).map((r) => `${r.method} ${r.path}`)).toEqual([])
    expect(api.resources.pet!.replace).toMatchObject({
      put: false,
      collection: true,
    })
    const put = report.operations.find(
      (o) => o.method === 'PUT' && o.path === '/pet',
    )
    expect(put).toMatchObject({ servedAs: 'replace', resource: 'pet' })
  })

  it('replaces the pet its id names, with the ETag of its read, and refuses a stale one', async () => {
    const send = mock()
    const rex = { id: 77, name: 'rex', status: 'available' }
    expect((await send('POST', '/pet', rex)).status).toBe(200)
    const etag = (await send('GET', '/pet/77')).headers.get('ETag')!
    const replaced = await send(
      'PUT',
      '/pet',
      { ...rex, status: 'sold' },
      { 'If-Match': etag },
    )
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({ id: 77, status: 'sold' })
    const read = await send('GET', '/pet/77')
    expect(read.body).toMatchObject({ status: 'sold' })
    expect(read.headers.get('ETag')).toBe(replaced.headers.get('ETag'))
    const stale = await send('PUT', '/pet', rex, { 'If-Match': etag })
    expect(stale.status).toBe(412)
  })

  it('answers 404 for an id no pet has, and 422 for a body with no id or a bad member', async () => {
    const send = mock()
    expect(
      (await send('PUT', '/pet', { id: 123456, name: 'ghost' })).status,
    ).toBe(404)
    expect((await send('PUT', '/pet', { name: 'nobody' })).status).toBe(422)
    await send('POST', '/pet', { id: 78, name: 'rex' })
    const invalid = await send('PUT', '/pet', { id: 78, status: 'lost' })
    expect(invalid.status).toBe(422)
    expect((await send('GET', '/pet/78')).body).toMatchObject({ name: 'rex' })
  })

  it('is the engine’s beside an update by POST on the item that takes the same body, one ETag for both', async () => {
    const both = structuredClone(openapi)
    const paths: Record<string, Record<string, unknown>> = both.paths
    paths['/pet/{petId}']!.post = {
      parameters: [petId],
      requestBody: { content: json },
      responses: ok,
    }
    const { api: declared, report } = importOpenApi(both)
    expect((declared.routes ?? []).map((r) => `${r.method} ${r.path}`)).toEqual(
      [],
    )
    expect(declared.resources.pet).toMatchObject({
      patch: { method: 'POST' },
      replace: { put: false, collection: true },
    })
    expect(
      report.operations
        .filter((o) => o.path.startsWith('/pet'))
        .map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual(
      expect.arrayContaining([
        'PUT /pet replace',
        'POST /pet/{petId} merge patch',
      ]),
    )
    const api = createOpenApiMock({ openapi: both })
    const send = (
      method: string,
      path: string,
      body?: unknown,
      etag?: string,
    ) =>
      api.fetch(
        new Request(`http://localhost${path}`, {
          method,
          headers: {
            'Content-Type': 'application/json',
            ...(etag && { 'If-Match': etag }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        }),
      )
    await send('POST', '/pet', { id: 5, name: 'rex' })
    const first = (await send('GET', '/pet/5')).headers.get('ETag')!
    const replaced = await send('PUT', '/pet', { id: 5, name: 'max' }, first)
    expect(replaced.status).toBe(200)
    const second = replaced.headers.get('ETag')!
    expect((await send('POST', '/pet/5', { name: 'rex' }, first)).status).toBe(
      412,
    )
    const updated = await send('POST', '/pet/5', { status: 'sold' }, second)
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ name: 'max', status: 'sold' })
  })

  it('answers every operation only as the description allows', async () => {
    const { report } = importOpenApi(openapi)
    const api = createOpenApiMock({
      openapi,
      overrides: { errors: 'description' },
    })
    api.config.update({ rateLimit: false })
    const run = await everyAnswer(openapi, report, api)
    expect(run.disallowed).toEqual([])
  })
})
