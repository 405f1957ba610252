import { describe, expect, it } from 'vitest'
import {
  roundTripTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { lacks } from '../../support/imported-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

const STRONG_ETAG = /^"[^"]+"$/

describe.each(roundTripTargets)('caching over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')

  async function etagOf(path: string) {
    const response = await target.fetch(path, request(customer))
    expect(response.status).toBe(200)
    return response.headers.get('ETag')!
  }

  it.each([
    '/api/orders/1',
    '/api/payments/1',
    '/api/accounts/1',
    '/api/transfers/1',
    '/api/customers/1',
  ])('gives the item %s a strong ETag', async (path) => {
    expect(await etagOf(path)).toMatch(STRONG_ETAG)
  })

  it('changes an order’s ETag when its version changes', async () => {
    const before = await etagOf('/api/orders/1')
    const put = await target.fetch(
      '/api/orders/1',
      sendJson('PUT', { total: 2, currency: 'usd' }, customer),
    )
    expect(put.status).toBe(200)
    const after = await etagOf('/api/orders/1')
    expect(after).not.toBe(before)
    expect(put.headers.get('ETag')).toBe(after)
  })

  it.skipIf(lacks(factory, 'transfer'))(
    'changes an account’s ETag when its balance changes',
    async () => {
      const before = await etagOf('/api/accounts/1')
      await target.fetch(
        '/api/transfers',
        sendJson(
          'POST',
          { fromAccountId: 1, toAccountId: 2, amount: 1, currency: 'usd' },
          customer,
        ),
      )
      expect(await etagOf('/api/accounts/1')).not.toBe(before)
    },
  )

  it('answers a matching If-None-Match with 304, no body, and the same ETag and Cache-Control', async () => {
    const fresh = await target.fetch('/api/orders/1', request(customer))
    const etag = fresh.headers.get('ETag')!
    const response = await target.fetch(
      '/api/orders/1',
      request({ ...customer, 'If-None-Match': etag }),
    )
    expect(response.status).toBe(304)
    expect(await response.text()).toBe('')
    expect(response.headers.get('ETag')).toBe(etag)
    expect(response.headers.get('Cache-Control')).toBe(
      fresh.headers.get('Cache-Control'),
    )
    expect(response.headers.get('Vary')).toBe('Authorization')
  })

  it('answers a matching If-None-Match on HEAD with 304', async () => {
    const etag = await etagOf('/api/accounts/1')
    const response = await target.fetch(
      '/api/accounts/1',
      request({ ...customer, 'If-None-Match': etag }, 'HEAD'),
    )
    expect(response.status).toBe(304)
    expect(response.headers.get('ETag')).toBe(etag)
  })

  it('matches If-None-Match against a list of tags', async () => {
    const etag = await etagOf('/api/orders/1')
    const response = await target.fetch(
      '/api/orders/1',
      request({ ...customer, 'If-None-Match': `"other", ${etag}` }),
    )
    expect(response.status).toBe(304)
  })

  it('compares If-None-Match weakly: a weak form of the current tag gives 304', async () => {
    const etag = await etagOf('/api/orders/1')
    const response = await target.fetch(
      '/api/orders/1',
      request({ ...customer, 'If-None-Match': `W/${etag}` }),
    )
    expect(response.status).toBe(304)
  })

  it('compares If-Match strongly: a weak form of the current tag gives 412', async () => {
    const etag = await etagOf('/api/orders/1')
    const response = await target.fetch(
      '/api/orders/1',
      request({ ...customer, 'If-Match': `W/${etag}` }, 'DELETE'),
    )
    await expectProblem(response, 412, 'precondition-failed')
  })

  it('answers a stale If-None-Match with 200 and the current representation', async () => {
    const old = await etagOf('/api/orders/1')
    await target.fetch('/api/orders/1/cancel', request(customer, 'POST'))
    const response = await target.fetch(
      '/api/orders/1',
      request({ ...customer, 'If-None-Match': old }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('ETag')).not.toBe(old)
    expect(await response.json()).toMatchObject({ status: 'cancelled' })
  })

  it('answers PUT with a non-matching If-Match with 412 and changes nothing', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      sendJson(
        'PUT',
        { total: 3, currency: 'usd' },
        {
          ...customer,
          'If-Match': '"order-1-v0"',
        },
      ),
    )
    await expectProblem(response, 412, 'precondition-failed')
    expect(target.api.state.snapshot().orders[0]).toMatchObject({
      total: 42.5,
      version: 1,
    })
  })

  it('answers DELETE with a non-matching If-Match with 412 and keeps the order', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      request({ ...customer, 'If-Match': '"nope"' }, 'DELETE'),
    )
    await expectProblem(response, 412, 'precondition-failed')
    expect(
      (await target.fetch('/api/orders/1', request(customer))).status,
    ).toBe(200)
  })

  it('answers a PUT that lost the race with 412: the If-Match of an older read', async () => {
    const etag = await etagOf('/api/orders/1')
    const first = await target.fetch(
      '/api/orders/1',
      sendJson(
        'PUT',
        { total: 4, currency: 'usd' },
        {
          ...customer,
          'If-Match': etag,
        },
      ),
    )
    expect(first.status).toBe(200)
    const second = await target.fetch(
      '/api/orders/1',
      sendJson(
        'PUT',
        { total: 5, currency: 'usd' },
        {
          ...customer,
          'If-Match': etag,
        },
      ),
    )
    await expectProblem(second, 412, 'precondition-failed')
  })

  it('performs PUT and DELETE whose If-Match matches the current ETag', async () => {
    const etag = await etagOf('/api/orders/4')
    const put = await target.fetch(
      '/api/orders/4',
      sendJson(
        'PUT',
        { total: 6, currency: 'usd' },
        {
          ...customer,
          'If-Match': etag,
        },
      ),
    )
    expect(put.status).toBe(200)
    const deleted = await target.fetch(
      '/api/orders/4',
      request({ ...customer, 'If-Match': put.headers.get('ETag')! }, 'DELETE'),
    )
    expect(deleted.status).toBe(204)
  })

  it.each([
    ['an item', '/api/orders/1'],
    ['a collection', '/api/orders'],
    ['a nested collection', '/api/customers/1/orders'],
  ])(
    'marks a read of %s private, no-cache and varying by Authorization',
    async (_kind, path) => {
      for (const method of ['GET', 'HEAD']) {
        const response = await target.fetch(path, request(customer, method))
        expect(response.status).toBe(200)
        expect(response.headers.get('Cache-Control'), method).toBe(
          'private, no-cache',
        )
        expect(response.headers.get('Vary'), method).toBe('Authorization')
      }
    },
  )

  it.each(['/api', '/api/problems/not-found', '/api/problems'])(
    'lets shared caches keep %s: public, max-age=300',
    async (path) => {
      const response = await target.fetch(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    },
  )

  it.each([
    ['a 404', '/api/orders/999', request(auth('customer-1-token'))],
    ['a 401', '/api/orders', request({})],
    ['a 400', '/api/orders?page=0', request(auth('customer-1-token'))],
  ])('marks %s no-store', async (_kind, path, init) => {
    const response = await target.fetch(path, init)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it.skipIf(lacks(factory, 'transfer'))(
    'marks the 422 of a failed transfer no-store',
    async () => {
      const response = await target.fetch(
        '/api/transfers/2',
        request(auth('customer-1-token')),
      )
      expect(response.status).toBe(422)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    },
  )

  it.each([
    ['POST 201', 'POST', '/api/orders', { total: 1, currency: 'usd' }],
    ['PUT 200', 'PUT', '/api/orders/1', { total: 1, currency: 'usd' }],
    ['POST cancel 200', 'POST', '/api/orders/1/cancel', undefined],
    ['POST pay 201', 'POST', '/api/orders/4/payment', undefined],
    ['DELETE 204', 'DELETE', '/api/orders/5', undefined],
  ] as const)(
    'marks the write %s no-store',
    async (_kind, method, path, body) => {
      const init =
        body === undefined
          ? request(customer, method)
          : sendJson(method, body, customer)
      const response = await target.fetch(path, init)
      expect(response.status).toBeLessThan(300)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    },
  )

  it('marks OPTIONS no-store', async () => {
    const response = await target.fetch('/api/orders', { method: 'OPTIONS' })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('sends no body with 204, 304 or HEAD responses', async () => {
    const deleted = await target.fetch(
      '/api/orders/1',
      request(customer, 'DELETE'),
    )
    expect(deleted.status).toBe(204)
    expect(deleted.body === null || (await deleted.text()) === '').toBe(true)

    const etag = await etagOf('/api/orders/4')
    const notModified = await target.fetch(
      '/api/orders/4',
      request({ ...customer, 'If-None-Match': etag }),
    )
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')

    for (const path of ['/api/orders', '/api/orders/4', '/api/transfers/2']) {
      const head = await target.fetch(path, request(customer, 'HEAD'))
      expect(await head.text(), path).toBe('')
    }
  })
})
