import { describe, expect, test } from 'vitest'
import { formatMoney, majorValue } from './money-note.tsx'

describe('majorValue', () => {
  test('reads amounts and balances in minor units with their currency', () => {
    expect(majorValue('amount', 32176, { currency: 'chf' })).toBe(
      '= 321.76 chf',
    )
    expect(majorValue('balance', 500, { currency: 'usd' })).toBe('= 5.00 usd')
    expect(majorValue('amount', 1200, { currency: 'jpy' })).toBe('= 1200 jpy')
  })

  test('leaves totals (major units), unknown currencies and non-numbers alone', () => {
    expect(majorValue('total', 321.76, { currency: 'chf' })).toBeNull()
    expect(majorValue('amount', 100, { currency: 'xxx' })).toBeNull()
    expect(majorValue('amount', 100, {})).toBeNull()
    expect(majorValue('amount', '100', { currency: 'usd' })).toBeNull()
  })
})

describe('formatMoney', () => {
  test('writes major units first and minor units alongside, whichever the API gave', () => {
    expect(formatMoney(19.99, 'usd', 'major')).toBe(
      '19.99 usd (1999 minor units)',
    )
    expect(formatMoney(1999, 'usd', 'minor')).toBe(
      '19.99 usd (1999 minor units)',
    )
    expect(formatMoney(1200, 'jpy', 'minor')).toBe(
      '1200 jpy (1200 minor units)',
    )
  })
})
