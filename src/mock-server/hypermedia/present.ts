import type {
  Account,
  Customer,
  Order,
  Payment,
  Transfer,
} from '../store/types.ts'

export interface Link {
  href: string
  method?: 'POST' | 'PUT' | 'DELETE'
  title?: string
}

export type Links = Record<string, Link>

/**
 * Representations with their `_links`. Links are derived from state: an action the state does not
 * allow has no link, so a client that follows links never sends a request the resource refuses.
 */
export function orderActions(order: Order): string[] {
  return order.status === 'pending' ? ['cancel', 'pay'] : []
}

export function presentOrder(order: Order, base: string) {
  const self = `${base}/orders/${order.id}`
  const _links: Links = {
    self: { href: self },
    customer: { href: `${base}/customers/${order.customerId}` },
  }
  if (order.status === 'pending') {
    _links.cancel = {
      href: `${self}/cancel`,
      method: 'POST',
      title: 'Cancel this order',
    }
    _links.pay = {
      href: `${self}/payment`,
      method: 'POST',
      title: 'Pay this order',
    }
  }
  if (order.status === 'paid' && order.paymentId !== null) {
    _links.payment = { href: `${base}/payments/${order.paymentId}` }
  }
  const { paymentId: _paymentId, ...members } = order
  return { ...members, _links }
}

export function presentPayment(payment: Payment, base: string) {
  const _links: Links = { self: { href: `${base}/payments/${payment.id}` } }
  if (payment.orderId !== null)
    _links.order = { href: `${base}/orders/${payment.orderId}` }
  const { customerId: _customerId, ...members } = payment
  return { ...members, _links }
}

export function presentAccount(account: Account, base: string) {
  const self = `${base}/accounts/${account.id}`
  const { version: _version, ...members } = account
  return {
    ...members,
    _links: {
      self: { href: self },
      customer: { href: `${base}/customers/${account.customerId}` },
      transfers: { href: `${self}/transfers` },
    },
  }
}

export function presentTransfer(transfer: Transfer, base: string) {
  const { failure: _failure, ...members } = transfer
  return {
    ...members,
    _links: {
      self: { href: `${base}/transfers/${transfer.id}` },
      from: { href: `${base}/accounts/${transfer.fromAccountId}` },
      to: { href: `${base}/accounts/${transfer.toAccountId}` },
    },
  }
}

export function presentCustomer(customer: Customer, base: string) {
  const self = `${base}/customers/${customer.id}`
  return {
    ...customer,
    _links: {
      self: { href: self },
      orders: { href: `${self}/orders` },
      accounts: { href: `${self}/accounts` },
    },
  }
}

/** A strong validator that changes whenever the item's version does. */
export function etagFor(kind: string, id: number, version = 1) {
  return `"${kind}-${id}-v${version}"`
}
