import { describe, expect, test } from 'vitest'
import { createOpenApiDocument, defineApi } from '../../index.ts'
import { shopApi } from '../../domains/shop/index.ts'
import { z } from 'zod'
import { formatMoney, moneyCell, moneyMembersOf } from './money-note.tsx'

const shopMoney = moneyMembersOf(
  createOpenApiDocument({ api: shopApi, basePath: '/api' }),
)

describe('moneyMembersOf', () => {
  test('finds the money a description declares: integers beside a currency in minor units, numbers in major', () => {
    expect(shopMoney.get('amount')).toBe('minor')
    expect(shopMoney.get('total')).toBe('major')
    expect(shopMoney.get('id')).toBeUndefined()
    expect(shopMoney.get('orderId')).toBeUndefined()
    expect(shopMoney.get('version')).toBeUndefined()
    expect(shopMoney.get('balance')).toBe('minor')
  })

  test('an API with no currency member has no money', () => {
    const hotel = defineApi({
      name: 'Hotel',
      base: '/api',
      resources: {
        rooms: {
          schema: z.object({
            id: z.number().int(),
            total: z.number(),
            amount: z.number().int(),
          }),
        },
      },
    })
    expect(
      moneyMembersOf(createOpenApiDocument({ api: hotel, basePath: '/api' })),
    ).toEqual(new Map())
    expect(moneyMembersOf(undefined)).toEqual(new Map())
  })
})

describe('moneyCell', () => {
  test('writes amounts (minor units) and totals (major) the same way', () => {
    expect(moneyCell('amount', 32176, { currency: 'chf' }, shopMoney)).toEqual({
      major: '321.76 chf',
      minor: '32176 minor units',
    })
    expect(moneyCell('total', 321.76, { currency: 'chf' }, shopMoney)).toEqual({
      major: '321.76 chf',
      minor: '32176 minor units',
    })
    expect(
      moneyCell('amount', 1200, { currency: 'jpy' }, shopMoney)?.major,
    ).toBe('1200 jpy')
  })

  test('leaves other members, unknown currencies, non-numbers and APIs without money alone', () => {
    expect(moneyCell('id', 3, { currency: 'chf' }, shopMoney)).toBeNull()
    expect(moneyCell('amount', 100, { currency: 'zzz' }, shopMoney)).toBeNull()
    expect(moneyCell('amount', 100, {}, shopMoney)).toBeNull()
    expect(
      moneyCell('amount', '100', { currency: 'usd' }, shopMoney),
    ).toBeNull()
    expect(moneyCell('amount', 100, { currency: 'usd' }, new Map())).toBeNull()
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
