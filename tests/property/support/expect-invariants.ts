import type { StateSnapshot } from '../../../src/index.ts'
import { toMinor } from './money.ts'

export class BrokenInvariant extends Error {
  override readonly name = 'BrokenInvariant'
}

function ensure(condition: unknown, what: string) {
  if (!condition) throw new BrokenInvariant(what)
}

export function balanceSum(state: StateSnapshot) {
  return state.accounts.reduce((sum, account) => sum + account.balance, 0)
}

/**
 * The state invariants every step must keep: money is only moved, never made or lost; a paid order
 * has exactly one payment of its total; a payment for an order points at that paid order; failed
 * transfers record why they failed.
 */
export function expectInvariants(state: StateSnapshot, moneyTotal: number) {
  ensure(
    balanceSum(state) === moneyTotal,
    `money not conserved: ${balanceSum(state)} ≠ ${moneyTotal}`,
  )
  for (const account of state.accounts)
    ensure(
      Number.isSafeInteger(account.balance) && account.balance >= 0,
      `account ${account.id} balance ${account.balance}`,
    )
  const orders = new Map(state.orders.map((order) => [order.id, order]))
  for (const order of state.orders) {
    const payments = state.payments.filter((p) => p.orderId === order.id)
    if (order.status === 'paid') {
      ensure(
        payments.length === 1,
        `paid order ${order.id} has ${payments.length} payments`,
      )
      const [payment] = payments
      ensure(
        payment?.id === order.paymentId,
        `order ${order.id} names payment ${order.paymentId}`,
      )
      ensure(
        payment?.amount === toMinor(order.total, order.currency) &&
          payment.currency === order.currency,
        `order ${order.id} (${order.total} ${order.currency}) paid ${payment?.amount} ${payment?.currency}`,
      )
    } else {
      ensure(
        order.paymentId === null,
        `${order.status} order ${order.id} names a payment`,
      )
    }
  }
  for (const payment of state.payments) {
    if (payment.orderId === null) continue
    const order = orders.get(payment.orderId)
    ensure(
      order?.status === 'paid' && order.paymentId === payment.id,
      `payment ${payment.id} points at order ${payment.orderId} (${order?.status ?? 'missing'})`,
    )
  }
  for (const transfer of state.transfers) {
    if (transfer.status === 'failed')
      ensure(
        transfer.failure !== null &&
          transfer.failure.balance < transfer.failure.requested &&
          transfer.failure.requested === transfer.amount,
        `failed transfer ${transfer.id} without a valid failure record`,
      )
    else
      ensure(
        transfer.failure === null,
        `completed transfer ${transfer.id} with a failure`,
      )
  }
}

/** Everything but the idempotency records, for "this request changed nothing" comparisons. */
export function tablesOf(state: StateSnapshot) {
  const { idempotencyKeys: _keys, ...tables } = state
  return tables
}
