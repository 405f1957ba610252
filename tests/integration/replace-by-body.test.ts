import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  isInvalidDeclarationError,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const pet = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
})

// Swagger Petstore's shape: PUT /pets with the pet's id in the body, no PUT on the item.
const api = defineApi({
  name: 'Pets',
  base: '/v1',
  auth: false,
  resources: {
    pets: {
      schema: pet,
      replace: {
        input: z.strictObject({
          id: z.number().int(),
          name: z.string(),
          age: z.number().int(),
        }),
        put: false,
        collection: true,
      },
      seed: [{ name: 'Rex', age: 3 }],
    },
  },
})

function serve() {
  const mock = createMockApi({ api })
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        headers: {
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
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

describe('a PUT on the collection that replaces the record its body names (replace.collection)', () => {
  it('replaces the record the body’s id names, with the ETag its item’s read gives', async () => {
    const send = serve()
    const replaced = await send('PUT', '/pets', { id: 1, name: 'Max', age: 4 })
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({ id: 1, name: 'Max', age: 4 })
    const read = await send('GET', '/pets/1')
    expect(read.body).toMatchObject({ name: 'Max' })
    expect(read.headers.get('ETag')).toBe(replaced.headers.get('ETag'))
    expect(
      (await send('PUT', '/pets/1', { id: 1, name: 'A', age: 1 })).status,
    ).toBe(405)
  })

  it('answers 404 for an id no record has, and 422 for a body that names none', async () => {
    const send = serve()
    const unknown = await send('PUT', '/pets', { id: 99, name: 'X', age: 1 })
    expect(unknown.status).toBe(404)
    const nameless = await send('PUT', '/pets', { name: 'X', age: 1 })
    expect(nameless.status).toBe(422)
    expect((nameless.body.errors as { pointer: string }[])[0]!.pointer).toBe(
      '#/id',
    )
    expect((await send('GET', '/pets')).body.total).toBe(1)
  })

  it('checks the body and If-Match as a PUT on the item does, changing nothing when refused', async () => {
    const send = serve()
    const invalid = await send('PUT', '/pets', { id: 1, name: 7, age: 'old' })
    expect(invalid.status).toBe(422)
    expect((invalid.body.errors as unknown[]).length).toBe(2)
    const stale = await send(
      'PUT',
      '/pets',
      { id: 1, name: 'Max', age: 4 },
      { 'If-Match': '"stale"' },
    )
    expect(stale.status).toBe(412)
    expect((await send('GET', '/pets/1')).body.name).toBe('Rex')
  })

  it('describes the PUT on the collection', async () => {
    const send = serve()
    const doc = (await send('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Json }>>
    }
    const put = doc.paths['/v1/pets']!.put!
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(['200', '404', '412', '422']),
    )
    // The item's PUT is described only as the 405 it answers.
    expect(
      Object.keys(doc.paths['/v1/pets/{id}']!.put!.responses),
    ).not.toContain('200')
  })

  it('takes the collection’s PUT alone: not beside replaceAll', () => {
    let error: unknown
    try {
      createMockApi({
        api: defineApi({
          name: 'Wrong',
          resources: {
            pets: {
              schema: pet,
              replace: { upsert: true, collection: true },
              replaceAll: { member: 'pets' },
            },
          },
        }),
      })
    } catch (e) {
      error = e
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    expect((error as Error).message).toContain(
      'resources.pets.replace.collection',
    )
  })
})
