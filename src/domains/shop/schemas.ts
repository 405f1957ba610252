import { z } from 'zod'
import { currencies } from './money.ts'

const MAX_MINOR = 1_000_000_000_00
/** The largest id a row may have (the engine refuses to hand out more). */
const MAX_ID = 2_147_483_647

export const id = (what: string) =>
  z
    .number({ error: `must be the integer id of ${what}` })
    .int({ error: `must be the integer id of ${what}` })
    .positive({ error: 'must be ≥ 1' })

const rowId = z
  .number()
  .int()
  .positive()
  .max(MAX_ID, { error: `must be at most ${MAX_ID}` })
const timestamp = z.iso.datetime()
const text = z.string().max(1000, { error: 'must be at most 1000 characters' })
const money = z.number().int().nonnegative()

export const currency = z.enum(currencies, {
  error: `must be one of ${currencies.join(', ')} (lowercase)`,
})

export const amount = z
  .number({ error: 'must be an integer amount in minor units (cents)' })
  .int({
    error:
      'must be an integer amount in minor units (cents), e.g. 1999 for 19.99',
  })
  .positive({ error: 'must be greater than 0' })
  .max(MAX_MINOR, { error: `must be at most ${MAX_MINOR}` })

export const total = z
  .number({ error: 'must be a decimal number in major units, e.g. 42.5' })
  .positive({ error: 'must be greater than 0' })
  .max(MAX_MINOR / 100, { error: `must be at most ${MAX_MINOR / 100}` })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'must have at most 2 fraction digits',
  })

export const note = z
  .string({ error: 'must be a string or null' })
  .max(500, { error: 'must be at most 500 characters' })
  .nullable()

// The stored records: what snapshots hold and the description shows (less hidden fields).

export const customer = z.strictObject({ id: rowId, name: text, email: text })

export const order = z.strictObject({
  id: rowId,
  status: z.enum(['pending', 'paid', 'cancelled']),
  total: z.number().positive(),
  currency: z.enum(currencies),
  customerId: rowId,
  note: text.nullable(),
  version: rowId,
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Set when paid; drives the `payment` link. */
  paymentId: rowId.nullable(),
})

export const payment = z.strictObject({
  id: rowId,
  amount: rowId,
  currency: z.enum(currencies),
  status: z.literal('succeeded'),
  orderId: rowId.nullable(),
  /** Owner; not part of the representation. Null for admin payments not tied to an order. */
  customerId: rowId.nullable(),
  createdAt: timestamp,
})

export const account = z.strictObject({
  id: rowId,
  customerId: rowId,
  currency: z.enum(currencies),
  balance: money,
  /** Bumped on every balance change; drives the ETag. */
  version: rowId,
})

export const transfer = z.strictObject({
  id: rowId,
  fromAccountId: rowId,
  toAccountId: rowId,
  amount: rowId,
  currency: z.enum(currencies),
  status: z.enum(['completed', 'failed']),
  createdAt: timestamp,
  /** Kept for failed transfers, so that `GET` answers with the same problem. */
  failure: z.strictObject({ balance: money, requested: rowId }).nullable(),
})

// The request bodies.

export const orderCreate = z.strictObject({
  total,
  currency,
  note: note.optional(),
  customerId: id('a customer').optional(),
})
export const orderReplace = z.strictObject({
  total,
  currency,
  note: note.optional(),
  version: id('a version').optional(),
})
export const paymentCreate = z.strictObject({
  amount,
  currency,
  orderId: id('an order').optional(),
})
export const transferCreate = z.strictObject({
  fromAccountId: id('an account'),
  toAccountId: id('an account'),
  amount,
  currency,
})

export type Order = z.infer<typeof order>
export type Payment = z.infer<typeof payment>
export type Account = z.infer<typeof account>
export type Transfer = z.infer<typeof transfer>
export type Customer = z.infer<typeof customer>
