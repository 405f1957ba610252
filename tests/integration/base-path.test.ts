import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from '../../src/index.ts'
import { setupMockServer } from '../../src/msw/node.ts'
import { auth } from '../support/request-init.ts'

const origin = 'http://localhost'

describe('the basePath option', () => {
  it.each([
    ['', /starting with "\/", such as "\/api", "\/", or a URL .*; got ""/],
    [
      'api',
      /starting with "\/", such as "\/api", "\/", or a URL .*; got "api"/,
    ],
    ['ftp://api.example.test', /starting with "\/"/],
    [
      'https://api.example.test/v1?x=1',
      /without query, fragment or credentials/,
    ],
    ['/api//v1', /without empty ones/],
    ['/api v1', /without empty ones, spaces/],
    ['/api?x=1', /"\?" or "#"/],
    ['/__mock', /outside the control API at \/__mock/],
    ['/__mock/api', /outside the control API at \/__mock/],
    ['/__mock/', /outside the control API at \/__mock/],
  ])('refuses %j, saying why', (basePath, message) => {
    expect(() => createMockApi({ basePath })).toThrow(TypeError)
    expect(() => createMockApi({ basePath })).toThrow(message)
  })

  it.each(['/__mocks', '/api/__mock', '/v2/api'])(
    'accepts %j, which the control API does not shadow',
    async (basePath) => {
      const api = createMockApi({ basePath })
      const root = await api.fetch(new Request(`${origin}${basePath}`))
      expect(root.status).toBe(200)
      expect((await root.json())._links.self.href).toBe(basePath)
      const order = await api.fetch(
        new Request(`${origin}${basePath}/orders/1`, {
          headers: auth('customer-1-token'),
        }),
      )
      expect(order.status).toBe(200)
      const control = await api.fetch(new Request(`${origin}/__mock/state`))
      expect(control.status).toBe(200)
    },
  )

  it('serves an API at the root of its origin: "/"', async () => {
    const api = createMockApi({ basePath: '/' })
    const root = await api.fetch(new Request(`${origin}/`))
    expect(root.status).toBe(200)
    const body = await root.json()
    expect(body._links.self.href).toBe('/')
    expect(body._links.orders.href).toBe('/orders')
    const order = await api.fetch(
      new Request(`${origin}/orders/1`, { headers: auth('customer-1-token') }),
    )
    expect(order.status).toBe(200)
    expect((await order.json())._links.pay.href).toBe('/orders/1/payment')
    const control = await api.fetch(new Request(`${origin}/__mock/state`))
    expect(control.status).toBe(200)
    // Only the paths the API serves are its own: the app's files at the same origin are not.
    expect(api.owns(new URL(`${origin}/orders/1`))).toBe(true)
    expect(api.owns(new URL(`${origin}/index.html`))).toBe(false)
    expect(api.owns(new URL(`${origin}/__mock/journal`))).toBe(true)
  })

  it('serves an API at a URL with a host, with absolute links', async () => {
    const api = createMockApi({ basePath: 'https://api.example.test' })
    const root = await api.fetch(new Request('https://api.example.test/'))
    expect((await root.json())._links.orders.href).toBe(
      'https://api.example.test/orders',
    )
    const list = await api.fetch(
      new Request('https://api.example.test/orders?perPage=2', {
        headers: auth('customer-1-token'),
      }),
    )
    expect(list.headers.get('Link')).toContain(
      '<https://api.example.test/orders?perPage=2&page=2>; rel="next"',
    )
    expect(api.owns(new URL('https://api.example.test/orders'))).toBe(true)
    expect(api.owns(new URL('http://localhost/orders'))).toBe(false)
  })

  it('moves the control API where controlPath says', async () => {
    const api = createMockApi({ controlPath: '/_hypermock' })
    expect(
      (await api.fetch(new Request(`${origin}/_hypermock/clock`))).status,
    ).toBe(200)
    expect(() =>
      createMockApi({ controlPath: '/ctl', basePath: '/ctl/api' }),
    ).toThrow(/outside the control API at \/ctl/)
  })

  it('drops one trailing slash: "/api/" serves under /api', async () => {
    const api = createMockApi({ basePath: '/api/' })
    const root = await api.fetch(new Request(`${origin}/api`))
    expect((await root.json())._links.self.href).toBe('/api')
  })
})

describe('an API at the root of its own host, through msw setupServer', () => {
  const books = defineResource({
    schema: z.strictObject({
      id: z.number().int(),
      title: z.string().min(1),
      status: z.enum(['available', 'on-loan']),
    }),
    state: {
      field: 'status',
      initial: 'available',
      transitions: { lend: { from: ['available'], to: 'on-loan' } },
    },
    seed: [{ title: 'Kindred' }, { title: 'Beloved' }],
  })
  const { api, server } = setupMockServer({
    api: defineApi({ name: 'Library', resources: { books } }),
    basePath: 'https://api.example.test',
  })
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('answers https://api.example.test/books and follows its absolute links', async () => {
    const headers = { Authorization: 'Bearer any-token' }
    const list = await fetch('https://api.example.test/books', { headers })
    expect(list.status).toBe(200)
    const body = await list.json()
    expect(body.items.map((b: { title: string }) => b.title)).toEqual([
      'Kindred',
      'Beloved',
    ])
    const lend = body.items[0]._links.lend
    expect(lend).toEqual({
      href: 'https://api.example.test/books/1/lend',
      method: 'POST',
    })
    expect((await fetch(lend.href, { method: 'POST', headers })).status).toBe(
      200,
    )
    expect(api.data.books.get(1)?.status).toBe('on-loan')
    // Another host is not the mock's: with onUnhandledFrame 'error', msw refuses it.
    await expect(
      fetch('https://elsewhere.example.test/books'),
    ).rejects.toThrow()
  })
})

describe('one seed row served by instances at different bases', () => {
  // Seed rows are shared by every instance of a declaration, and their representation is written
  // once: each instance must still answer with its own base, and a changed row with its new state.
  it('links order 1 under each instance’s base, and shows a change at once', async () => {
    const read = async (api: ReturnType<typeof createMockApi>, url: string) => {
      const response = await api.fetch(
        new Request(url, { headers: auth('customer-1-token') }),
      )
      expect(response.status).toBe(200)
      return (await response.json()) as {
        status: string
        _links: Record<string, { href: string }>
      }
    }
    const first = createMockApi({ basePath: '/api' })
    const second = createMockApi({ basePath: 'https://api.example.test/v2' })
    for (let i = 0; i < 2; i++) {
      const a = await read(first, `${origin}/api/orders/1`)
      expect(a._links.self?.href).toBe('/api/orders/1')
      const b = await read(second, 'https://api.example.test/v2/orders/1')
      expect(b._links.self?.href).toBe('https://api.example.test/v2/orders/1')
    }
    const before = await read(first, `${origin}/api/orders/1`)
    expect(before.status).toBe('pending')
    expect(before._links.cancel).toBeDefined()
    const cancel = await first.fetch(
      new Request(`${origin}${before._links.cancel!.href}`, {
        method: 'POST',
        headers: auth('customer-1-token'),
      }),
    )
    expect(cancel.status).toBe(200)
    const after = await read(first, `${origin}/api/orders/1`)
    expect(after.status).toBe('cancelled')
    expect(after._links.cancel).toBeUndefined()
    // The other instance's order 1 is still the seed row, as it was.
    const untouched = await read(second, 'https://api.example.test/v2/orders/1')
    expect(untouched.status).toBe('pending')
    expect(untouched._links.cancel).toBeDefined()
  })
})
