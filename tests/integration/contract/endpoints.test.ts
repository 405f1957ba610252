import { describe, expect, it } from 'vitest'
import {
  roundTripTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  readJson,
  type Collection,
  type Links,
} from '../../support/representations.ts'
import { auth, request } from '../../support/request-init.ts'

/** Every path of contract section 2 (plus a problem doc) and the methods its `Allow` must name. */
const paths: readonly [path: string, allow: readonly string[]][] = [
  ['/api', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/orders', ['GET', 'HEAD', 'POST', 'OPTIONS']],
  ['/api/orders/1', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']],
  ['/api/orders/1/cancel', ['POST', 'OPTIONS']],
  ['/api/orders/1/payment', ['POST', 'OPTIONS']],
  ['/api/payments', ['GET', 'HEAD', 'POST', 'OPTIONS']],
  ['/api/payments/1', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/transfers', ['GET', 'HEAD', 'POST', 'OPTIONS']],
  ['/api/transfers/1', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/accounts', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/accounts/1', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/accounts/1/transfers', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/customers', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/customers/1', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/customers/1/orders', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/customers/1/accounts', ['GET', 'HEAD', 'OPTIONS']],
  ['/api/problems/not-found', ['GET', 'HEAD', 'OPTIONS']],
]
const readable = paths.filter(([, allow]) => allow.includes('GET'))
const writeOnly = paths.filter(([, allow]) => !allow.includes('GET'))

function allowOf(response: Response) {
  return (response.headers.get('Allow') ?? '')
    .split(',')
    .map((method) => method.trim())
    .filter(Boolean)
    .sort()
}

/**
 * Headers that legitimately differ between two requests (the rate-limit budget counts down) or belong
 * to the transport rather than the representation (a loopback server adds them).
 */
const volatileHeaders = new Set([
  'ratelimit',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])

function stableHeaders(response: Response) {
  return [...response.headers].filter(([name]) => !volatileHeaders.has(name))
}

describe.each(roundTripTargets)('endpoints over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')

  it('serves the root publicly with a link to every collection', async () => {
    const response = await target.fetch('/api')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    const root = await readJson<{ _links: Links }>(response)
    expect(root._links).toMatchObject({
      self: { href: '/api' },
      orders: { href: '/api/orders' },
      payments: { href: '/api/payments' },
      transfers: { href: '/api/transfers' },
      accounts: { href: '/api/accounts' },
      customers: { href: '/api/customers' },
    })
  })

  it('answers 200 with a collection at every collection the root links to', async () => {
    const root = await readJson<{ _links: Links }>(await target.fetch('/api'))
    for (const rel of [
      'orders',
      'payments',
      'transfers',
      'accounts',
      'customers',
    ]) {
      const response = await target.fetch(
        root._links[rel]!.href,
        request(customer),
      )
      expect(response.status, rel).toBe(200)
      const page = await readJson<Collection<unknown>>(response)
      expect(page.items.length, rel).toBeGreaterThan(0)
    }
  })

  it.each(paths)(
    'answers OPTIONS on %s with 204 and Allow',
    async (path, allow) => {
      const response = await target.fetch(path, { method: 'OPTIONS' })
      expect(response.status).toBe(204)
      expect(allowOf(response)).toEqual([...allow].sort())
      expect(await response.text()).toBe('')
    },
  )

  it.each(readable)(
    'answers HEAD on %s with the GET headers and no body',
    async (path) => {
      const get = await target.fetch(path, request(customer))
      const head = await target.fetch(path, request(customer, 'HEAD'))
      expect(head.status).toBe(get.status)
      expect(stableHeaders(head)).toEqual(stableHeaders(get))
      expect(await head.text()).toBe('')
    },
  )

  it.each(paths.filter(([, allow]) => !allow.includes('PATCH')))(
    'answers PATCH on %s with 405, Allow and allowed',
    async (path, allow) => {
      const response = await target.fetch(path, {
        method: 'PATCH',
        headers: customer,
      })
      const problem = await expectProblem(response, 405, 'method-not-allowed')
      expect(allowOf(response)).toEqual([...allow].sort())
      expect([...(problem.allowed as string[])].sort()).toEqual(
        [...allow].sort(),
      )
      expect(problem.instance).toBe(path)
    },
  )

  it.each(readable.filter(([, allow]) => !allow.includes('DELETE')))(
    'answers DELETE on %s with 405',
    async (path) => {
      const response = await target.fetch(path, request(customer, 'DELETE'))
      await expectProblem(response, 405, 'method-not-allowed')
    },
  )

  it.each(writeOnly)('answers GET on %s with 405', async (path, allow) => {
    const response = await target.fetch(path, request(customer))
    await expectProblem(response, 405, 'method-not-allowed')
    expect(allowOf(response)).toEqual([...allow].sort())
  })

  it.each(writeOnly)(
    'answers HEAD on the POST-only %s with 405 and no body',
    async (path) => {
      const response = await target.fetch(path, request(customer, 'HEAD'))
      expect(response.status).toBe(405)
      expect(response.headers.get('Allow')).not.toBeNull()
      expect(await response.text()).toBe('')
    },
  )

  it.each([
    '/api/nope',
    '/api/orders/1/nope',
    '/api/orders/1/cancel/now',
    '/api/order',
    '/api/problems/nope/more',
  ])('answers the unknown path %s with 404 not-found', async (path) => {
    const response = await target.fetch(path, request(customer))
    const problem = await expectProblem(response, 404, 'not-found')
    expect(problem.instance).toBe(path)
  })

  it.each(['/api/orders/999', '/api/orders/abc', '/api/orders/0'])(
    'answers the unknown item %s with 404 not-found',
    async (path) => {
      const response = await target.fetch(path, request(customer))
      const problem = await expectProblem(response, 404, 'not-found')
      expect(problem.instance).toBe(path)
    },
  )
})
