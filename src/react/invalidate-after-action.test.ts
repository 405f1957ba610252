import { describe, expect, test } from 'vitest'
import { createQueryClient } from './index.ts'
import { isAffectedByAction } from './invalidate-after-action.ts'

const resolve = (href: string) =>
  new URL(href, 'http://hypermock.test/api').href
const footprint = {
  actionUrl: resolve('/api/orders/1/payment'),
  resultUrl: resolve('/api/payments/1'),
}
const pendingOrder = {
  id: 1,
  _links: {
    self: { href: '/api/orders/1' },
    pay: { href: '/api/orders/1/payment', method: 'POST' },
  },
}
const otherOrder = { id: 2, _links: { self: { href: '/api/orders/2' } } }

describe('isAffectedByAction', () => {
  test('marks the resource that offered the action', () => {
    expect(
      isAffectedByAction(
        resolve('/api/orders/1'),
        pendingOrder,
        footprint,
        resolve,
      ),
    ).toBe(true)
  })

  test('marks a collection holding the resource that offered the action', () => {
    const collection = {
      items: [otherOrder, pendingOrder],
      _links: { self: { href: '/api/orders' } },
    }
    expect(
      isAffectedByAction(
        resolve('/api/orders'),
        collection,
        footprint,
        resolve,
      ),
    ).toBe(true)
  })

  test('marks the returned resource and collections holding it', () => {
    const payment = { id: 1, _links: { self: { href: '/api/payments/1' } } }
    expect(
      isAffectedByAction(
        resolve('/api/payments/1'),
        undefined,
        footprint,
        resolve,
      ),
    ).toBe(true)
    expect(
      isAffectedByAction(
        resolve('/api/payments'),
        { items: [payment] },
        footprint,
        resolve,
      ),
    ).toBe(true)
  })

  test('marks the resource at the action URL itself, as for a PUT', () => {
    const put = {
      actionUrl: resolve('/api/orders/2'),
      resultUrl: resolve('/api/orders/2'),
    }
    expect(
      isAffectedByAction(resolve('/api/orders/2'), otherOrder, put, resolve),
    ).toBe(true)
  })

  test('leaves unrelated resources and collections alone', () => {
    expect(
      isAffectedByAction(
        resolve('/api/orders/2'),
        otherOrder,
        footprint,
        resolve,
      ),
    ).toBe(false)
    expect(
      isAffectedByAction(
        resolve('/api'),
        { _links: { orders: { href: '/api/orders' } } },
        footprint,
        resolve,
      ),
    ).toBe(false)
    expect(
      isAffectedByAction(
        resolve('/api/orders'),
        { items: [otherOrder] },
        footprint,
        resolve,
      ),
    ).toBe(false)
  })
})

describe('createQueryClient', () => {
  test('turns TanStack retries off for queries and mutations, keeping other options', () => {
    const queryClient = createQueryClient({
      defaultOptions: { queries: { staleTime: 1000, retry: 3 } },
    })
    const defaults = queryClient.getDefaultOptions()
    expect(defaults.queries).toMatchObject({ retry: false, staleTime: 1000 })
    expect(defaults.mutations).toMatchObject({ retry: false })
  })
})
