import { describe, expect, it } from 'vitest'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  readJson,
  type Collection,
  type Order,
  type Payment,
} from '../../support/representations.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

describe.each(contractTargets)('payments over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')

  it('lists the payments of the caller', async () => {
    const response = await target.fetch('/api/payments', request(customer))
    expect(response.status).toBe(200)
    const page = await readJson<Collection<Payment>>(response)
    expect(page.items.map((p) => p.id)).toEqual([1])
    const other = await target.fetch(
      '/api/payments',
      request(auth('customer-2-token')),
    )
    expect((await readJson<Collection<Payment>>(other)).items).toEqual([])
  })

  it('reads a payment with self and order links', async () => {
    const response = await target.fetch('/api/payments/1', request(customer))
    expect(response.status).toBe(200)
    expect(await readJson<Payment>(response)).toEqual({
      id: 1,
      amount: 1999,
      currency: 'usd',
      status: 'succeeded',
      orderId: 2,
      createdAt: expect.any(String),
      _links: {
        self: { href: '/api/payments/1' },
        order: { href: '/api/orders/2' },
      },
    })
  })

  it('creates a payment without an order: 201, Location, orderId null and no order link', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { amount: 500, currency: 'eur' }, customer),
    )
    expect(response.status).toBe(201)
    const payment = await readJson<Payment>(response)
    expect(payment).toMatchObject({
      amount: 500,
      currency: 'eur',
      status: 'succeeded',
      orderId: null,
    })
    expect(response.headers.get('Location')).toBe(`/api/payments/${payment.id}`)
    expect(payment._links).toEqual({
      self: { href: `/api/payments/${payment.id}` },
    })
    const again = await target.fetch(
      `/api/payments/${payment.id}`,
      request(customer),
    )
    expect(await readJson<Payment>(again)).toEqual(payment)
  })

  it('creates a payment for an order, which then becomes paid', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { amount: 4250, currency: 'usd', orderId: 1 }, customer),
    )
    expect(response.status).toBe(201)
    const payment = await readJson<Payment>(response)
    expect(payment).toMatchObject({ orderId: 1, amount: 4250 })
    expect(payment._links.order).toEqual({ href: '/api/orders/1' })
    const order = await readJson<Order>(
      await target.fetch('/api/orders/1', request(customer)),
    )
    expect(order.status).toBe('paid')
    expect(order._links.payment).toEqual({
      href: `/api/payments/${payment.id}`,
    })
  })

  it('rejects a payment for an order that is already paid with 409 state-conflict', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { amount: 1999, currency: 'usd', orderId: 2 }, customer),
    )
    const problem = await expectProblem(response, 409, 'state-conflict')
    expect(problem.currentStatus).toBe('paid')
    expect(target.api.state.snapshot().payments).toHaveLength(1)
  })

  it('rejects an amount that is not the order total in minor units', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { amount: 42, currency: 'usd', orderId: 1 }, customer),
    )
    const problem = await expectProblem(response, 422, 'validation-failed')
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'amount', pointer: '#/amount' }),
    ])
  })

  it('rejects a decimal amount: amounts are integers in minor units', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { amount: 19.99, currency: 'usd' }, customer),
    )
    const problem = await expectProblem(response, 422, 'validation-failed')
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'amount', pointer: '#/amount' }),
    ])
  })
})
