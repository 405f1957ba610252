import { afterAll, beforeAll, expect, it } from 'vitest'
import { setupMockServer } from '../../src/msw/node.ts'

const { server } = setupMockServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

it('serves the root through msw setupServer and real fetch', async () => {
  const response = await fetch('http://localhost/api')
  expect(response.status).toBe(200)
  const root = await response.json()
  expect(Object.keys(root._links)).toEqual(
    expect.arrayContaining([
      'self',
      'orders',
      'payments',
      'transfers',
      'accounts',
      'customers',
    ]),
  )
})
