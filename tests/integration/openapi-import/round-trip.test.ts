import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../../src/index.ts'
import { shopApi } from '../../../src/domains/shop/index.ts'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

/**
 * hypermock's own description of the built-in domain, imported back with tokens alone: generated
 * seeds, no owners. The contract suite itself also runs on the imported description, with the
 * domain's seed rows, owners and problem types as the overlay (`importedTarget`,
 * tests/support/imported-target.ts): its read, write, validation, paging and idempotency tests
 * pass there, and the few that test the domain's own code are skipped, each with its reason
 * (`shopCode`).
 */
const openapi = createOpenApiDocument({
  basePath: '/api',
}) as unknown as Record<string, unknown>
const overrides = {
  tokens: { 'any-token': { owns: 'all' as const } },
  count: 30,
}
const origin = 'http://round-trip.test'
const auth = { Authorization: 'Bearer any-token' }
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { ...auth, 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

describe("hypermock's own description, imported", () => {
  it('maps every resource of the built-in domain, and the states it writes down', () => {
    const { api, report } = importOpenApi(openapi, overrides)
    expect(api.base).toBe('/api')
    expect(Object.keys(api.resources).sort()).toEqual(
      Object.keys(shopApi.resources).sort(),
    )
    const served = (path: string, method = 'GET') =>
      report.operations.find((o) => o.path === path && o.method === method)
        ?.servedAs
    expect(served('/orders')).toBe('list')
    expect(served('/orders', 'POST')).toBe('create')
    expect(served('/orders/{id}', 'PUT')).toBe('replace')
    expect(served('/orders/{id}/cancel', 'POST')).toBe('action')
    expect(served('/customers/{id}/accounts')).toBe('nested list')
  })

  it('reads with a strong ETag and 304, pages with the Link header', async () => {
    const api = createOpenApiMock({ openapi, overrides })
    const page = await api.fetch(
      new Request(`${origin}/api/orders?perPage=10&page=2`, { headers: auth }),
    )
    expect(page.status).toBe(200)
    const body = (await page.json()) as {
      items: { id: number }[]
      page: number
      total: number
    }
    expect(body).toMatchObject({ page: 2, total: 30 })
    expect(body.items.map((o) => o.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ])
    expect(page.headers.get('Link')).toContain('rel="next"')
    const read = await api.fetch(
      new Request(`${origin}/api/orders/1`, { headers: auth }),
    )
    const etag = read.headers.get('ETag')!
    expect(etag).toBe('"order-1-v1"')
    const again = await api.fetch(
      new Request(`${origin}/api/orders/1`, {
        headers: { ...auth, 'If-None-Match': etag },
      }),
    )
    expect(again.status).toBe(304)
  })

  it('writes: create, 422 with every field, replace with If-Match, stale 412, replayed key', async () => {
    const api = createOpenApiMock({ openapi, overrides })
    const bad = await api.fetch(
      new Request(
        `${origin}/api/orders`,
        json({ total: -1, currency: 'xyz', customerId: 'one' }),
      ),
    )
    expect(bad.status).toBe(422)
    const problem = (await bad.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['#/total', '#/currency', '#/customerId']),
    )
    const key = { 'Idempotency-Key': 'order-round-trip' }
    const body = { total: 12.5, currency: 'eur', customerId: 1, note: null }
    const created = await api.fetch(
      new Request(`${origin}/api/orders`, json(body, key)),
    )
    expect(created.status).toBe(201)
    const order = (await created.json()) as { id: number; status: string }
    expect(order.status).toBe('pending')
    const replay = await api.fetch(
      new Request(`${origin}/api/orders`, json(body, key)),
    )
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(((await replay.json()) as { id: number }).id).toBe(order.id)

    const put = (ifMatch: string) =>
      api.fetch(
        new Request(`${origin}/api/orders/${order.id}`, {
          ...json(
            { total: 13, currency: 'eur', note: 'more' },
            { 'If-Match': ifMatch },
          ),
          method: 'PUT',
        }),
      )
    expect((await put('"order-31-v9"')).status).toBe(412)
    const replaced = await put(created.headers.get('ETag')!)
    expect(replaced.status).toBe(200)
    expect(replaced.headers.get('ETag')).toBe(`"order-${order.id}-v2"`)
    // The replace body has no customerId: the order keeps its own.
    expect(await replaced.json()).toMatchObject({
      total: 13,
      customerId: 1,
      note: 'more',
    })
  })

  it('gives actions the states the description states: 409 on a stale link', async () => {
    const api = createOpenApiMock({ openapi, overrides })
    const created = await api.fetch(
      new Request(
        `${origin}/api/orders`,
        json({ total: 5, currency: 'usd', customerId: 1, note: null }),
      ),
    )
    const { id, _links } = (await created.json()) as {
      id: number
      _links: Record<string, { href: string }>
    }
    expect(Object.keys(_links)).toEqual(
      expect.arrayContaining(['cancel', 'pay']),
    )
    const cancel = () =>
      api.fetch(new Request(`${origin}/api/orders/${id}/cancel`, json({})))
    expect((await cancel()).status).toBe(200)
    const stale = await cancel()
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({ currentStatus: 'cancelled' })
  })
})
