import type { SeedContext } from '../../mock-server/index.ts'
import type { Currency } from './money.ts'
import type { Account, Customer, Order, Payment, Transfer } from './schemas.ts'

const cycleCurrencies: Currency[] = [
  'usd',
  'eur',
  'gbp',
  'usd',
  'chf',
  'cad',
  'aud',
  'jpy',
]
const cycleStatuses: Order['status'][] = [
  'pending',
  'pending',
  'cancelled',
  'pending',
]

function seededOrder(id: number, at: SeedContext['at']): Order {
  const customerId = id <= 25 ? 1 : 2
  const currency = cycleCurrencies[id % cycleCurrencies.length] ?? 'usd'
  // Deterministic, varied totals; whole numbers for jpy, which has no minor unit.
  const raw = ((id * 7919) % 50_000) / 100 + 5
  const total =
    currency === 'jpy' ? Math.round(raw * 100) : Math.round(raw * 100) / 100
  return {
    id,
    status: cycleStatuses[id % cycleStatuses.length] ?? 'pending',
    total,
    currency,
    customerId,
    note: null,
    version: 1,
    createdAt: at(id),
    updatedAt: at(id),
    paymentId: null,
  }
}

/**
 * The guaranteed fixtures: orders 1 to 25 belong to customer 1, 26 to 30 to
 * customer 2; order 1 is pending (42.5 usd), 2 paid (payment 1), 3 cancelled. Fixed timestamps keep
 * the seed identical on every machine and every reset, whatever the mock clock says.
 */
export function orderSeed({ at }: SeedContext): Order[] {
  const orders = Array.from({ length: 30 }, (_, i) => seededOrder(i + 1, at))
  orders[0] = {
    ...orders[0]!,
    status: 'pending',
    total: 42.5,
    currency: 'usd',
    note: 'First order',
  }
  orders[1] = {
    ...orders[1]!,
    status: 'paid',
    total: 19.99,
    currency: 'usd',
    paymentId: 1,
  }
  orders[2] = {
    ...orders[2]!,
    status: 'cancelled',
    total: 7.25,
    currency: 'eur',
  }
  return orders
}

export const customerSeed: Customer[] = [
  { id: 1, name: 'Acme Corp', email: 'billing@acme.example' },
  { id: 2, name: 'Globex Ltd', email: 'accounts@globex.example' },
]

export function paymentSeed({ at }: SeedContext): Payment[] {
  return [
    {
      id: 1,
      amount: 1999,
      currency: 'usd',
      status: 'succeeded',
      orderId: 2,
      customerId: 1,
      createdAt: at(3),
    },
  ]
}

export const accountSeed: Account[] = [
  { id: 1, customerId: 1, currency: 'usd', balance: 100_000, version: 1 },
  { id: 2, customerId: 1, currency: 'usd', balance: 500, version: 1 },
  { id: 3, customerId: 2, currency: 'usd', balance: 250_000, version: 1 },
]

export function transferSeed({ at }: SeedContext): Transfer[] {
  return [
    {
      id: 1,
      fromAccountId: 1,
      toAccountId: 3,
      amount: 2500,
      currency: 'usd',
      status: 'completed',
      createdAt: at(40),
      failure: null,
    },
    {
      id: 2,
      fromAccountId: 2,
      toAccountId: 1,
      amount: 1000,
      currency: 'usd',
      status: 'failed',
      createdAt: at(41),
      failure: { balance: 500, requested: 1000 },
    },
  ]
}
