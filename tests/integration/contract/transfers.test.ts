import { describe, expect, it } from 'vitest'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  readJson,
  type Account,
  type Collection,
  type Transfer,
} from '../../support/representations.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

describe.each(contractTargets)('transfers over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')
  const admin = auth('admin-token')

  async function balance(accountId: number) {
    const response = await target.fetch(
      `/api/accounts/${accountId}`,
      request(admin),
    )
    return (await readJson<Account>(response)).balance
  }

  it('moves money between both accounts on a completed transfer', async () => {
    const response = await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        { fromAccountId: 1, toAccountId: 3, amount: 1234, currency: 'usd' },
        customer,
      ),
    )
    expect(response.status).toBe(201)
    const transfer = await readJson<Transfer>(response)
    expect(transfer).toMatchObject({
      fromAccountId: 1,
      toAccountId: 3,
      amount: 1234,
      currency: 'usd',
      status: 'completed',
    })
    expect(response.headers.get('Location')).toBe(
      `/api/transfers/${transfer.id}`,
    )
    expect(transfer._links).toEqual({
      self: { href: `/api/transfers/${transfer.id}` },
      from: { href: '/api/accounts/1' },
      to: { href: '/api/accounts/3' },
    })
    expect(await balance(1)).toBe(100_000 - 1234)
    expect(await balance(3)).toBe(250_000 + 1234)
    const again = await target.fetch(
      `/api/transfers/${transfer.id}`,
      request(customer),
    )
    expect(await readJson<Transfer>(again)).toEqual(transfer)
  })

  it('moves the whole balance when the amount equals it', async () => {
    const response = await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        { fromAccountId: 2, toAccountId: 1, amount: 500, currency: 'usd' },
        customer,
      ),
    )
    expect(response.status).toBe(201)
    expect(await balance(2)).toBe(0)
    expect(await balance(1)).toBe(100_500)
  })

  it('answers 422 insufficient-funds and moves nothing when the balance is short', async () => {
    const response = await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        { fromAccountId: 2, toAccountId: 1, amount: 501, currency: 'usd' },
        customer,
      ),
    )
    const problem = await expectProblem(response, 422, 'insufficient-funds')
    expect(problem).toMatchObject({
      balance: 500,
      requested: 501,
      accountId: 2,
    })
    expect(problem.instance).toMatch(/^\/api\/transfers\/\d+$/)
    expect(problem.instance).not.toBe('/api/transfers')
    expect(await balance(2)).toBe(500)
    expect(await balance(1)).toBe(100_000)

    const later = await target.fetch(problem.instance, request(customer))
    const stored = await expectProblem(later, 422, 'insufficient-funds')
    expect(stored).toMatchObject({
      balance: 500,
      requested: 501,
      accountId: 2,
      instance: problem.instance,
    })
  })

  it('keeps the failed transfer in the collection with status failed', async () => {
    await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        { fromAccountId: 2, toAccountId: 1, amount: 9999, currency: 'usd' },
        customer,
      ),
    )
    const response = await target.fetch(
      '/api/transfers?status=failed',
      request(customer),
    )
    const page = await readJson<Collection<Transfer>>(response)
    expect(page.items.map((t) => [t.id, t.amount])).toEqual([
      [2, 1000],
      [3, 9999],
    ])
  })

  it('reads a completed transfer with 200', async () => {
    const response = await target.fetch('/api/transfers/1', request(customer))
    expect(response.status).toBe(200)
    expect(await readJson<Transfer>(response)).toEqual({
      id: 1,
      fromAccountId: 1,
      toAccountId: 3,
      amount: 2500,
      currency: 'usd',
      status: 'completed',
      createdAt: expect.any(String),
      _links: {
        self: { href: '/api/transfers/1' },
        from: { href: '/api/accounts/1' },
        to: { href: '/api/accounts/3' },
      },
    })
  })

  it('answers GET on a failed transfer with its 422 insufficient-funds problem', async () => {
    const response = await target.fetch('/api/transfers/2', request(customer))
    const problem = await expectProblem(response, 422, 'insufficient-funds')
    expect(problem).toMatchObject({
      balance: 500,
      requested: 1000,
      accountId: 2,
      instance: '/api/transfers/2',
    })
  })

  it('validates a transfer before checking funds: no failed transfer is kept', async () => {
    const response = await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        { fromAccountId: 2, toAccountId: 1, amount: 99_999, currency: 'USD' },
        customer,
      ),
    )
    const problem = await expectProblem(response, 422, 'validation-failed')
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'currency', pointer: '#/currency' }),
    ])
    expect(target.api.state.snapshot().transfers).toHaveLength(2)
  })

  it('refuses another customer’s account as the source like an unknown one, moving nothing', async () => {
    const transfer = (fromAccountId: number) =>
      target.fetch(
        '/api/transfers',
        sendJson(
          'POST',
          { fromAccountId, toAccountId: 1, amount: 100, currency: 'usd' },
          customer,
        ),
      )
    const hidden = await expectProblem(
      await transfer(3),
      422,
      'validation-failed',
    )
    const unknown = await expectProblem(
      await transfer(99),
      422,
      'validation-failed',
    )
    const messages = (problem: typeof hidden) =>
      (problem.errors as { field: string; message: string }[]).map((e) => [
        e.field,
        e.message.replace(/\d+/g, 'N'),
      ])
    expect(messages(hidden)).toEqual([['fromAccountId', expect.any(String)]])
    expect(messages(hidden)).toEqual(messages(unknown))
    expect(await balance(3)).toBe(250_000)
    expect(await balance(1)).toBe(100_000)
  })
})
