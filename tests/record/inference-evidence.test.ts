import { describe, expect, it } from 'vitest'
import type { Exchange } from '../../src/record/exchange.ts'
import { recordExchanges } from '../../src/record/record.ts'

const origin = 'https://shop.example'

function exchange(
  method: string,
  path: string,
  status: number,
  responseBody?: unknown,
  requestBody?: unknown,
): Exchange {
  return {
    source: `${method} ${path}`,
    method,
    url: new URL(path, origin),
    status,
    requestHeaders: [],
    requestBody,
    requestContentType: requestBody === undefined ? null : 'application/json',
    responseHeaders: [],
    responseBody,
    responseContentType:
      responseBody === undefined
        ? null
        : status >= 400
          ? 'application/problem+json'
          : 'application/json',
  }
}

const pending = (id: number, total = 10) => ({
  id,
  status: 'pending',
  total,
  _links: {
    self: { href: `/api/orders/${id}` },
    cancel: { href: `/api/orders/${id}/cancel`, method: 'POST' },
    pay: { href: `/api/orders/${id}/pay`, method: 'POST' },
  },
})
const cancelled = (id: number, total = 10) => ({
  id,
  status: 'cancelled',
  total,
  _links: { self: { href: `/api/orders/${id}` } },
})
const paid = (id: number) => ({
  ...cancelled(id),
  status: 'paid',
})
const list = (...items: unknown[]) => ({
  items,
  page: 1,
  perPage: 20,
  total: items.length,
})

describe('what a recording infers from evidence', () => {
  it('applies an action in the states whose records offered it, whatever a reset it never saw suggests', () => {
    const { api } = recordExchanges([
      exchange('GET', '/api/orders', 200, list(pending(1), pending(2))),
      exchange('POST', '/api/orders/1/cancel', 200, cancelled(1), {}),
      // The backend was reset here: order 1 is pending again, which the recording cannot see.
      exchange('POST', '/api/orders/1/pay', 200, paid(1), {}),
      exchange('POST', '/api/orders/2/pay', 200, paid(2), {}),
    ])
    const orders = api.resources.find((r) => r.name === 'orders')!
    expect(orders.state?.transitions).toMatchObject([
      { path: 'cancel', from: ['pending'], to: 'cancelled' },
      { path: 'pay', from: ['pending'], to: 'paid' },
    ])
  })

  it('keeps a bound the backend enforced with a 422, and only then', () => {
    const refused = {
      type: '/api/problems/validation-failed',
      title: 'Validation failed',
      status: 422,
      errors: [{ pointer: '#/total', detail: 'must be positive' }],
    }
    const seen = [
      exchange('GET', '/api/orders', 200, list(pending(1, 5), pending(2, 7))),
      exchange('POST', '/api/orders', 201, pending(3, 4), { total: 4 }),
    ]
    const bounded = recordExchanges([
      ...seen,
      exchange('POST', '/api/orders', 422, refused, { total: -5 }),
    ])
    expect(bounded.source).toMatch(
      /total: z\.number\(\)\.int\(\)\.positive\(\)/,
    )
    expect(recordExchanges(seen).source).not.toMatch(
      /total: z\.number\(\)\.int\(\)\.positive/,
    )
  })

  it('lets a member a PATCH changed alone be changed alone in the mock', () => {
    const { source } = recordExchanges([
      exchange('GET', '/api/orders', 200, list({ ...pending(1), note: 'a' })),
      exchange(
        'PUT',
        '/api/orders/1',
        200,
        { ...pending(1, 12), note: 'a' },
        {
          total: 12,
        },
      ),
      exchange(
        'PATCH',
        '/api/orders/1',
        200,
        { ...pending(1, 12), note: 'b' },
        { note: 'b' },
      ),
    ])
    const replace = /replace: \{ input: z\.strictObject\(\{([^}]*)\}/.exec(
      source,
    )?.[1]
    expect(replace).toMatch(/total: z\.number\(\)\.int\(\)/)
    expect(replace).toMatch(/note: z\.string\(\)\.optional\(\)/)
  })
})
