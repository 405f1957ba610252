import { z } from 'zod'
import { limits } from '../limits.ts'
import {
  toFieldError,
  type FieldError,
  type Issue,
} from '../validation/validate.ts'
import { currencies, type StateSnapshot } from './types.ts'

const id = z
  .number()
  .int()
  .positive()
  .max(limits.maxId, { error: `must be at most ${limits.maxId}` })
const timestamp = z.iso.datetime()
const currency = z.enum(currencies)
const money = z.number().int().nonnegative()
const text = z.string().max(limits.snapshotString, {
  error: `must be at most ${limits.snapshotString} characters`,
})
const rows = <T extends z.ZodType>(row: T) =>
  z.array(row).max(limits.snapshotRows, {
    error: `must hold at most ${limits.snapshotRows} rows`,
  })
// Replayed as response headers: only the ones the mock stores, with values a header can carry.
const headerValue = text.regex(/^[\t\x20-\x7e]*$/, {
  error: 'must be printable ASCII (a header value)',
})
const NULL_BODY = new Set([204, 205, 304])

const customer = z.strictObject({ id, name: text, email: text })
const order = z.strictObject({
  id,
  status: z.enum(['pending', 'paid', 'cancelled']),
  total: z.number().positive(),
  currency,
  customerId: id,
  note: text.nullable(),
  version: id,
  createdAt: timestamp,
  updatedAt: timestamp,
  paymentId: id.nullable(),
})
const payment = z.strictObject({
  id,
  amount: id,
  currency,
  status: z.literal('succeeded'),
  orderId: id.nullable(),
  customerId: id.nullable(),
  createdAt: timestamp,
})
const account = z.strictObject({
  id,
  customerId: id,
  currency,
  balance: money,
  version: id,
})
const transfer = z.strictObject({
  id,
  fromAccountId: id,
  toAccountId: id,
  amount: id,
  currency,
  status: z.enum(['completed', 'failed']),
  createdAt: timestamp,
  failure: z.strictObject({ balance: money, requested: id }).nullable(),
})
const storedBody = z.string().max(limits.snapshotStoredBody, {
  error: `must be at most ${limits.snapshotStoredBody} characters`,
})
const idempotencyRecord = z.strictObject({
  scope: text,
  key: text,
  method: z.literal('POST'),
  path: text,
  principal: text,
  fingerprint: storedBody,
  createdAt: timestamp,
  expiresAt: timestamp,
  state: z.literal('completed'),
  response: z
    .strictObject({
      status: z
        .number()
        .int()
        .min(200, { error: 'must be a final status from 200 to 599' })
        .max(599, { error: 'must be a final status from 200 to 599' }),
      body: storedBody,
      headers: z.strictObject({
        Location: headerValue.optional(),
        ETag: headerValue.optional(),
        'Content-Type': headerValue.optional(),
      }),
    })
    .refine((r) => !NULL_BODY.has(r.status) || r.body === '', {
      error: 'a 204, 205 or 304 response has an empty body',
    }),
})

/** The stored rows; the OpenAPI description derives the representations from these. */
export const rowSchemas = { customer, order, payment, account, transfer }

export const snapshotSchema = z.strictObject({
  schemaVersion: z.literal(1),
  customers: rows(customer),
  orders: rows(order),
  payments: rows(payment),
  accounts: rows(account),
  transfers: rows(transfer),
  idempotencyKeys: rows(idempotencyRecord),
})

/**
 * A snapshot that is JSON but no state the mock can hold. `errors` lists each problem in the shape
 * of every `errors` array (`field`, `message`, `pointer`); `issues` says the same in one line each.
 */
export class InvalidSnapshotError extends Error {
  override readonly name = 'InvalidSnapshotError'
  readonly errors: FieldError[]
  readonly issues: string[]

  constructor(issues: Issue[]) {
    const errors = issues.map(toFieldError)
    const lines = errors.map(
      (error) => `${error.field || '(root)'}: ${error.message}`,
    )
    super(
      `Failed to restore the mock state: the snapshot is invalid (${lines.slice(0, 3).join('; ')}).`,
    )
    this.errors = errors
    this.issues = lines
  }
}

function duplicateIds(name: string, rows: { id: number }[]) {
  const seen = new Set<number>()
  const issues: Issue[] = []
  rows.forEach((row, index) => {
    if (seen.has(row.id))
      issues.push({
        path: [name, index, 'id'],
        message: `${row.id} appears twice`,
      })
    seen.add(row.id)
  })
  return issues
}

/** Validates a snapshot whole (shape, unique ids, references) before anything is replaced. */
export function parseSnapshot(input: unknown): StateSnapshot {
  const parsed = snapshotSchema.safeParse(input)
  if (!parsed.success) {
    throw new InvalidSnapshotError(
      parsed.error.issues.map(({ path, message }) => ({ path, message })),
    )
  }
  const s = parsed.data
  const customerIds = new Set(s.customers.map((c) => c.id))
  const accountIds = new Set(s.accounts.map((a) => a.id))
  const orderIds = new Set(s.orders.map((o) => o.id))
  const paymentIds = new Set(s.payments.map((p) => p.id))
  const issues = [
    ...duplicateIds('customers', s.customers),
    ...duplicateIds('orders', s.orders),
    ...duplicateIds('payments', s.payments),
    ...duplicateIds('accounts', s.accounts),
    ...duplicateIds('transfers', s.transfers),
  ]
  const unknown = (
    table: string,
    index: number,
    member: string,
    what: string,
    id: number,
  ) =>
    issues.push({
      path: [table, index, member],
      message: `names unknown ${what} ${id}`,
    })
  s.orders.forEach((o, i) => {
    if (!customerIds.has(o.customerId))
      unknown('orders', i, 'customerId', 'customer', o.customerId)
    if (o.paymentId !== null && !paymentIds.has(o.paymentId))
      unknown('orders', i, 'paymentId', 'payment', o.paymentId)
  })
  s.payments.forEach((p, i) => {
    if (p.orderId !== null && !orderIds.has(p.orderId))
      unknown('payments', i, 'orderId', 'order', p.orderId)
  })
  s.accounts.forEach((a, i) => {
    if (!customerIds.has(a.customerId))
      unknown('accounts', i, 'customerId', 'customer', a.customerId)
  })
  s.transfers.forEach((t, i) => {
    if (!accountIds.has(t.fromAccountId))
      unknown('transfers', i, 'fromAccountId', 'account', t.fromAccountId)
    if (!accountIds.has(t.toAccountId))
      unknown('transfers', i, 'toAccountId', 'account', t.toAccountId)
  })
  if (issues.length > 0) throw new InvalidSnapshotError(issues)
  return s as StateSnapshot
}
