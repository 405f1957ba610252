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

type Json = Record<string, unknown>

function serve(api: ApiDeclaration) {
  const mock = createMockApi({ api })
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        headers: {
          ...(body !== undefined && {
            'Content-Type':
              method === 'PATCH'
                ? 'application/merge-patch+json'
                : 'application/json',
          }),
          ...headers,
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
  return { mock, send }
}

const account = z.object({
  id: z.number().int(),
  email: z.string().email(),
  plan: z.enum(['free', 'pro']),
  version: z.number().int(),
})

const api = defineApi({
  name: 'Singletons',
  base: '/v1',
  auth: false,
  resources: {
    account: defineResource({
      schema: account,
      singleton: true,
      patch: true,
      seed: [{ email: 'ada@example.com', plan: 'free' }],
    }),
    repos: defineResource({
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'engine' }, { name: 'docs' }],
    }),
    subscriptions: defineResource({
      schema: z.object({
        id: z.number().int(),
        repoId: z.number().int(),
        watching: z.boolean(),
      }),
      path: '/repos/{repo}/subscription',
      parents: { repo: { field: 'repoId', to: 'repos' } },
      singleton: true,
      seed: [{ repoId: 1, watching: true }],
    }),
  },
})

describe('a singleton: one record at a path with no key', () => {
  it('reads the record at its path, its self link that path, with an ETag every write to it accepts', async () => {
    const { send } = serve(api)
    const read = await send('GET', '/account')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      email: 'ada@example.com',
      plan: 'free',
      _links: { self: { href: '/v1/account' } },
    })
    const etag = read.headers.get('ETag')!
    expect(etag).toMatch(/^"/)
    // The read's ETag is taken by a PUT, and the PUT's by a PATCH.
    const replaced = await send(
      'PUT',
      '/account',
      { email: 'grace@example.com', plan: 'pro' },
      { 'If-Match': etag },
    )
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({
      email: 'grace@example.com',
      plan: 'pro',
    })
    const patched = await send(
      'PATCH',
      '/account',
      { plan: 'free' },
      { 'If-Match': replaced.headers.get('ETag')! },
    )
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      email: 'grace@example.com',
      plan: 'free',
    })
    // A stale ETag is refused, and changes nothing.
    const stale = await send(
      'PATCH',
      '/account',
      { plan: 'pro' },
      { 'If-Match': etag },
    )
    expect(stale.status).toBe(412)
    expect((await send('GET', '/account')).body.plan).toBe('free')
    expect((await send('GET', '/account')).headers.get('ETag')).toBe(
      patched.headers.get('ETag'),
    )
  })

  it('answers every invalid field of a write in one 422 and keeps the record', async () => {
    const { send } = serve(api)
    const refused = await send('PUT', '/account', { email: 'nope', plan: 'x' })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/email', '#/plan'])
    expect((await send('GET', '/account')).body.email).toBe('ada@example.com')
  })

  it('has no list, create, delete or keyed item: those answer 405 or 404', async () => {
    const { send } = serve(api)
    const post = await send('POST', '/account', { email: 'x@example.com' })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET, HEAD, PUT, PATCH, OPTIONS')
    expect((await send('DELETE', '/account')).status).toBe(405)
    expect((await send('GET', '/account/1')).status).toBe(404)
  })

  it('below a parent: one record per parent, 404 where the parent has none or does not exist', async () => {
    const { send } = serve(api)
    const read = await send('GET', '/repos/1/subscription')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      repoId: 1,
      watching: true,
      _links: { self: { href: '/v1/repos/1/subscription' } },
    })
    const updated = await send(
      'PUT',
      '/repos/1/subscription',
      { watching: false },
      { 'If-Match': read.headers.get('ETag')! },
    )
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ repoId: 1, watching: false })
    expect((await send('GET', '/repos/2/subscription')).status).toBe(404)
    expect(
      (await send('PUT', '/repos/2/subscription', { watching: true })).status,
    ).toBe(404)
    expect((await send('GET', '/repos/9/subscription')).status).toBe(404)
  })

  it('is described with no id parameter, no list and no create, and the description is valid', async () => {
    const { mock } = serve(api)
    const response = await mock.fetch(
      new Request('http://api.test/v1/openapi.json'),
    )
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { in: string }[]; responses: Record<string, unknown> }
        >
      >
    }
    const item = document.paths['/v1/account']!
    for (const method of ['get', 'put', 'patch'])
      expect(Object.keys(item[method]!.responses), method).toContain('200')
    // A create or a delete is described as what it answers: 405.
    for (const method of ['post', 'delete'])
      expect(Object.keys(item[method]!.responses), method).toContain('405')
    expect((item.get!.parameters ?? []).filter((p) => p.in === 'path')).toEqual(
      [],
    )
    expect(document.paths['/v1/account/{id}']).toBeUndefined()
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, compileErrors(result)).toBe(true)
  })

  it('a replace declared 204 keeps its change and answers no body, with the ETag the next write takes', async () => {
    const { send } = serve({
      ...api,
      resources: {
        ...api.resources,
        account: { ...api.resources.account, status: { replace: 204 } },
      },
    })
    const read = await send('GET', '/account')
    const replaced = await send(
      'PUT',
      '/account',
      { email: 'grace@example.com', plan: 'pro' },
      { 'If-Match': read.headers.get('ETag')! },
    )
    expect(replaced.status).toBe(204)
    expect(replaced.body).toBeNull()
    const after = await send('GET', '/account')
    expect(after.body).toMatchObject({ email: 'grace@example.com' })
    expect(replaced.headers.get('ETag')).toBe(after.headers.get('ETag'))
    const patched = await send(
      'PATCH',
      '/account',
      { plan: 'free' },
      { 'If-Match': replaced.headers.get('ETag')! },
    )
    expect(patched.status).toBe(200)
  })

  it('refuses a declaration that asks a singleton to be created, deleted or listed, naming each', () => {
    let error: unknown
    try {
      createMockApi({
        api: {
          name: 'Wrong',
          resources: {
            account: {
              schema: account,
              singleton: true,
              create: {},
              delete: true,
              list: { paging: 'none' },
              seed: [
                { email: 'a@example.com', plan: 'free' },
                { email: 'b@example.com', plan: 'pro' },
              ],
            },
          },
        },
      })
    } catch (caught) {
      error = caught
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    const message = (error as Error).message
    for (const path of ['create', 'delete', 'list', 'seed'])
      expect(message).toContain(`resources.account.${path}`)
  })
})
