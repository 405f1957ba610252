import { describe, expect, test } from 'vitest'
import { formatMoney, moneyCell } from './money-note.tsx'

describe('moneyCell', () => {
  test('writes amounts and balances (minor units) and totals (major) the same way', () => {
    expect(moneyCell('amount', 32176, { currency: 'chf' })).toEqual({
      major: '321.76 chf',
      minor: '32176 minor units',
    })
    expect(moneyCell('total', 321.76, { currency: 'chf' })).toEqual({
      major: '321.76 chf',
      minor: '32176 minor units',
    })
    expect(moneyCell('balance', 500, { currency: 'usd' })?.major).toBe(
      '5.00 usd',
    )
    expect(moneyCell('amount', 1200, { currency: 'jpy' })?.major).toBe(
      '1200 jpy',
    )
  })

  test('leaves other members, unknown currencies and non-numbers alone', () => {
    expect(moneyCell('id', 3, { currency: 'chf' })).toBeNull()
    expect(moneyCell('amount', 100, { currency: 'xxx' })).toBeNull()
    expect(moneyCell('amount', 100, {})).toBeNull()
    expect(moneyCell('amount', '100', { currency: 'usd' })).toBeNull()
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
