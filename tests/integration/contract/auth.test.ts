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
} from '../../support/representations.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

const INVALID_TOKEN =
  /^Bearer realm="hypermock", error="invalid_token", error_description="[^"]+"$/

describe.each(contractTargets)('authentication over $name', (factory) => {
  const target = useContractTarget(factory)

  it('answers a request without a credential with 401 and a bare Bearer challenge', async () => {
    const response = await target.fetch('/api/orders')
    await expectProblem(response, 401, 'unauthenticated')
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer realm="hypermock"',
    )
  })

  it('treats an empty Authorization header as no credential', async () => {
    const response = await target.fetch(
      '/api/orders',
      request({ Authorization: '' }),
    )
    await expectProblem(response, 401, 'unauthenticated')
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer realm="hypermock"',
    )
  })

  it('answers an unknown token with 401 invalid_token', async () => {
    const response = await target.fetch(
      '/api/orders',
      request(auth('no-such-token')),
    )
    await expectProblem(response, 401, 'unauthenticated')
    expect(response.headers.get('WWW-Authenticate')).toMatch(INVALID_TOKEN)
  })

  it('answers the expired token with 401 "The access token expired"', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      request(auth('expired-token')),
    )
    await expectProblem(response, 401, 'unauthenticated')
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer realm="hypermock", error="invalid_token", error_description="The access token expired"',
    )
  })

  it.each([
    ['Basic', 'Basic Y3VzdG9tZXItMTpzZWNyZXQ='],
    ['Token', 'Token customer-1-token'],
    ['a bare token', 'customer-1-token'],
    ['Bearer without a token', 'Bearer'],
  ])(
    'answers a non-Bearer credential (%s) with 401 invalid_token',
    async (_kind, header) => {
      const response = await target.fetch(
        '/api/orders',
        request({ Authorization: header }),
      )
      await expectProblem(response, 401, 'unauthenticated')
      expect(response.headers.get('WWW-Authenticate')).toMatch(INVALID_TOKEN)
    },
  )

  it('accepts the Bearer scheme name in any case (RFC 9110)', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      request({ Authorization: 'bearer customer-1-token' }),
    )
    expect(response.status).toBe(200)
  })

  it('lets a read-only token read', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      request(auth('readonly-token')),
    )
    expect(response.status).toBe(200)
  })

  it.each([
    ['POST', '/api/orders', { total: 1, currency: 'usd' }],
    ['PUT', '/api/orders/1', { total: 1, currency: 'usd' }],
    ['DELETE', '/api/orders/1', undefined],
    ['POST', '/api/orders/1/cancel', undefined],
    ['POST', '/api/orders/1/payment', undefined],
    ['POST', '/api/payments', { amount: 1, currency: 'usd' }],
    [
      'POST',
      '/api/transfers',
      { fromAccountId: 1, toAccountId: 3, amount: 1, currency: 'usd' },
    ],
  ] as const)(
    'answers a read-only token on %s %s with 403 insufficient_scope and changes nothing',
    async (method, path, body) => {
      const before = target.api.state.snapshot()
      const init =
        body === undefined
          ? request(auth('readonly-token'), method)
          : sendJson(method, body, auth('readonly-token'))
      const response = await target.fetch(path, init)
      await expectProblem(response, 403, 'forbidden')
      const challenge = response.headers.get('WWW-Authenticate') ?? ''
      expect(challenge).toMatch(/^Bearer realm="hypermock", /)
      expect(challenge).toContain('error="insufficient_scope"')
      expect(challenge).toContain('scope="write"')
      expect(target.api.state.snapshot()).toEqual(before)
    },
  )

  it.each([
    '/api/orders/1',
    '/api/payments/1',
    '/api/accounts/1',
    '/api/transfers/2',
    '/api/customers/1',
    '/api/customers/1/orders',
    '/api/accounts/1/transfers',
  ])(
    'hides %s of another customer with 404, like an unknown item',
    async (path) => {
      const response = await target.fetch(
        path,
        request(auth('customer-2-token')),
      )
      const problem = await expectProblem(response, 404, 'not-found')
      expect(problem.instance).toBe(path)
    },
  )

  it('gives the same 404 for another customer’s order as for a missing one', async () => {
    const token = auth('customer-2-token')
    const hidden = await expectProblem(
      await target.fetch('/api/orders/1', request(token)),
      404,
      'not-found',
    )
    const missing = await expectProblem(
      await target.fetch('/api/orders/999', request(token)),
      404,
      'not-found',
    )
    expect(hidden.detail.replace('1', 'N')).toBe(
      missing.detail.replace('999', 'N'),
    )
  })

  it.each([
    ['PUT', '/api/orders/1'],
    ['DELETE', '/api/orders/1'],
    ['POST', '/api/orders/1/cancel'],
    ['POST', '/api/orders/1/payment'],
  ] as const)(
    'answers %s on another customer’s %s with 404 and changes nothing',
    async (method, path) => {
      const before = target.api.state.snapshot()
      const init =
        method === 'PUT'
          ? sendJson(
              method,
              { total: 1, currency: 'usd' },
              auth('customer-2-token'),
            )
          : request(auth('customer-2-token'), method)
      await expectProblem(await target.fetch(path, init), 404, 'not-found')
      expect(target.api.state.snapshot()).toEqual(before)
    },
  )

  it('lets the admin see every customer’s items', async () => {
    const admin = auth('admin-token')
    const orders = await readJson<Collection<Order>>(
      await target.fetch('/api/orders', request(admin)),
    )
    expect(orders.total).toBe(30)
    for (const path of [
      '/api/orders/26',
      '/api/orders/1',
      '/api/accounts/3',
      '/api/customers/2',
      '/api/payments/1',
    ]) {
      expect((await target.fetch(path, request(admin))).status, path).toBe(200)
    }
    const customers = await readJson<Collection<unknown>>(
      await target.fetch('/api/customers', request(admin)),
    )
    expect(customers.total).toBe(2)
  })

  it.each(['/api', '/api/problems/not-found', '/api/problems/forbidden'])(
    'serves the public %s without a credential',
    async (path) => {
      const response = await target.fetch(path)
      expect(response.status).toBe(200)
    },
  )
})
