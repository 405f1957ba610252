import { describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/mock-server/index.ts'
import { auth } from '../support/request-init.ts'

const origin = 'http://localhost'

describe('the basePath option', () => {
  it.each([
    ['/', /below the root, such as "\/api"; got "\/"/],
    ['', /starting with "\/", such as "\/api"; got ""/],
    ['api', /starting with "\/", such as "\/api"; got "api"/],
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

  it('drops one trailing slash: "/api/" serves under /api', async () => {
    const api = createMockApi({ basePath: '/api/' })
    const root = await api.fetch(new Request(`${origin}/api`))
    expect((await root.json())._links.self.href).toBe('/api')
  })
})
