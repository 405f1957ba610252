import { describe, expect, it } from 'vitest'
import {
  roundTripTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { lacks } from '../../support/imported-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  readJson,
  type Order,
  type Payment,
} from '../../support/representations.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

describe.each(roundTripTargets)('orders over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')

  async function getOrder(id: number) {
    const response = await target.fetch(`/api/orders/${id}`, request(customer))
    expect(response.status).toBe(200)
    return readJson<Order>(response)
  }

  it('creates an order with 201, a Location and the created order', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendJson(
        'POST',
        { total: 12.34, currency: 'eur', note: 'hello' },
        customer,
      ),
    )
    expect(response.status).toBe(201)
    const order = await readJson<Order>(response)
    expect(order).toMatchObject({
      status: 'pending',
      total: 12.34,
      currency: 'eur',
      customerId: 1,
      note: 'hello',
      version: 1,
    })
    expect(Number.isInteger(order.id) && order.id > 30).toBe(true)
    expect(order.createdAt).toMatch(ISO_UTC)
    expect(order.updatedAt).toBe(order.createdAt)
    expect(response.headers.get('Location')).toBe(`/api/orders/${order.id}`)
    expect(order._links.self).toEqual({ href: `/api/orders/${order.id}` })
    expect(await getOrder(order.id)).toEqual(order)
  })

  it('creates an order for the named customer with an admin token', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendJson(
        'POST',
        { total: 5, currency: 'usd', customerId: 2 },
        auth('admin-token'),
      ),
    )
    expect(response.status).toBe(201)
    expect(await readJson<Order>(response)).toMatchObject({ customerId: 2 })
  })

  it('stamps timestamps from the mock clock', async () => {
    const now = target.api.clock.advance(86_400_000)
    const response = await target.fetch(
      '/api/orders',
      sendJson('POST', { total: 1, currency: 'usd' }, customer),
    )
    const order = await readJson<Order>(response)
    const drift = Date.parse(order.createdAt) - Date.parse(now)
    expect(drift).toBeGreaterThanOrEqual(0)
    expect(drift).toBeLessThan(60_000)
  })

  it('offers self, customer, cancel and pay on a pending order, the actions with POST', async () => {
    const order = await getOrder(1)
    expect(order).toMatchObject({
      id: 1,
      status: 'pending',
      total: 42.5,
      currency: 'usd',
      customerId: 1,
    })
    expect(order._links).toEqual({
      self: { href: '/api/orders/1' },
      customer: { href: '/api/customers/1' },
      cancel: {
        href: '/api/orders/1/cancel',
        method: 'POST',
        title: expect.any(String),
      },
      pay: {
        href: '/api/orders/1/payment',
        method: 'POST',
        title: expect.any(String),
      },
    })
  })

  it.skipIf(lacks(factory, 'pay'))(
    'links a paid order to its payment and offers no actions',
    async () => {
      const order = await getOrder(2)
      expect(order.status).toBe('paid')
      expect(order._links).toEqual({
        self: { href: '/api/orders/2' },
        customer: { href: '/api/customers/1' },
        payment: { href: '/api/payments/1' },
      })
    },
  )

  it('offers no actions on a cancelled order', async () => {
    const order = await getOrder(3)
    expect(order.status).toBe('cancelled')
    expect(order._links).toEqual({
      self: { href: '/api/orders/3' },
      customer: { href: '/api/customers/1' },
    })
  })

  it('carries every member of the order representation', async () => {
    const order = await getOrder(1)
    expect(Object.keys(order).sort()).toEqual(
      [
        '_links',
        'createdAt',
        'currency',
        'customerId',
        'id',
        'note',
        'status',
        'total',
        'updatedAt',
        'version',
      ].sort(),
    )
  })

  it('replaces a pending order with PUT and answers 200 with the replaced order', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      sendJson('PUT', { total: 99.9, currency: 'gbp', version: 1 }, customer),
    )
    expect(response.status).toBe(200)
    const order = await readJson<Order>(response)
    expect(order).toMatchObject({
      id: 1,
      status: 'pending',
      total: 99.9,
      currency: 'gbp',
      note: null,
      version: 2,
      customerId: 1,
    })
    expect(await getOrder(1)).toEqual(order)
  })

  it('rejects a stale version with 409 version-mismatch and currentVersion', async () => {
    await target.fetch(
      '/api/orders/1',
      sendJson('PUT', { total: 50, currency: 'usd', version: 1 }, customer),
    )
    const response = await target.fetch(
      '/api/orders/1',
      sendJson('PUT', { total: 60, currency: 'usd', version: 1 }, customer),
    )
    const problem = await expectProblem(response, 409, 'version-mismatch')
    expect(problem.currentVersion).toBe(2)
    expect(problem.instance).toBe('/api/orders/1')
    expect(await getOrder(1)).toMatchObject({ total: 50, version: 2 })
  })

  it('rejects replacing an order that is no longer pending with 409 state-conflict', async () => {
    const response = await target.fetch(
      '/api/orders/2',
      sendJson('PUT', { total: 19.99, currency: 'usd' }, customer),
    )
    const problem = await expectProblem(response, 409, 'state-conflict')
    expect(problem).toMatchObject({ currentStatus: 'paid', allowedActions: [] })
  })

  it('deletes an order with 204 and no body, after which it is gone', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      request(customer, 'DELETE'),
    )
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    const after = await target.fetch('/api/orders/1', request(customer))
    await expectProblem(after, 404, 'not-found')
  })

  it('cancels a pending order with 200 and the cancelled order', async () => {
    const response = await target.fetch(
      '/api/orders/1/cancel',
      request(customer, 'POST'),
    )
    expect(response.status).toBe(200)
    const order = await readJson<Order>(response)
    expect(order).toMatchObject({ id: 1, status: 'cancelled', version: 2 })
    expect(Object.keys(order._links).sort()).toEqual(['customer', 'self'])
    expect(await getOrder(1)).toEqual(order)
  })

  it.skipIf(lacks(factory, 'pay'))(
    'pays an order by following its pay link: 201, Location and amount = total in minor units',
    async () => {
      const order = await getOrder(1)
      const pay = order._links.pay!
      const response = await target.fetch(
        pay.href,
        request(customer, pay.method),
      )
      expect(response.status).toBe(201)
      const payment = await readJson<Payment>(response)
      expect(payment).toMatchObject({
        amount: 4250,
        currency: 'usd',
        status: 'succeeded',
        orderId: 1,
      })
      expect(response.headers.get('Location')).toBe(
        `/api/payments/${payment.id}`,
      )
      expect(payment._links).toEqual({
        self: { href: `/api/payments/${payment.id}` },
        order: { href: '/api/orders/1' },
      })

      const paid = await getOrder(1)
      expect(paid.status).toBe('paid')
      expect(paid._links).toEqual({
        self: { href: '/api/orders/1' },
        customer: { href: '/api/customers/1' },
        payment: { href: `/api/payments/${payment.id}` },
      })
      const followed = await target.fetch(
        paid._links.payment!.href,
        request(customer),
      )
      expect(await readJson<Payment>(followed)).toEqual(payment)
    },
  )

  it.skipIf(lacks(factory, 'pay'))(
    'pays a jpy order with the whole total as the amount (exponent 0)',
    async () => {
      const created = await readJson<Order>(
        await target.fetch(
          '/api/orders',
          sendJson('POST', { total: 1200, currency: 'jpy' }, customer),
        ),
      )
      const response = await target.fetch(
        created._links.pay!.href,
        request(customer, 'POST'),
      )
      expect(response.status).toBe(201)
      expect(await readJson<Payment>(response)).toMatchObject({
        amount: 1200,
        currency: 'jpy',
        orderId: created.id,
      })
    },
  )

  it.skipIf(lacks(factory, 'pay'))(
    'converts a two-decimal total to minor units without float drift',
    async () => {
      const created = await readJson<Order>(
        await target.fetch(
          '/api/orders',
          sendJson('POST', { total: 19.99, currency: 'usd' }, customer),
        ),
      )
      const response = await target.fetch(
        created._links.pay!.href,
        request(customer, 'POST'),
      )
      expect(await readJson<Payment>(response)).toMatchObject({ amount: 1999 })
    },
  )

  it.skipIf(lacks(factory, 'whole-jpy'))(
    'rejects a jpy total with a fraction as a validation error',
    async () => {
      const response = await target.fetch(
        '/api/orders',
        sendJson('POST', { total: 12.5, currency: 'jpy' }, customer),
      )
      const problem = await expectProblem(response, 422, 'validation-failed')
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'total', pointer: '#/total' }),
      ])
    },
  )

  it('rejects cancelling a paid order with 409 state-conflict, currentStatus and allowedActions', async () => {
    const response = await target.fetch(
      '/api/orders/2/cancel',
      request(customer, 'POST'),
    )
    const problem = await expectProblem(response, 409, 'state-conflict')
    expect(problem).toMatchObject({
      currentStatus: 'paid',
      allowedActions: [],
      instance: '/api/orders/2/cancel',
    })
    expect((await getOrder(2)).status).toBe('paid')
  })

  it('rejects paying a cancelled order with 409 state-conflict', async () => {
    const response = await target.fetch(
      '/api/orders/3/payment',
      request(customer, 'POST'),
    )
    const problem = await expectProblem(response, 409, 'state-conflict')
    expect(problem).toMatchObject({
      currentStatus: 'cancelled',
      allowedActions: [],
    })
    const payments = target.api.state.snapshot().payments
    expect(payments).toHaveLength(1)
  })

  it('answers 409 when a stale pay link is followed after the order was cancelled', async () => {
    const order = await getOrder(1)
    await target.fetch(order._links.cancel!.href, request(customer, 'POST'))
    const response = await target.fetch(
      order._links.pay!.href,
      request(customer, 'POST'),
    )
    const problem = await expectProblem(response, 409, 'state-conflict')
    expect(problem.currentStatus).toBe('cancelled')
  })

  it.skipIf(lacks(factory, 'pay'))(
    'rejects paying an order twice with 409 state-conflict',
    async () => {
      const paid = await target.fetch(
        '/api/orders/1/payment',
        request(customer, 'POST'),
      )
      expect(paid.status).toBe(201)
      const again = await target.fetch(
        '/api/orders/1/payment',
        request(customer, 'POST'),
      )
      const problem = await expectProblem(again, 409, 'state-conflict')
      expect(problem).toMatchObject({
        currentStatus: 'paid',
        allowedActions: [],
      })
    },
  )
})
