import { describe, expect, test } from 'vitest'
import { majorValue } from './money-note.tsx'

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
