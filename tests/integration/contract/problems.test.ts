import { describe, expect, it } from 'vitest'
import {
  problemCatalogue,
  type ProblemSlug,
} from '../../support/shop-fixtures.ts'
import {
  roundTripTargets,
  type ContractTarget,
  useContractTarget,
} from '../../support/contract-target.ts'
import {
  lacks,
  shopCode,
  type ShopCode,
} from '../../support/imported-target.ts'
import {
  expectProblem,
  type ProblemBody,
} from '../../support/expect-problem.ts'
import {
  auth,
  idempotencyKey,
  request,
  sendJson,
  sendRaw,
} from '../../support/request-init.ts'

const customer = auth('customer-1-token')
const json = { 'Content-Type': 'application/json' }

interface ProblemCase {
  slug: ProblemSlug
  status: number
  path: string
  send: (target: ContractTarget) => Promise<Response>
  /** The expected `instance`; the request path unless said otherwise. */
  instance?: string
  check?: (problem: ProblemBody, response: Response) => void
  /** The built-in domain's code the case depends on (skipped where a target lacks it). */
  needs?: ShopCode
}

/** Every problem type of contract section 6 that the core produces without fault injection. */
const cases: ProblemCase[] = [
  {
    slug: 'invalid-json',
    status: 400,
    path: '/api/orders',
    send: (t) =>
      t.fetch(
        '/api/orders',
        sendRaw('POST', '{"total": 1,', { ...json, ...customer }),
      ),
  },
  {
    slug: 'invalid-json',
    status: 400,
    path: '/api/orders',
    send: (t) =>
      t.fetch(
        '/api/orders',
        sendRaw('POST', '[1, 2]', { ...json, ...customer }),
      ),
  },
  {
    slug: 'invalid-query',
    status: 400,
    path: '/api/orders',
    send: (t) => t.fetch('/api/orders?colour=red', request(customer)),
    check: (problem) =>
      expect(problem.errors).toEqual([
        { field: 'colour', message: expect.any(String) },
      ]),
  },
  {
    slug: 'invalid-idempotency-key',
    status: 400,
    path: '/api/payments',
    send: (t) =>
      t.fetch(
        '/api/payments',
        sendJson(
          'POST',
          { amount: 1, currency: 'usd' },
          {
            ...customer,
            ...idempotencyKey('k'.repeat(256)),
          },
        ),
      ),
  },
  {
    slug: 'unauthenticated',
    status: 401,
    path: '/api/orders',
    send: (t) => t.fetch('/api/orders'),
    check: (_problem, response) =>
      expect(response.headers.get('WWW-Authenticate')).toBe(
        'Bearer realm="hypermock"',
      ),
  },
  {
    slug: 'forbidden',
    status: 403,
    path: '/api/orders/1/cancel',
    send: (t) =>
      t.fetch('/api/orders/1/cancel', request(auth('readonly-token'), 'POST')),
    check: (_problem, response) =>
      expect(response.headers.get('WWW-Authenticate')).toContain(
        'error="insufficient_scope"',
      ),
  },
  {
    slug: 'not-found',
    status: 404,
    path: '/api/payments/999',
    send: (t) => t.fetch('/api/payments/999', request(customer)),
  },
  {
    slug: 'method-not-allowed',
    status: 405,
    path: '/api/payments/1',
    send: (t) => t.fetch('/api/payments/1', request(customer, 'DELETE')),
    check: (problem, response) => {
      expect(problem.allowed).toEqual(expect.arrayContaining(['GET', 'HEAD']))
      expect(response.headers.get('Allow')).toContain('GET')
    },
  },
  {
    slug: 'state-conflict',
    status: 409,
    path: '/api/orders/3/payment',
    send: (t) => t.fetch('/api/orders/3/payment', request(customer, 'POST')),
    check: (problem) =>
      expect(problem).toMatchObject({
        currentStatus: 'cancelled',
        allowedActions: [],
      }),
  },
  {
    slug: 'version-mismatch',
    status: 409,
    path: '/api/orders/1',
    send: (t) =>
      t.fetch(
        '/api/orders/1',
        sendJson('PUT', { total: 1, currency: 'usd', version: 7 }, customer),
      ),
    check: (problem) => expect(problem.currentVersion).toBe(1),
  },
  {
    slug: 'precondition-failed',
    status: 412,
    path: '/api/orders/1',
    send: (t) =>
      t.fetch(
        '/api/orders/1',
        request({ ...customer, 'If-Match': '"x"' }, 'DELETE'),
      ),
  },
  {
    slug: 'content-too-large',
    status: 413,
    path: '/api/payments',
    send: (t) =>
      t.fetch(
        '/api/payments',
        sendJson(
          'POST',
          { amount: 1, currency: 'usd', pad: 'x'.repeat(1 << 20) },
          customer,
        ),
      ),
    check: (problem) => expect(problem.maxBytes).toBe(1024 * 1024),
  },
  {
    slug: 'unsupported-media-type',
    status: 415,
    path: '/api/payments',
    send: (t) =>
      t.fetch(
        '/api/payments',
        sendRaw('POST', 'amount=1&currency=usd', {
          ...customer,
          'Content-Type': 'application/x-www-form-urlencoded',
        }),
      ),
    check: (_problem, response) =>
      expect(response.headers.get('Accept-Post')).toBe('application/json'),
  },
  {
    slug: 'unsupported-media-type',
    status: 415,
    path: '/api/orders/1',
    send: (t) =>
      t.fetch(
        '/api/orders/1',
        sendRaw('PUT', '{"total": 1, "currency": "usd"}', {
          ...customer,
          'Content-Type': 'text/plain',
        }),
      ),
    check: (_problem, response) =>
      expect(response.headers.get('Accept')).toBe('application/json'),
  },
  {
    slug: 'validation-failed',
    status: 422,
    path: '/api/payments',
    send: (t) =>
      t.fetch(
        '/api/payments',
        sendJson(
          'POST',
          { ammount: 1999, currency: 'USD', orderId: -2 },
          customer,
        ),
      ),
    check: (problem) => {
      const errors = problem.errors as {
        field: string
        message: string
        pointer: string
      }[]
      expect(errors.map((e) => [e.field, e.pointer]).sort()).toEqual(
        [
          ['amount', '#/amount'],
          ['currency', '#/currency'],
          ['orderId', '#/orderId'],
          ['ammount', '#/ammount'],
        ].sort(),
      )
      for (const error of errors)
        expect(error.message.length).toBeGreaterThan(0)
      expect(errors.find((e) => e.field === 'ammount')?.message).toContain(
        'amount',
      )
    },
  },
  {
    slug: 'validation-failed',
    status: 422,
    path: '/api/transfers',
    send: (t) => t.fetch('/api/transfers', sendJson('POST', {}, customer)),
    check: (problem) =>
      expect(
        (problem.errors as { field: string }[]).map((e) => e.field).sort(),
      ).toEqual(['amount', 'currency', 'fromAccountId', 'toAccountId']),
  },
  {
    slug: 'idempotency-key-reused',
    status: 422,
    path: '/api/payments',
    send: async (t) => {
      const headers = { ...customer, ...idempotencyKey('problem-reused') }
      await t.fetch(
        '/api/payments',
        sendJson('POST', { amount: 1, currency: 'usd' }, headers),
      )
      return t.fetch(
        '/api/payments',
        sendJson('POST', { amount: 2, currency: 'usd' }, headers),
      )
    },
  },
  {
    slug: 'insufficient-funds',
    status: 422,
    path: '/api/transfers',
    needs: 'transfer',
    instance: '/api/transfers/3',
    send: (t) =>
      t.fetch(
        '/api/transfers',
        sendJson(
          'POST',
          { fromAccountId: 2, toAccountId: 1, amount: 700, currency: 'usd' },
          customer,
        ),
      ),
    check: (problem) =>
      expect(problem).toMatchObject({
        balance: 500,
        requested: 700,
        accountId: 2,
      }),
  },
  {
    slug: 'insufficient-funds',
    status: 422,
    path: '/api/transfers/2',
    needs: 'transfer',
    send: (t) => t.fetch('/api/transfers/2', request(customer)),
    check: (problem) =>
      expect(problem).toMatchObject({
        balance: 500,
        requested: 1000,
        accountId: 2,
      }),
  },
]

