import { describe, expect, it } from 'vitest'
import { pathRouter } from './path-router.ts'

describe('pathRouter', () => {
  const match = pathRouter<string>([
    ['/api/orders', 'list'],
    ['/api/orders/:id', 'item'],
    ['/api/orders/:id/cancel', 'cancel'],
    ['/api/:collection/:id', 'any item'],
  ])

  it('gives every matching route with its parameters, in the order they were added', () => {
    expect(match('/api/orders/7')).toEqual([
      ['item', { id: '7' }],
      ['any item', { collection: 'orders', id: '7' }],
    ])
    expect(match('/api/orders')).toEqual([['list', {}]])
    expect(match('/api/nothing')).toEqual([])
  })

  it('answers the same whether a path is new, kept, or long past the kept ones', () => {
    const first = match('/api/orders/1/cancel')
    expect(first).toEqual([['cancel', { id: '1' }]])
    expect(match('/api/orders/1/cancel')).toBe(first)
    // More paths than are kept, and one too long to keep: each still matches as a new one would.
    for (let id = 0; id < 600; id++)
      expect(match(`/api/payments/${id}`)).toEqual([
        ['any item', { collection: 'payments', id: String(id) }],
      ])
    const long = 'x'.repeat(5000)
    expect(match(`/api/orders/${long}`)[0]).toEqual(['item', { id: long }])
    expect(match('/api/orders/1/cancel')).toEqual(first)
  })

  it('hands out frozen answers, which callers share', () => {
    const [[, params]] = match('/api/orders/3') as [[string, { id: string }]]
    expect(Object.isFrozen(params)).toBe(true)
    expect(() => {
      ;(params as { id: string }).id = '4'
    }).toThrow(TypeError)
    expect(match('/api/orders/3')[0]![1]).toEqual({ id: '3' })
  })
})
