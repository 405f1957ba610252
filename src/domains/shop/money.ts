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

/** jpy and other zero-exponent currencies have no minor unit, so their totals are whole. */
export function totalFitsCurrency(value: number, code: Currency) {
  const factor = 10 ** currencyExponent[code]
  return Math.abs(value * factor - Math.round(value * factor)) < 1e-6
}

export function toMinorUnits(value: number, code: Currency) {
  return Math.round(value * 10 ** currencyExponent[code])
}