describe.each(roundTripTargets)('problem documents over $name', (factory) => {
  const target = useContractTarget(factory)

  it.for(cases)(
    'answers with a complete $slug problem ($status) at $path',
    async ({ slug, status, path, send, instance, check, needs }, { skip }) => {
      skip(
        needs !== undefined && lacks(factory, needs),
        needs && shopCode[needs],
      )
      const response = await send(target)
      const problem = await expectProblem(response.clone(), status, slug)
      expect(problem.instance).toBe(instance ?? path)
      check?.(problem, response)

      const doc = await target.fetch(problem.type)
      expect(doc.status).toBe(200)
      expect(doc.headers.get('Content-Type')).toMatch(/^text\/html\b/)
      expect(await doc.text()).toContain(problemCatalogue[slug].title)
    },
  )

  it.each(Object.keys(problemCatalogue) as ProblemSlug[])(
    'documents %s as public, human-readable HTML at its type URL',
    async (slug) => {
      const response = await target.fetch(`/api/problems/${slug}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html\b/)
      const html = await response.text()
      expect(html).toMatch(/^<!doctype html>/i)
      expect(html).toContain(problemCatalogue[slug].title)
      expect(html).toContain(String(problemCatalogue[slug].status))
    },
  )

  it('gives every problem type of contract section 6 its status', () => {
    const expected: Record<string, number> = {
      'invalid-json': 400,
      'invalid-query': 400,
      'invalid-snapshot': 400,
      'invalid-idempotency-key': 400,
      'idempotency-key-missing': 400,
      unauthenticated: 401,
      forbidden: 403,
      'origin-not-allowed': 403,
      'not-found': 404,
      'method-not-allowed': 405,
      'state-conflict': 409,
      'version-mismatch': 409,
      'still-referenced': 409,
      'already-exists': 409,
      'idempotency-key-in-use': 409,
      'limit-exceeded': 409,
      'precondition-failed': 412,
      'content-too-large': 413,
      'unsupported-media-type': 415,
      'validation-failed': 422,
      'idempotency-key-reused': 422,
      'insufficient-funds': 422,
      'rate-limited': 429,
      'internal-error': 500,
      'bad-gateway': 502,
      'service-unavailable': 503,
      'store-unavailable': 503,
      'gateway-timeout': 504,
    }
    const actual = Object.fromEntries(
      Object.entries(problemCatalogue).map(([slug, entry]) => [
        slug,
        entry.status,
      ]),
    )
    expect(actual).toEqual(expected)
  })

  it('answers an unknown problem type with 404', async () => {
    const response = await target.fetch('/api/problems/no-such-problem')
    await expectProblem(response, 404, 'not-found')
  })
})
