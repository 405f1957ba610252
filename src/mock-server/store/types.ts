export const currencies = [
  'usd',
  'eur',
  'gbp',
  'jpy',
  'chf',
  'cad',
  'aud',
] as const
export type Currency = (typeof currencies)[number]

/** ISO 4217 minor-unit exponents: `total` (major units) × 10^exponent = `amount` (minor units). */
export const currencyExponent: Record<Currency, number> = {
  usd: 2,
  eur: 2,
  gbp: 2,
  jpy: 0,
  chf: 2,
  cad: 2,
  aud: 2,
}

export type OrderStatus = 'pending' | 'paid' | 'cancelled'
export type TransferStatus = 'completed' | 'failed'

export interface Customer {
  id: number
  name: string
  email: string
}

export interface Order {
  id: number
  status: OrderStatus
  total: number
  currency: Currency
  customerId: number
  note: string | null
  version: number
  createdAt: string
  updatedAt: string
  /** Set when paid; drives the `payment` link. */
  paymentId: number | null
}

export interface Payment {
  id: number
  amount: number
  currency: Currency
  status: 'succeeded'
  orderId: number | null
  /** Owner; not part of the representation. Null for admin payments not tied to an order. */
  customerId: number | null
  createdAt: string
}

export interface Account {
  id: number
  customerId: number
  currency: Currency
  balance: number
  /** Bumped on every balance change; drives the ETag. */
  version: number
}

export interface Transfer {
  id: number
  fromAccountId: number
  toAccountId: number
  amount: number
  currency: Currency
  status: TransferStatus
  createdAt: string
  /** Kept for failed transfers, so that `GET` answers with the same problem. */
  failure: { balance: number; requested: number } | null
}

export interface StoredResponse {
  status: number
  body: string
  headers: Record<string, string>
}

export interface IdempotencyRecord {
  scope: string
  key: string
  method: string
  path: string
  principal: string
  fingerprint: string
  createdAt: string
  expiresAt: string
  state: 'in-flight' | 'completed'
  response: StoredResponse | null
}

export interface Tables {
  customers: Customer[]
  orders: Order[]
  payments: Payment[]
  accounts: Account[]
  transfers: Transfer[]
}

/** The whole data state as plain JSON: what snapshot/restore and persistence exchange. */
export interface StateSnapshot extends Tables {
  schemaVersion: 1
  idempotencyKeys: IdempotencyRecord[]
}
