import type { Currency, Order, OrderStatus, StateSnapshot } from './types.ts'

const SEED_EPOCH = Date.parse('2026-01-05T09:00:00.000Z')
const HOUR = 3_600_000

function at(hours: number) {
  return new Date(SEED_EPOCH + hours * HOUR).toISOString()
}

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
const cycleStatuses: OrderStatus[] = [
  'pending',
  'pending',
  'cancelled',
  'pending',
]

function seededOrder(id: number): Order {
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
 * The guaranteed fixtures (contract section 11). Fixed timestamps keep the seed identical on every
 * machine and every reset, whatever the mock clock says.
 */
export function createSeed(): StateSnapshot {
  const orders = Array.from({ length: 30 }, (_, i) => seededOrder(i + 1))
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
  return {
    schemaVersion: 1,
    customers: [
      { id: 1, name: 'Acme Corp', email: 'billing@acme.example' },
      { id: 2, name: 'Globex Ltd', email: 'accounts@globex.example' },
    ],
    orders,
    payments: [
      {
        id: 1,
        amount: 1999,
        currency: 'usd',
        status: 'succeeded',
        orderId: 2,
        customerId: 1,
        createdAt: at(3),
      },
    ],
    accounts: [
      { id: 1, customerId: 1, currency: 'usd', balance: 100_000, version: 1 },
      { id: 2, customerId: 1, currency: 'usd', balance: 500, version: 1 },
      { id: 3, customerId: 2, currency: 'usd', balance: 250_000, version: 1 },
    ],
    transfers: [
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
    ],
    idempotencyKeys: [],
  }
}
