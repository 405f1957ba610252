import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem, STACK_LINE } from '../../support/expect-problem.ts'
import { auth, request, sendJson } from '../../support/request-init.ts'

const SECRET = 'boom: the clock broke'

describe.each(contractTargets)(
  'unexpected exceptions over $name',
  (factory) => {
    // A clock that breaks on demand: a real exception thrown from deep inside the mock.
    let reads = 0
    let failOnRead = 0
    let failAlways = false
    const now = () => {
      reads += 1
      if (failAlways || reads === failOnRead) throw new Error(SECRET)
      return Date.now()
    }
    const onUnhandledError = vi.fn()
    const target = useContractTarget(factory, { now, onUnhandledError })
    const customer = auth('customer-1-token')

    async function expectInternalError(response: Response) {
      const text = await response.clone().text()
      expect(text).not.toContain('boom')
      expect(text).not.toMatch(STACK_LINE)
      const problem = await expectProblem(response, 500, 'internal-error')
      expect(problem.detail).not.toContain('boom')
      return problem
    }

    it('answers a clock that fails on every read with a 500 internal-error problem, no stack', async () => {
      failAlways = true
      try {
        const response = await target.fetch('/api/orders/1', request(customer))
        const problem = await expectInternalError(response)
        expect(problem.instance).toBe('/api/orders/1')
      } finally {
        failAlways = false
      }
      expect(onUnhandledError).toHaveBeenCalledWith(
        expect.objectContaining({ message: SECRET }),
        expect.anything(),
      )
      const healthy = await target.fetch('/api/orders/1', request(customer))
      expect(healthy.status).toBe(200)
    })

    it.each([1, 2, 3, 4])(
      'answers a clock failing on read %i of a write with a 500 internal-error problem, no stack',
      async (k) => {
        failOnRead = reads + k
        try {
          const response = await target.fetch(
            '/api/orders',
            sendJson('POST', { total: 1, currency: 'usd' }, customer),
          )
          await expectInternalError(response)
        } finally {
          failOnRead = 0
        }
        const healthy = await target.fetch(
          '/api/orders',
          sendJson('POST', { total: 1, currency: 'usd' }, customer),
        )
        expect(healthy.status).toBe(201)
      },
    )
  },
)

const knownSegments = [
  'orders',
  'payments',
  'transfers',
  'accounts',
  'customers',
  'problems',
  'cancel',
  'payment',
  'not-found',
  '1',
  '2',
  '3',
  '26',
  '999',
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  '%E0%A4%A',
  '%00',
  '__proto__',
  'constructor',
]
const knownParams = [
  'page',
  'perPage',
  'sort',
  'status',
  'currency',
  'customerId',
  'total[gte]',
  'total[lt]',
  'createdAt[gt]',
  'orderId',
  'amount[lte]',
  'id',
  'colour',
  '__proto__',
  'toString',
]
const headerText = fc.stringMatching(/^[!-~]{0,16}$/)

const requestArbitrary = fc.record({
  method: fc.constantFrom(
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
  ),
  segments: fc.array(
    fc.oneof(fc.constantFrom(...knownSegments), fc.webSegment()),
    {
      maxLength: 4,
    },
  ),
  query: fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...knownParams), fc.string({ maxLength: 8 })),
      fc.oneof(
        fc.constantFrom(
          '1',
          '0',
          '-1',
          'abc',
          'pending,paid',
          '-total,id',
          'null',
          '',
        ),
        fc.string({ maxLength: 8 }),
      ),
    ),
    { maxLength: 4 },
  ),
  token: fc.option(
    fc.oneof(
      fc.constantFrom(
        'Bearer customer-1-token',
        'Bearer customer-2-token',
        'Bearer readonly-token',
        'Bearer admin-token',
        'Bearer expired-token',
      ),
      headerText,
    ),
  ),
  contentType: fc.option(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/merge-patch+json',
      'text/plain',
    ),
  ),
  body: fc.option(
    fc.oneof(
      fc.json(),
      fc.string(),
      fc
        .record(
          {
            total: fc.jsonValue(),
            currency: fc.jsonValue(),
            amount: fc.jsonValue(),
            orderId: fc.jsonValue(),
            fromAccountId: fc.jsonValue(),
            toAccountId: fc.jsonValue(),
            version: fc.jsonValue(),
            note: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    ),
  ),
  key: fc.option(headerText),
  ifMatch: fc.option(fc.oneof(headerText, fc.constant('"order-1-v1"'))),
})

describe.each(contractTargets)(
  'no stack traces under any input over $name',
  (factory) => {
    const target = useContractTarget(factory, { config: { rateLimit: false } })

    it('answers arbitrary requests without a stack trace, a 500, or a malformed problem', async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary, async (input) => {
          const query = new URLSearchParams(input.query).toString()
          const path = `/api${input.segments.map((s) => `/${s}`).join('')}${query ? `?${query}` : ''}`
          const headers: Record<string, string> = {}
          if (input.token !== null) headers.Authorization = input.token
          if (input.contentType !== null)
            headers['Content-Type'] = input.contentType
          if (input.key !== null) headers['Idempotency-Key'] = input.key
          if (input.ifMatch !== null) headers['If-Match'] = input.ifMatch
          const withBody =
            input.body !== null &&
            input.method !== 'GET' &&
            input.method !== 'HEAD'
          const response = await target.fetch(path, {
            method: input.method,
            headers,
            ...(withBody ? { body: input.body } : {}),
          })
          const text = await response.text()
          expect(text).not.toMatch(STACK_LINE)
          expect(
            response.status,
            `${input.method} ${path}: ${text}`,
          ).toBeLessThan(500)
          if (response.status >= 400 && input.method !== 'HEAD') {
            expect(response.headers.get('Content-Type')).toBe(
              'application/problem+json',
            )
            expect(JSON.parse(text)).toMatchObject({ status: response.status })
          }
        }),
        { numRuns: 400, seed: 20260105 },
      )
    }, 30_000)
  },
)
