import { describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'

describe('the core without msw', () => {
  it('answers api.fetch(new Request(...)) directly', async () => {
    const api = createMockApi()
    const response = await api.fetch(
      new Request('http://example.test/api/orders/1', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    const order = await response.json()
    expect(order).toMatchObject({
      id: 1,
      status: 'pending',
      total: 42.5,
      currency: 'usd',
    })
    expect(order._links.pay).toEqual({
      href: '/api/orders/1/payment',
      method: 'POST',
      title: 'Pay this order',
    })
  })

  it('keeps instances independent', async () => {
    const a = createMockApi()
    const b = createMockApi()
    const cancel = new Request('http://x/api/orders/1/cancel', {
      method: 'POST',
      headers: { Authorization: 'Bearer customer-1-token' },
    })
    expect((await a.fetch(cancel)).status).toBe(200)
    expect(a.state.snapshot().orders[0]?.status).toBe('cancelled')
    expect(b.state.snapshot().orders[0]?.status).toBe('pending')
  })
})
