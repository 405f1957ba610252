import { z } from 'zod'
import { currencies, currencyExponent, type Currency } from '../store/types.ts'

const MAX_MINOR = 1_000_000_000_00

export const id = (what: string) =>
  z
    .number({ error: `must be the integer id of ${what}` })
    .int({ error: `must be the integer id of ${what}` })
    .positive({ error: 'must be ≥ 1' })

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

/** jpy and other zero-exponent currencies have no minor unit, so their totals are whole. */
export function totalFitsCurrency(value: number, code: Currency) {
  const factor = 10 ** currencyExponent[code]
  return Math.abs(value * factor - Math.round(value * factor)) < 1e-6
}

export function toMinorUnits(value: number, code: Currency) {
  return Math.round(value * 10 ** currencyExponent[code])
}

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
export const emptyAction = z.strictObject({})
