// Plain Node, no test runner, no msw: the mock answers the reference client in-process.
import assert from 'node:assert/strict'
import { applyScenario, createMockApi } from 'hypermock-api'
import { createClient, isHttpError } from 'hypermock-api/client'

const api = createMockApi()
const client = createClient({
  baseUrl: 'http://hypermock.local/api',
  token: 'customer-1-token',
  // The core answers a Fetch Request; a network-level fault (Response.error()) becomes a
  // rejected fetch, as a real network error would.
  fetch: async (request) => {
    const response = await api.fetch(request)
    if (response.type === 'error') throw new TypeError('fetch failed')
    return response
  },
  sleep: async () => {}, // no real waiting between retries in a script
})

// Follow links from the entry point, as the API asks.
const root = await client.root()
const orders = await client.follow(root, 'orders')
console.log(
  `${orders.total} orders; the first: #${orders.items[0].id}, ${orders.items[0].status}`,
)

// Pay the first order through its own "pay" link.
const order = await client.get('/api/orders/1')
const payment = await client.follow(order, 'pay')
console.log(
  `paid order 1: payment #${payment.id} of amount ${payment.amount} (minor units)`,
)
assert.equal(payment.amount, 4250)

// A built-in scenario: the payments upstream answers 503 twice, the client retries.
const events = []
const stop = client.subscribe((event) => events.push(event))
applyScenario(api, 'flaky-payments')
const retried = await client.post('/api/payments', {
  amount: 2500,
  currency: 'usd',
})
stop()
const attempts = events.filter((event) => event.type === 'attempt:end')
console.log(
  `flaky-payments: payment #${retried.id} after ${attempts.length} attempts`,
)
assert.deepEqual(
  attempts.map((event) => event.status),
  [503, 503, 201],
)

// A problem document is a typed error.
applyScenario(api, 'insufficient-funds')
try {
  await client.post('/api/transfers', {
    fromAccountId: 2,
    toAccountId: 1,
    amount: 100000,
    currency: 'usd',
  })
  assert.fail('the transfer should be refused')
} catch (error) {
  assert.ok(isHttpError(error))
  console.log(
    `insufficient-funds: ${error.status}, balance ${error.problem.balance} (5.00 usd)`,
  )
  assert.equal(error.problem.balance, 500)
}
console.log('node-script: all checks passed')
