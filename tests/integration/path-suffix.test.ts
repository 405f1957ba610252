import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const post = z.object({
  id: z.number().int(),
  raw: z.string(),
  version: z.number().int(),
})

const api = defineApi({
  name: 'Suffixed',
  base: '/v1',
  auth: false,
  resources: {
    posts: defineResource({
      schema: post,
      suffix: '.json',
      seed: [{ raw: 'first' }],
      create: z.object({ raw: z.string() }),
      replace: z.object({ raw: z.string() }),
      itemRoutes: [
        {
          method: 'PUT',
          path: 'locked.json',
          handle: () => Response.json({ locked: true }),
        },
      ],
    }),
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
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      etag: response.headers.get('ETag'),
      location: response.headers.get('Location'),
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

describe('a path suffix (suffix: ".json"): every route of the resource answers with it too', () => {
  it('lists, creates, reads, replaces and deletes at the suffixed paths, one record and one ETag with the plain ones', async () => {
    const send = serve()
    const list = await send('GET', '/posts.json')
    expect(list.status).toBe(200)
    expect(list.body.items).toEqual((await send('GET', '/posts')).body.items)
    const made = await send('POST', '/posts.json', { raw: 'second' })
    expect(made.status).toBe(201)
    expect(made.location).toBe(`/v1/posts/${String(made.body.id)}.json`)
    const id = made.body.id as number
    const read = await send('GET', `/posts/${id}.json`)
    expect(read.body).toMatchObject({ id, raw: 'second' })
    expect(read.etag).toBe((await send('GET', `/posts/${id}`)).etag)
    const replaced = await send(
      'PUT',
      `/posts/${id}.json`,
      { raw: 'edited' },
      { 'If-Match': read.etag! },
    )
    expect(replaced.status).toBe(200)
    expect(
      (
        await send(
          'PUT',
          `/posts/${id}.json`,
          { raw: 'again' },
          { 'If-Match': read.etag! },
        )
      ).status,
    ).toBe(412)
    expect((await send('GET', `/posts/${id}`)).body).toMatchObject({
      raw: 'edited',
    })
    expect((await send('PUT', `/posts/${id}/locked.json`)).body).toEqual({
      locked: true,
    })
    expect((await send('DELETE', `/posts/${id}.json`)).status).toBe(204)
    expect((await send('GET', `/posts/${id}.json`)).status).toBe(404)
  })

  it('answers 404 for an unknown item, and for a suffix the resource does not declare', async () => {
    const send = serve()
    expect((await send('GET', '/posts/99.json')).status).toBe(404)
    expect((await send('GET', '/posts/1.xml')).status).toBe(404)
    expect((await send('GET', '/posts/.json')).status).toBe(404)
  })

  it('describes the suffixed paths beside the plain ones, a valid OpenAPI document', async () => {
    const send = serve()
    const document = (await send('GET', '/openapi.json')).body
    const paths = Object.keys(document.paths as Json)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/posts',
        '/v1/posts.json',
        '/v1/posts/{id}',
        '/v1/posts/{id}.json',
        '/v1/posts/{id}/locked.json',
      ]),
    )
    expect(paths).not.toContain('/v1/posts/{id}/locked.json.json')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : compileErrors(result)).toEqual([])
  })

  it('refuses a suffix that is not a dot and letters or digits', () => {
    let message = ''
    try {
      createMockApi({
        api: defineApi({
          name: 'Bad',
          auth: false,
          resources: {
            posts: defineResource({ schema: post, suffix: 'json/' }),
          },
        }),
      })
    } catch (error) {
      if (!isInvalidDeclarationError(error)) throw error
      message = error.message
    }
    expect(message).toMatch(/resources\.posts\.suffix/)
  })
})
