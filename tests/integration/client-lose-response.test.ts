import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createClient, type ClientEvent } from '../../src/client/index.ts'
import { setupMockServer } from '../../src/msw/node.ts'

const { api, server } = setupMockServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

it('saves a lost response with the idempotency key: the retry replays, one payment exists', async () => {
  api.faults.add({
    match: { method: 'POST', path: '/api/payments' },
    effect: { kind: 'lose-response' },
    times: 1,
  })
  const events: ClientEvent[] = []
  const waits: number[] = []
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token: 'customer-1-token',
    sleep: async (ms) => {
      waits.push(ms)
    },
    random: () => 0.25,
    onEvent: (event) => events.push(event),
  })
  const before = api.state.snapshot().payments.length
  const payment = await client.post<{ id: number; amount: number }>(
    '/api/payments',
    { amount: 1234, currency: 'usd' },
  )
  expect(payment.amount).toBe(1234)
  const payments = api.state.snapshot().payments
  expect(payments).toHaveLength(before + 1)
  expect(payments.at(-1)?.id).toBe(payment.id)

  const ends = events.filter((e) => e.type === 'attempt:end')
  expect(ends.map((e) => [e.status, e.error, e.replayed])).toEqual([
    [null, 'network', false],
    [201, null, true],
  ])
  const keys = new Set(events.map((e) => e.idempotencyKey))
  expect(keys.size).toBe(1)
  expect([...keys][0]).toMatch(/\S/)
  expect(waits).toEqual([1250])
  const journal = api.journal.list().filter((e) => e.path === '/api/payments')
  expect(journal.map((e) => [e.status, e.fault !== null, e.replayed])).toEqual([
    [0, true, false],
    [201, false, true],
  ])
  expect(new Set(journal.map((e) => e.idempotencyKey))).toEqual(keys)
})

it('walks from the root to paying an order through links only', async () => {
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token: 'customer-1-token',
  })
  type Res = { _links: Record<string, { href: string }>; [k: string]: unknown }
  const root = await client.root()
  const orders = await client.follow<{ items: Res[] }>(root, 'orders')
  const pending = orders.items.find(
    (o) => o.status === 'pending' && o._links.pay,
  )!
  const paymentResult = await client.follow<Res>(pending, 'pay')
  const order = await client.follow<Res>(paymentResult, 'order')
  expect(order.status).toBe('paid')
  expect(order._links.payment?.href).toBe(paymentResult._links.self?.href)
  expect(order._links.pay).toBeUndefined()
})
