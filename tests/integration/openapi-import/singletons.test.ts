import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
  STATELESS_HEADER,
} from '../../../src/openapi-import/index.ts'
import { describedCaller } from '../../support/imported-conformance.ts'

const json = (schema: unknown) => ({ 'application/json': { schema } })
const ok = (schema: unknown) => ({
  '200': { description: 'ok', content: json(schema) },
})
const account = { $ref: '#/components/schemas/Account' }
const subscription = { $ref: '#/components/schemas/Subscription' }
const repoParam = {
  name: 'repo',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
}

/** An account at `/account` (read, replaced, merged) and a repository's subscription below it. */
const description = {
  openapi: '3.1.0',
  info: { title: 'Singletons', version: '1' },
  servers: [{ url: '/v1' }],
  paths: {
    '/account': {
      get: { responses: ok(account) },
      put: {
        requestBody: { content: json(account) },
        responses: ok(account),
      },
      patch: {
        requestBody: {
          content: { 'application/merge-patch+json': { schema: account } },
        },
        responses: ok(account),
      },
    },
    '/repos': {
      get: {
        responses: ok({
          type: 'array',
          items: { $ref: '#/components/schemas/Repo' },
        }),
      },
      post: {
        requestBody: { content: json({ $ref: '#/components/schemas/Repo' }) },
        responses: {
          '201': {
            description: 'made',
            content: json({ $ref: '#/components/schemas/Repo' }),
          },
        },
      },
    },
    '/repos/{repo}': {
      get: {
        parameters: [repoParam],
        responses: ok({ $ref: '#/components/schemas/Repo' }),
      },
    },
    '/repos/{repo}/subscription': {
      get: {
        parameters: [repoParam],
        responses: {
          ...ok(subscription),
          '404': { description: 'not watched' },
        },
      },
      put: {
        parameters: [repoParam],
        requestBody: { content: json(subscription) },
        responses: {
          ...ok(subscription),
          '404': { description: 'not watched' },
        },
      },
    },
  },
  components: {
    schemas: {
      Account: {
        type: 'object',
        required: ['email', 'plan'],
        properties: {
          email: { type: 'string', format: 'email' },
          plan: { type: 'string', enum: ['free', 'pro'] },
          created_at: { type: 'string', format: 'date-time', readOnly: true },
        },
      },
      Repo: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
        },
      },
      Subscription: {
        type: 'object',
        required: ['subscribed'],
        properties: { subscribed: { type: 'boolean' } },
      },
    },
  },
}

describe('an imported singleton is declared for the engine and served by its routes', () => {
  it('reports it, and declares a singleton resource (below its parent, one per parent)', () => {
    const { api, report } = importOpenApi(description)
    const served = (method: string, path: string) =>
      report.operations.find((o) => o.method === method && o.path === path)
    for (const [method, servedAs] of [
      ['GET', 'read'],
      ['PUT', 'replace'],
      ['PATCH', 'merge patch'],
    ] as const)
      expect(served(method, '/account')?.servedAs, method).toBe(servedAs)
    expect(served('PUT', '/repos/{repo}/subscription')?.servedAs).toBe(
      'replace',
    )
    const account = api.resources[served('GET', '/account')!.resource!]!
    expect(account.singleton).toBe(true)
    expect(account.tableOnly).toBeUndefined()
    const below =
      api.resources[served('GET', '/repos/{repo}/subscription')!.resource!]!
    expect(below).toMatchObject({
      singleton: true,
      path: '/repos/{repo}/subscription',
      parents: { repo: { to: 'repos' } },
    })
  })

  it('reads the record from state, and every write to it takes the ETag its read gave', async () => {
    const mock = createOpenApiMock({ openapi: description })
    const call = describedCaller(mock, description, {
      origin: 'http://api.test',
      base: '/v1',
    })
    const read = await call('GET', '/account')
    expect(read.status).toBe(200)
    expect(read.headers.get(STATELESS_HEADER)).toBeNull()
    const first = (await read.json()) as { email: string }
    expect(first.email).toMatch(/@/)
    const etag = read.headers.get('ETag')!
    const replaced = await call(
      'PUT',
      '/account',
      { email: 'grace@example.com', plan: 'pro' },
      { 'If-Match': etag },
    )
    expect(replaced.status).toBe(200)
    const merged = await mock.fetch(
      new Request('http://api.test/v1/account', {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/merge-patch+json',
          'If-Match': replaced.headers.get('ETag')!,
        },
        body: JSON.stringify({ plan: 'free' }),
      }),
    )
    expect(merged.status).toBe(200)
    expect(await merged.json()).toMatchObject({
      email: 'grace@example.com',
      plan: 'free',
    })
    // The first read's ETag is stale now: 412, and nothing changes.
    expect(
      (
        await call(
          'PUT',
          '/account',
          { email: 'x@example.com', plan: 'pro' },
          { 'If-Match': etag },
        )
      ).status,
    ).toBe(412)
    const again = await call('GET', '/account')
    expect(await again.json()).toMatchObject({
      email: 'grace@example.com',
      plan: 'free',
    })
    expect(again.headers.get('ETag')).toBe(merged.headers.get('ETag'))
  })

  it('lists every invalid field of a write in one 422, and keeps the record', async () => {
    const mock = createOpenApiMock({ openapi: description })
    const call = describedCaller(mock, description, {
      origin: 'http://api.test',
      base: '/v1',
    })
    const before = await call('GET', '/account')
    const refused = await call('PUT', '/account', { email: 7, plan: 'gold' })
    expect(refused.status).toBe(422)
    const problem = (await refused.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/email',
      '#/plan',
    ])
    expect(await (await call('GET', '/account')).json()).toEqual(
      await before.json(),
    )
  })

  it('answers 404 below a repository that does not exist, or has no subscription yet', async () => {
    const mock = createOpenApiMock({ openapi: description })
    const call = describedCaller(mock, description, {
      origin: 'http://api.test',
      base: '/v1',
    })
    expect((await call('GET', '/repos/1')).status).toBe(200)
    expect((await call('GET', '/repos/1/subscription')).status).toBe(404)
    const missing = await call('GET', '/repos/999/subscription')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { detail: string }).detail).toContain(
      '999',
    )
  })
})
