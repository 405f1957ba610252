import { describe, expect, test } from 'vitest'
import type { Resource } from './index.ts'
import { baseUrl, createTestClient, json } from './test-harness.ts'

const order: Resource = {
  id: 1,
  status: 'pending',
  _links: {
    self: { href: '/api/orders/1' },
    customer: { href: '/api/customers/1' },
    pay: {
      href: '/api/orders/1/payment',
      method: 'POST',
      title: 'Pay this order',
    },
  },
}

describe('hypermedia', () => {
  test('root() GETs the entry point', async () => {
    const { client, requests } = createTestClient([
      json({ _links: { self: { href: '/api' } } }),
    ])
    await expect(client.root()).resolves.toEqual({
      _links: { self: { href: '/api' } },
    })
    expect(requests[0]?.method).toBe('GET')
    expect(requests[0]?.url).toBe(baseUrl)
  })

  test("follow() sends the link's method to the link's href", async () => {
    const { client, requests } = createTestClient([
      json({ id: 7, amount: 4250 }, 201),
    ])
    const payment = await client.follow(order, 'pay')
    expect(payment).toEqual({ id: 7, amount: 4250 })
    expect(requests[0]?.method).toBe('POST')
    expect(requests[0]?.url).toBe('http://hypermock.test/api/orders/1/payment')
    expect(requests[0]?.headers.get('Idempotency-Key')).not.toBeNull()
  })

  test('follow() GETs a link without a method', async () => {
    const { client, requests } = createTestClient([
      json({ id: 1, name: 'Acme Corp' }),
    ])
    await client.follow(order, 'customer')
    expect(requests[0]?.method).toBe('GET')
    expect(requests[0]?.url).toBe('http://hypermock.test/api/customers/1')
  })

  test('follow() names the missing relation and the available ones', async () => {
    const { client, requests } = createTestClient([])
    await expect(client.follow(order, 'cancel-order')).rejects.toThrow(
      'Failed to follow "cancel-order": /api/orders/1 has no such link. Available relations: "self", "customer", "pay".',
    )
    expect(requests).toHaveLength(0)
  })

  test('follow() explains when a resource has no links at all', async () => {
    const { client } = createTestClient([])
    await expect(client.follow({ id: 1 }, 'self')).rejects.toThrow(
      /Available relations: none/,
    )
  })

  test('accepts a link object as a request target', async () => {
    const { client, requests } = createTestClient([json({}, 200)])
    const response = await client.request({
      href: '/api/orders/1/cancel',
      method: 'post',
    })
    expect(response.status).toBe(200)
    expect(requests[0]?.method).toBe('POST')
  })

  test('sends the token as a Bearer credential and asks for JSON', async () => {
    const { client, requests } = createTestClient([json({})], {
      token: 'customer-1-token',
    })
    await client.get('/api/orders')
    expect(requests[0]?.headers.get('Authorization')).toBe(
      'Bearer customer-1-token',
    )
    expect(requests[0]?.headers.get('Accept')).toBe(
      'application/json, application/problem+json',
    )
  })

  test('resolves an href against the entry point', () => {
    const { client } = createTestClient([])
    expect(client.resolve('/api/orders/1')).toBe(
      'http://hypermock.test/api/orders/1',
    )
  })
})
