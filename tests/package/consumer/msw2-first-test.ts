// The install guide's first test on msw 2 (Node 20): type-checked against the published .d.ts.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { setupMockServer } from 'hypermock-api/msw/node'

const { api, server } = setupMockServer()
before(() => server.listen({ onUnhandledRequest: 'error' })) // msw 3: onUnhandledFrame
after(() => server.close())

test('reads order 1', async () => {
  const response = await fetch('http://localhost/api/orders/1', {
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  assert.equal(response.status, 200)
  assert.equal(api.data.orders.get(1)?.status, 'pending')
})
