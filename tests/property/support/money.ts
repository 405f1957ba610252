/**
 * The test's own oracle for money (contract section 1), written independently of the mock's code:
 * `amount` = `total` × 10^exponent, jpy has no minor unit.
 */
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

export function exponentOf(currency: string) {
  return currency === 'jpy' ? 0 : 2
}

export function toMinor(total: number, currency: string) {
  return Math.round(total * 10 ** exponentOf(currency))
}

/** A valid `total` for the currency from a count of its minor units. */
export function fromMinor(minor: number, currency: string) {
  return minor / 10 ** exponentOf(currency)
}
