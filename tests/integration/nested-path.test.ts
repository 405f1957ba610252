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

function serve(api: ApiDeclaration) {
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
          ...(body !== undefined && {
            'Content-Type':
              method === 'PATCH'
                ? 'application/merge-patch+json'
                : 'application/json',
          }),
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

const api = defineApi({
  name: 'Nested',
  base: '/v1',
  auth: false,
  resources: {
    customers: defineResource({
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'Ada' }, { name: 'Grace' }],
    }),
    sources: defineResource({
      schema: z.object({
        id: z.number().int(),
        customerId: z.number().int(),
        brand: z.string(),
      }),
      path: '/customers/{customer}/sources',
      parents: { customer: { field: 'customerId', to: 'customers' } },
      patch: true,
    }),
    issues: defineResource({
      schema: z.object({
        id: z.number().int(),
        owner: z.string(),
        repo: z.string(),
        title: z.string(),
      }),
      path: '/repos/{owner}/{repo}/issues',
      parents: { owner: { field: 'owner' }, repo: { field: 'repo' } },
    }),
  },
})

describe('a nested collection: a resource whose path names its parents', () => {
  it('creates below the parent the path names, with Location, self link and ETag at the full path', async () => {
    const send = serve(api)
    const created = await send('POST', '/customers/1/sources', {
      brand: 'visa',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/v1/customers/1/sources/1')
    expect(created.headers.get('ETag')).toMatch(/^"source-1-/)
    expect(created.body).toMatchObject({
      id: 1,
      customerId: 1,
      brand: 'visa',
      _links: { self: { href: '/v1/customers/1/sources/1' } },
    })
    const read = await send('GET', '/customers/1/sources/1')
    expect(read.status).toBe(200)
    expect(read.headers.get('ETag')).toBe(created.headers.get('ETag'))
  })

  it('lists, reads, updates and deletes only the rows below that parent: a row of another is a 404', async () => {
    const send = serve(api)
    await send('POST', '/customers/1/sources', { brand: 'visa' })
    await send('POST', '/customers/2/sources', { brand: 'amex' })
    await send('POST', '/customers/1/sources', { brand: 'jcb' })
    const ofAda = await send('GET', '/customers/1/sources')
    expect(ofAda.status).toBe(200)
    expect((ofAda.body.items as Json[]).map((s) => s.brand)).toEqual([
      'visa',
      'jcb',
    ])
    expect(JSON.stringify(ofAda.body._links)).toContain(
      '/v1/customers/1/sources',
    )
    const ofGrace = await send('GET', '/customers/2/sources')
    expect((ofGrace.body.items as Json[]).map((s) => s.id)).toEqual([2])
    // Row 2 is Grace's: under Ada it does not exist, whatever the method.
    expect((await send('GET', '/customers/1/sources/2')).status).toBe(404)
    expect(
      (await send('PUT', '/customers/1/sources/2', { brand: 'x' })).status,
    ).toBe(404)
    expect(
      (await send('PATCH', '/customers/1/sources/2', { brand: 'x' })).status,
    ).toBe(404)
    expect((await send('DELETE', '/customers/1/sources/2')).status).toBe(404)
    expect((await send('GET', '/customers/2/sources/2')).body).toMatchObject({
      brand: 'amex',
      customerId: 2,
    })
    expect((await send('DELETE', '/customers/2/sources/2')).status).toBe(204)
    expect((await send('GET', '/customers/2/sources/2')).status).toBe(404)
  })

  it('answers 404 for a parent that does not exist, before reading the body', async () => {
    const send = serve(api)
    const list = await send('GET', '/customers/99/sources')
    expect(list.status).toBe(404)
    expect(list.body.detail).toContain('No customer 99')
    expect((await send('POST', '/customers/99/sources', {})).status).toBe(404)
    expect((await send('POST', '/customers/abc/sources', {})).status).toBe(404)
    // The parent removed, its sources are out of reach.
    await send('POST', '/customers/2/sources', { brand: 'amex' })
    expect((await send('DELETE', '/customers/2')).status).toBe(204)
    expect((await send('GET', '/customers/2/sources/1')).status).toBe(404)
  })

  it('keeps the parent on every write: the body cannot name it, a replace keeps it, If-Match guards it', async () => {
    const send = serve(api)
    const created = await send('POST', '/customers/1/sources', {
      brand: 'visa',
    })
    const moved = await send('POST', '/customers/1/sources', {
      brand: 'visa',
      customerId: 2,
    })
    expect(moved.status).toBe(422)
    expect(JSON.stringify(moved.body.errors)).toContain('customerId')
    const stale = await send(
      'PUT',
      '/customers/1/sources/1',
      { brand: 'mastercard' },
      { 'If-Match': '"source-1-stale"' },
    )
    expect(stale.status).toBe(412)
    const replaced = await send(
      'PUT',
      '/customers/1/sources/1',
      { brand: 'mastercard' },
      { 'If-Match': created.headers.get('ETag')! },
    )
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({
      id: 1,
      customerId: 1,
      brand: 'mastercard',
    })
    expect(replaced.headers.get('ETag')).not.toBe(created.headers.get('ETag'))
    const patched = await send('PATCH', '/customers/1/sources/1', {
      brand: 'discover',
    })
    expect(patched.body).toMatchObject({ customerId: 1, brand: 'discover' })
  })

  it('binds several parameters with no parent resource: each a member of the record', async () => {
    const send = serve(api)
    const created = await send('POST', '/repos/octo/cat/issues', {
      title: 'Purrs',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      owner: 'octo',
      repo: 'cat',
      title: 'Purrs',
    })
    expect(created.headers.get('Location')).toBe('/v1/repos/octo/cat/issues/1')
    await send('POST', '/repos/octo/dog/issues', { title: 'Barks' })
    const cat = await send('GET', '/repos/octo/cat/issues')
    expect((cat.body.items as Json[]).map((i) => i.title)).toEqual(['Purrs'])
    expect((await send('GET', '/repos/octo/dog/issues/1')).status).toBe(404)
    expect((await send('GET', '/repos/octo/dog/issues/2')).status).toBe(200)
  })

  it('describes each parameter of the path, and links no nested collection from the root', async () => {
    const send = serve(api)
    const description = await send('GET', '/openapi.json')
    const paths = description.body.paths as Record<string, Json>
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/v1/customers/{customer}/sources',
        '/v1/customers/{customer}/sources/{id}',
        '/v1/repos/{owner}/{repo}/issues/{id}',
      ]),
    )
    const read = paths['/v1/customers/{customer}/sources/{id}']!.get as {
      parameters: { name?: string; in?: string; schema?: Json }[]
    }
    expect(read.parameters.filter((p) => p.in === 'path')).toEqual([
      expect.objectContaining({
        name: 'customer',
        schema: { type: 'integer' },
      }),
      expect.objectContaining({ name: 'id' }),
    ])
    const list = paths['/v1/customers/{customer}/sources']!.get as {
      responses: Record<string, unknown>
    }
    expect(Object.keys(list.responses)).toContain('404')
    const valid = await validate(description.body as never)
    expect(valid.valid, valid.valid ? '' : compileErrors(valid)).toBe(true)
    // Each answer, the 404 of a missing parent included, is what the description says.
    const mock = createMockApi({ api })
    for (const [method, path, body] of [
      ['POST', '/customers/1/sources', { brand: 'visa' }],
      ['GET', '/customers/1/sources'],
      ['GET', '/customers/1/sources/1'],
      ['GET', '/customers/9/sources'],
      ['GET', '/repos/a/b/issues'],
    ] as const) {
      const response = await mock.fetch(
        new Request(`http://api.test/v1${path}`, {
          method,
          ...(body && {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }),
        }),
      )
      expect(
        await describedResponseErrors(
          '/v1',
          method,
          `/v1${path}`,
          response,
          api,
        ),
        `${method} ${path} → ${response.status}`,
      ).toEqual([])
    }
    const root = await send('GET', '')
    expect(Object.keys(root.body._links as Json)).toContain('customers')
    expect(Object.keys(root.body._links as Json)).not.toContain('sources')
  })

  it('lists every mistake of a nested declaration at once', () => {
    let message = ''
    try {
      createMockApi({
        api: defineApi({
          name: 'Bad',
          auth: false,
          resources: {
            customers: defineResource({
              schema: z.object({ id: z.number().int() }),
            }),
            sources: defineResource({
              schema: z.object({ id: z.number().int() }),
              path: '/customers/{customer}/sources/{wallet}/cards',
              parents: {
                customer: { field: 'customerId' as never, to: 'clients' },
                account: { field: 'id' },
              },
            }),
            notes: defineResource({
              schema: z.object({ id: z.number().int() }),
              path: '/{customer}/notes',
            }),
          },
        }),
      })
    } catch (error) {
      if (!isInvalidDeclarationError(error)) throw error
      message = error.message
    }
    for (const line of [
      'resources.sources.path: names {wallet}, which parents does not bind',
      'resources.sources.parents.account: is no parameter of the path',
      'resources.sources.parents.customer.to: names no resource; resources: customers, sources, notes',
      'resources.sources.parents.customer.field: names "customerId", which the schema lacks',
      'resources.notes.path: must be a path of literal segments',
    ])
      expect(message).toContain(line)
  })
})
