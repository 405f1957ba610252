import { describe, expect, it } from 'vitest'
import { InvalidSnapshotError } from '../../../src/index.ts'
import { createSeed } from '../../support/shop-fixtures.ts'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  readJson,
  type Account,
  type Collection,
  type Customer,
  type Order,
  type Payment,
  type Transfer,
} from '../../support/representations.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

describe.each(contractTargets)('seed data over $name', (factory) => {
  const target = useContractTarget(factory)
  const admin = auth('admin-token')
  const customer = auth('customer-1-token')

  async function get<T>(path: string) {
    const response = await target.fetch(path, request(admin))
    expect(response.status, path).toBe(200)
    return readJson<T>(response)
  }

  /** Writes through the API that touch every table. */
  async function mutate() {
    const writes = [
      target.fetch(
        '/api/orders',
        sendJson('POST', { total: 1, currency: 'usd' }, customer),
      ),
      target.fetch('/api/orders/1/payment', request(customer, 'POST')),
      target.fetch('/api/orders/4/cancel', request(customer, 'POST')),
      target.fetch('/api/orders/5', request(customer, 'DELETE')),
      target.fetch(
        '/api/transfers',
        sendJson(
          'POST',
          { fromAccountId: 1, toAccountId: 3, amount: 10, currency: 'usd' },
          { ...customer, 'Idempotency-Key': 'seed-mutation' },
        ),
      ),
    ]
    for (const response of await Promise.all(writes))
      expect(response.status).toBeLessThan(300)
  }

  it('seeds customers 1 Acme Corp and 2 Globex Ltd', async () => {
    const page = await get<Collection<Customer>>('/api/customers')
    expect(page.items.map((c) => [c.id, c.name])).toEqual([
      [1, 'Acme Corp'],
      [2, 'Globex Ltd'],
    ])
  })

  it('seeds orders 1 to 25 for customer 1 and 26 to 30 for customer 2', async () => {
    const page = await get<Collection<Order>>('/api/orders?perPage=100')
    expect(page.total).toBe(30)
    expect(page.items.map((o) => o.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    )
    for (const order of page.items)
      expect(order.customerId, `order ${order.id}`).toBe(order.id <= 25 ? 1 : 2)
  })

  it('seeds order 1 pending at 42.5 usd, order 2 paid by payment 1, order 3 cancelled', async () => {
    expect(await get<Order>('/api/orders/1')).toMatchObject({
      status: 'pending',
      total: 42.5,
      currency: 'usd',
    })
    const paid = await get<Order>('/api/orders/2')
    expect(paid.status).toBe('paid')
    expect(paid._links.payment).toEqual({ href: '/api/payments/1' })
    expect(await get<Payment>('/api/payments/1')).toMatchObject({ orderId: 2 })
    expect((await get<Order>('/api/orders/3')).status).toBe('cancelled')
  })

  it('seeds accounts 1 and 2 of customer 1 and 3 of customer 2, in usd', async () => {
    const page = await get<Collection<Account>>('/api/accounts')
    expect(
      page.items.map(({ id, customerId, currency, balance }) => ({
        id,
        customerId,
        currency,
        balance,
      })),
    ).toEqual([
      { id: 1, customerId: 1, currency: 'usd', balance: 100_000 },
      { id: 2, customerId: 1, currency: 'usd', balance: 500 },
      { id: 3, customerId: 2, currency: 'usd', balance: 250_000 },
    ])
  })

  it('seeds transfer 1 completed and transfer 2 failed for lack of funds', async () => {
    expect(await get<Transfer>('/api/transfers/1')).toMatchObject({
      fromAccountId: 1,
      toAccountId: 3,
      amount: 2500,
      status: 'completed',
    })
    const page = await get<Collection<Transfer>>('/api/transfers')
    expect(page.items.map((t) => [t.id, t.status])).toEqual([
      [1, 'completed'],
      [2, 'failed'],
    ])
    const failed = await target.fetch('/api/transfers/2', request(admin))
    const problem = await expectProblem(failed, 422, 'insufficient-funds')
    expect(problem).toMatchObject({
      balance: 500,
      requested: 1000,
      accountId: 2,
      instance: '/api/transfers/2',
    })
  })

  it('starts from exactly the seed state', () => {
    expect(target.api.state.snapshot()).toEqual(createSeed())
  })

  it('restores exactly the seed on reset, ids and idempotency keys included', async () => {
    await mutate()
    expect(target.api.state.snapshot()).not.toEqual(createSeed())
    target.api.reset()
    expect(target.api.state.snapshot()).toEqual(createSeed())

    const created = await target.fetch(
      '/api/orders',
      sendJson('POST', { total: 1, currency: 'usd' }, customer),
    )
    expect(await readJson<Order>(created)).toMatchObject({ id: 31 })
    const transfer = await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        { fromAccountId: 1, toAccountId: 3, amount: 10, currency: 'usd' },
        { ...customer, 'Idempotency-Key': 'seed-mutation' },
      ),
    )
    expect(transfer.headers.get('Idempotent-Replayed')).toBeNull()
  })

  it('restores a valid snapshot through the typed API', async () => {
    const snapshot = target.api.state.snapshot()
    snapshot.orders[0]!.total = 77
    target.api.state.restore(snapshot)
    expect(await get<Order>('/api/orders/1')).toMatchObject({ total: 77 })
  })

  it.each([
    ['not an object', 'nope'],
    ['a missing table', { ...createSeed(), orders: undefined }],
    ['a table that is not a list', { ...createSeed(), accounts: {} }],
    ['a wrong schema version', { ...createSeed(), schemaVersion: 2 }],
    [
      'a duplicate id',
      {
        ...createSeed(),
        customers: [...createSeed().customers, createSeed().customers[0]],
      },
    ],
    [
      'a dangling reference',
      {
        ...createSeed(),
        accounts: [
          ...createSeed().accounts,
          { id: 4, customerId: 9, currency: 'usd', balance: 0, version: 1 },
        ],
      },
    ],
    [
      'a negative balance',
      {
        ...createSeed(),
        accounts: createSeed().accounts.map((a) => ({ ...a, balance: -1 })),
      },
    ],
  ])(
    'rejects a malformed snapshot (%s) with InvalidSnapshotError and changes nothing',
    async (_kind, snapshot) => {
      await mutate()
      const before = target.api.state.snapshot()
      let thrown: unknown
      try {
        target.api.state.restore(snapshot)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(InvalidSnapshotError)
      // The same item shape as every `errors` array of the API.
      const errors = (thrown as InvalidSnapshotError).errors
      expect(errors.length).toBeGreaterThan(0)
      for (const error of errors)
        expect(error).toEqual({
          field: expect.any(String),
          message: expect.stringMatching(/.+/),
          pointer: expect.stringMatching(/^#/),
        })
      expect(target.api.state.snapshot()).toEqual(before)
      const order = await target.fetch('/api/orders/1', request(customer))
      expect(await readJson<Order>(order)).toMatchObject({ status: 'paid' })
    },
  )
})
