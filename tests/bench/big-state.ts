import { type StateSnapshot } from '../../src/index.ts'
import { createSeed } from '../support/shop-fixtures.ts'

/**
 * The seed's customers and accounts with `count` orders spread over customers 1 and 2, a third of
 * them paid (each with its payment), in the shape of store/snapshot-schema.ts.
 */
export function bigState(count: number): StateSnapshot {
  return bigStateFrom(createSeed(), count)
}

/**
 * `bigState` on the given seed. Self-contained (no import, no outer variable), so that a browser
 * test can build the state in the page (`page.evaluate(bigStateFrom, ...)`) instead of sending
 * megabytes of it through Playwright.
 */
export function bigStateFrom(
  seed: ReturnType<typeof createSeed>,
  count: number,
): StateSnapshot {
  const currencies = ['usd', 'eur', 'gbp', 'jpy', 'chf', 'cad', 'aud'] as const
  const EPOCH = Date.parse('2026-01-05T09:00:00.000Z')
  const orders: StateSnapshot['orders'] = []
  const payments: StateSnapshot['payments'] = []
  for (let id = 1; id <= count; id++) {
    const currency = currencies[id % currencies.length]!
    const minor = ((id * 7919) % 500_000) + 100
    const total = currency === 'jpy' ? minor : minor / 100
    const status = (['pending', 'paid', 'cancelled'] as const)[id % 3]!
    const customerId = (id % 2) + 1
    const createdAt = new Date(EPOCH + id * 60_000).toISOString()
    let paymentId: number | null = null
    if (status === 'paid') {
      paymentId = payments.length + 1
      payments.push({
        id: paymentId,
        amount: minor,
        currency,
        status: 'succeeded',
        orderId: id,
        customerId,
        createdAt,
      })
    }
    orders.push({
      id,
      status,
      total,
      currency,
      customerId,
      note: null,
      version: 1,
      createdAt,
      updatedAt: createdAt,
      paymentId,
    })
  }
  return { ...seed, orders, payments, idempotencyKeys: [] }
}
