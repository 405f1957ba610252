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
  return async (method: string, path: string, body?: unknown) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        headers:
          body !== undefined ? { 'Content-Type': 'application/json' } : {},
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

const session = z.object({
  id: z.number().int(),
  mode: z.enum(['payment', 'setup']),
})

const api = defineApi({
  name: 'Paths',
  base: '/v1',
  auth: false,
  resources: {
    'checkout-sessions': defineResource({
      schema: session,
      path: '/checkout/sessions',
      seed: [{ mode: 'payment' }, { mode: 'setup' }, { mode: 'payment' }],
    }),
    'payment-intents': defineResource({
      schema: z.object({ id: z.number().int(), amount: z.number().int() }),
      path: '/payment_intents',
      replace: z.object({ amount: z.number().int() }),
    }),
  },
})

describe("a resource at the API's own path", () => {
  it('serves its collection and items there, and links to them there', async () => {
    const send = serve(api)
    const created = await send('POST', '/checkout/sessions', { mode: 'setup' })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/v1/checkout/sessions/4')
    expect(created.body).toMatchObject({
      id: 4,
      mode: 'setup',
      _links: { self: { href: '/v1/checkout/sessions/4' } },
    })
    expect((await send('GET', '/checkout/sessions/4')).body).toMatchObject({
      id: 4,
      mode: 'setup',
    })
    const page = await send('GET', '/checkout/sessions?perPage=2')
    expect(page.status).toBe(200)
    expect(JSON.stringify(page.body)).toContain(
      '/v1/checkout/sessions?perPage=2&page=2',
    )
    expect(page.headers.get('Link')).toContain('/v1/checkout/sessions?')
    expect((await send('DELETE', '/checkout/sessions/4')).status).toBe(204)
    expect((await send('GET', '/checkout/sessions/4')).status).toBe(404)
    // The name is the table's and the link relation's, never a path.
    expect((await send('GET', '/checkout-sessions')).status).toBe(404)
    const intent = await send('POST', '/payment_intents', { amount: 5 })
    expect(intent.headers.get('Location')).toBe('/v1/payment_intents/1')
    const replaced = await send('PUT', '/payment_intents/1', { amount: 7 })
    expect(replaced.body).toMatchObject({ id: 1, amount: 7 })
  })

  it('names the path in the root and in the served description', async () => {
    const send = serve(api)
    const root = await send('GET', '')
    expect(root.body._links).toMatchObject({
      'checkout-sessions': { href: '/v1/checkout/sessions' },
      'payment-intents': { href: '/v1/payment_intents' },
    })
    const description = await send('GET', '/openapi.json')
    const paths = Object.keys(description.body.paths as Json)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/checkout/sessions',
        '/v1/checkout/sessions/{id}',
        '/v1/payment_intents',
        '/v1/payment_intents/{id}',
      ]),
    )
    expect(paths.some((p) => p.startsWith('/v1/checkout-sessions'))).toBe(false)
  })

  it('refuses a path that is not literal segments, one the API serves itself, and one taken twice', () => {
    const declare = (
      resources: Record<string, { path?: string; tableOnly?: boolean }>,
    ) => {
      try {
        createMockApi({
          api: defineApi({
            name: 'Bad',
            auth: false,
            resources: Object.fromEntries(
              Object.entries(resources).map(([name, extra]) => [
                name,
                defineResource({ schema: session, ...extra }),
              ]),
            ),
          }),
        })
        return []
      } catch (error) {
        if (!isInvalidDeclarationError(error)) throw error
        return error.message
      }
    }
    expect(declare({ a: { path: '/x/{id}' } })).toContain(
      'resources.a.path: must be a path of literal segments',
    )
    // A parameter between literal segments names a parent, which `parents` must bind.
    expect(declare({ a: { path: '/x/{id}/y' } })).toContain(
      'resources.a.path: names {id}, which parents does not bind',
    )
    expect(declare({ a: { path: '/../etc' } })).toContain(
      'resources.a.path: must be a path of literal segments',
    )
    expect(declare({ a: { path: 'sessions' } })).toContain(
      'resources.a.path: must be a path of literal segments',
    )
    expect(declare({ a: { path: '/problems/mine' } })).toContain(
      'resources.a.path: starts with /problems, which the API serves itself',
    )
    expect(declare({ a: {}, b: { path: '/a' } })).toContain(
      'resources.b.path: is /a, the path of resources.a already',
    )
    // A table has no routes: its path takes nothing.
    expect(declare({ a: {}, b: { path: '/a', tableOnly: true } })).toEqual([])
  })
})
