import { describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/mock-server/index.ts'
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
