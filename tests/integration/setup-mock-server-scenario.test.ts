import { afterAll, beforeAll, expect, it } from 'vitest'
import { createClient } from '../../src/client/index.ts'
import { setupMockServer } from '../../src/msw/node.ts'

const { api, server } = setupMockServer({ scenario: 'flaky-payments' })
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

it('setupMockServer({ scenario }) starts in the scenario: 503 twice, then the payment', async () => {
  const waits: number[] = []
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token: 'customer-1-token',
    sleep: async (ms) => {
      waits.push(ms)
    },
    random: () => 0,
  })
  const payment = await client.post<{ amount: number }>('/api/payments', {
    amount: 2500,
    currency: 'usd',
  })
  expect(payment.amount).toBe(2500)
  expect(waits).toEqual([1000, 2000])
  expect(
    api.journal.list().map((entry) => [entry.method, entry.status]),
  ).toEqual([
    ['POST', 503],
    ['POST', 503],
    ['POST', 201],
  ])
})
