import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { expectWellFormed } from './support/expect-well-formed.ts'

// Frozen real time: windows move only when the test advances the mock clock.
const api = createMockApi({ now: () => Date.parse('2026-03-01T12:00:00.000Z') })
let generated = 0

afterAll(() => {
  console.log(`[property] rate-limit: ${generated} generated requests`)
})

/** Tokens and the bucket they draw from: one customer's tokens share one principal. */
const callers = {
  'customer-1-token': 'customer:1',
  'readonly-token': 'customer:1',
  'customer-2-token': 'customer:2',
  'admin-token': 'admin',
  'expired-token': null,
  none: null,
} as const
type Caller = keyof typeof callers

const requests = {
  list: ['GET', '/api/orders'],
  item: ['GET', '/api/orders/26'],
  cancel: ['POST', '/api/orders/5/cancel'],
  unknown: ['GET', '/api/nope'],
} as const
type Kind = keyof typeof requests

const stepArb = fc.oneof(
  fc.record({
    caller: fc.constantFrom(...(Object.keys(callers) as Caller[])),
    kind: fc.constantFrom(...(Object.keys(requests) as Kind[])),
  }),
  fc.constant('next-window' as const),
)

it('lets each principal through exactly `limit` times per window, not counting 401, 403 and 404 paths', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 120 }),
      fc.array(stepArb, { minLength: 1, maxLength: 30, size: 'max' }),
      async (limit, windowSeconds, steps) => {
        api.reset()
        api.config.update({ rateLimit: { limit, windowSeconds } })
        let used = new Map<string, number>()
        for (const step of steps) {
          if (step === 'next-window') {
            api.clock.advance(windowSeconds * 1000)
            used = new Map()
            continue
          }
          const [method, path] = requests[step.kind]
          const principal = callers[step.caller]
          const request = new Request(`http://hypermock.test${path}`, {
            method,
            headers:
              step.caller === 'none'
                ? {}
                : { Authorization: `Bearer ${step.caller}` },
          })
          generated += 1
          const answer = await expectWellFormed(
            request,
            await api.fetch(request),
          )
          // Unknown paths answer before authentication; bad credentials never count.
          if (step.kind === 'unknown') {
            expect(answer.status).toBe(404)
            continue
          }
          if (principal === null) {
            expect(answer.status).toBe(401)
            continue
          }
          const count = used.get(principal) ?? 0
          if (count >= limit) {
            expect(answer.status).toBe(429)
            const retryAfter = Number(answer.headers.get('Retry-After'))
            expect(retryAfter).toBeGreaterThanOrEqual(1)
            expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
            continue
          }
          expect(answer.status).not.toBe(429)
          // A 403 gives its request back.
          if (answer.status === 403) continue
          used.set(principal, count + 1)
          expect(answer.headers.get('RateLimit')).toMatch(
            new RegExp(`^"default";r=${limit - count - 1};t=\\d+$`),
          )
          expect(answer.headers.get('RateLimit-Policy')).toBe(
            `"default";q=${limit};w=${windowSeconds}`,
          )
        }
      },
    ),
    { numRuns: 200 },
  )
})
