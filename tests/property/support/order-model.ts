import { type StateSnapshot } from '../../../src/index.ts'
import { createSeed } from '../../support/shop-fixtures.ts'

/**
 * A small reference model of orders, payments, accounts and transfers: what the contract says the
 * state must be, kept by the model-based test independently of the mock's code.
 */
export interface ModelOrder {
  id: number
  status: 'pending' | 'paid' | 'cancelled'
  total: number
  currency: string
  customerId: number
  version: number
  paymentId: number | null
}

export interface ModelPayment {
  id: number
  amount: number
  currency: string
  orderId: number | null
  customerId: number | null
}

export interface ModelTransfer {
  id: number
  fromAccountId: number
  toAccountId: number
  amount: number
  status: 'completed' | 'failed'
  /** What a failed transfer's problem reports. */
  balance: number | null
}

export interface ModelAccount {
  id: number
  customerId: number
  balance: number
}

/** A keyed POST whose result the mock stored: what a replay must give back byte for byte. */
export interface StoredCall {
  token: string
  path: string
  key: string
  body: string | undefined
  status: number
  text: string
  /** The order the path names (`/orders/{id}/...`), checked for 404 before the key. */
  orderId: number | null
}

export interface Model {
  orders: Map<number, ModelOrder>
  payments: Map<number, ModelPayment>
  transfers: Map<number, ModelTransfer>
  accounts: Map<number, ModelAccount>
  next: { order: number; payment: number; transfer: number }
  stored: StoredCall[]
}

export function seedModel(): Model {
  const seed = createSeed()
  return {
    orders: new Map(
      seed.orders.map((o) => [
        o.id,
        {
          id: o.id,
          status: o.status,
          total: o.total,
          currency: o.currency,
          customerId: o.customerId,
          version: o.version,
          paymentId: o.paymentId,
        },
      ]),
    ),
    payments: new Map(
      seed.payments.map((p) => [
        p.id,
        {
          id: p.id,
          amount: p.amount,
          currency: p.currency,
          orderId: p.orderId,
          customerId: p.customerId,
        },
      ]),
    ),
    transfers: new Map(
      seed.transfers.map((t) => [
        t.id,
        {
          id: t.id,
          fromAccountId: t.fromAccountId,
          toAccountId: t.toAccountId,
          amount: t.amount,
          status: t.status,
          balance: t.failure?.balance ?? null,
        },
      ]),
    ),
    accounts: new Map(
      seed.accounts.map((a) => [
        a.id,
        { id: a.id, customerId: a.customerId, balance: a.balance },
      ]),
    ),
    next: {
      order: seed.orders.length + 1,
      payment: seed.payments.length + 1,
      transfer: seed.transfers.length + 1,
    },
    stored: [],
  }
}

/** The model's view of a snapshot, for a whole-state comparison after every command. */
export function project(state: StateSnapshot) {
  const sorted = <T extends { id: number }>(rows: T[]) =>
    [...rows].sort((a, b) => a.id - b.id)
  state = {
    ...state,
    orders: sorted(state.orders),
    payments: sorted(state.payments),
    transfers: sorted(state.transfers),
    accounts: sorted(state.accounts),
  }
  return {
    orders: state.orders.map((o) => [
      o.id,
      o.status,
      o.total,
      o.currency,
      o.customerId,
      o.version,
      o.paymentId,
    ]),
    payments: state.payments.map((p) => [
      p.id,
      p.amount,
      p.currency,
      p.orderId,
      p.customerId,
    ]),
    transfers: state.transfers.map((t) => [
      t.id,
      t.fromAccountId,
      t.toAccountId,
      t.amount,
      t.status,
    ]),
    accounts: state.accounts.map((a) => [a.id, a.customerId, a.balance]),
  }
}

export function projectModel(model: Model) {
  const byId = <T extends { id: number }>(rows: Map<number, T>) =>
    [...rows.values()].sort((a, b) => a.id - b.id)
  return {
    orders: byId(model.orders).map((o) => [
      o.id,
      o.status,
      o.total,
      o.currency,
      o.customerId,
      o.version,
      o.paymentId,
    ]),
    payments: byId(model.payments).map((p) => [
      p.id,
      p.amount,
      p.currency,
      p.orderId,
      p.customerId,
    ]),
    transfers: byId(model.transfers).map((t) => [
      t.id,
      t.fromAccountId,
      t.toAccountId,
      t.amount,
      t.status,
    ]),
    accounts: byId(model.accounts).map((a) => [a.id, a.customerId, a.balance]),
  }
}
