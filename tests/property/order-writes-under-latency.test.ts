import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { balanceSum, expectInvariants } from './support/expect-invariants.ts'

let generated = 0

afterAll(() => {
  console.log(
    `[property] order-writes-under-latency: ${generated} generated requests`,
  )
})

/** Writes on order 1 (pending, 42.50 usd) that a client may send at the same time. */
const actions = {
  pay: ['POST', '/api/orders/1/payment', undefined],
  cancel: ['POST', '/api/orders/1/cancel', undefined],
  replace: ['PUT', '/api/orders/1', { total: 10, currency: 'usd', version: 1 }],
  delete: ['DELETE', '/api/orders/1', undefined],
  payment: [
    'POST',
    '/api/payments',
    { amount: 4_250, currency: 'usd', orderId: 1 },
  ],
} as const
type Action = keyof typeof actions

function request(action: Action) {
  const [method, path, body] = actions[action]
  generated += 1
  return new Request(`http://hypermock.test${path}`, {
    method,
    headers: {
      Authorization: 'Bearer customer-1-token',
      ...(body && { 'Content-Type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  })
}

/** What two writes leave behind: their statuses and order 1 with its payments. */
function outcome(api: MockApi, statuses: number[]) {
  const state = api.state.snapshot()
  const order = state.orders.find((o) => o.id === 1)
  return {
    statuses,
    order: order && {
      status: order.status,
      version: order.version,
      total: order.total,
    },
    payments: state.payments.filter((p) => p.orderId === 1).length,
  }
}

async function oneAfterTheOther(first: Action, second: Action) {
  const api = createMockApi({ config: { rateLimit: false } })
  const a = await api.fetch(request(first))
  const b = await api.fetch(request(second))
  return outcome(api, [a.status, b.status])
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

it('ends two writes racing on one order under latency as if one came after the other', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...(Object.keys(actions) as Action[])),
      fc.constantFrom(...(Object.keys(actions) as Action[])),
      async (first, second) => {
        const waiting: (() => void)[] = []
        const api = createMockApi({
          config: { rateLimit: false, latencyMs: 5 },
          // Held until both requests are in: they overlap for sure, and no clock is involved.
          sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
        })
        const money = balanceSum(api.state.snapshot())
        let settled = 0
        const answers = [request(first), request(second)].map(async (r) => {
          const response = await api.fetch(r)
          settled += 1
          return response
        })
        while (settled + waiting.length < 2) await turn()
        for (const resolve of waiting.splice(0)) resolve()
        const statuses = (await Promise.all(answers)).map((r) => r.status)
        const raced = outcome(api, statuses)
        const serial = [
          await oneAfterTheOther(first, second),
          await oneAfterTheOther(second, first).then((o) => ({
            ...o,
            statuses: [...o.statuses].reverse(),
          })),
        ]
        expect(serial).toContainEqual(raced)
        expectInvariants(api.state.snapshot(), money)
      },
    ),
    { numRuns: 40 },
  )
})
