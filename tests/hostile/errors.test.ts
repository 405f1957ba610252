import { describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.ts'
import { ADMIN, CUSTOMER, mock } from './support.ts'

describe('errors say what is wrong (finding 11)', () => {
  it.each([
    ['"abc"', '"abc"', 'got a string'],
    ['null', 'null', 'got null'],
    ['an object', '{"value":1}', 'got an object'],
  ])(
    'a total of %s is a wrong type, not a missing field',
    async (_name, raw, got) => {
      const { json } = mock()
      const problem = await expectProblem(
        await json(
          'POST',
          '/api/orders',
          `{"total":${raw},"currency":"usd"}`,
          CUSTOMER,
        ),
        422,
        'validation-failed',
      )
      const errors = problem.errors as { field: string; message: string }[]
      expect(errors).toHaveLength(1)
      expect(errors[0]!.field).toBe('total')
      expect(errors[0]!.message).not.toBe('is required')
      expect(errors[0]!.message).toContain(got)
    },
  )

  it('still says "is required" for a member that is absent', async () => {
    const { json } = mock()
    const problem = await expectProblem(
      await json('POST', '/api/orders', { currency: 'usd' }, CUSTOMER),
      422,
      'validation-failed',
    )
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'total', message: 'is required' }),
    ])
  })

  it('refuses a page beyond 2^53 instead of echoing null', async () => {
    const { call } = mock()
    const problem = await expectProblem(
      await call('/api/orders?page=99999999999999999999', {
        headers: CUSTOMER,
      }),
      400,
      'invalid-query',
    )
    expect(problem.errors).toEqual([
      expect.objectContaining({
        field: 'page',
        message: `must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`,
      }),
    ])
    const last = await call(`/api/orders?page=${Number.MAX_SAFE_INTEGER}`, {
      headers: CUSTOMER,
    })
    expect(last.status).toBe(200)
    expect((await last.json()).page).toBe(Number.MAX_SAFE_INTEGER)
  })

  it.each(['+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z'])(
    'refuses the timestamp bound %s that text comparison would get wrong',
    async (bound) => {
      const { call } = mock()
      const problem = await expectProblem(
        await call(`/api/orders?createdAt[lte]=${encodeURIComponent(bound)}`, {
          headers: ADMIN,
        }),
        400,
        'invalid-query',
      )
      expect(JSON.stringify(problem.errors)).toContain(
        '9999-12-31T23:59:59.999Z',
      )
    },
  )

  it('caps the rate-limit window at a day: no Retry-After of 2^53−1 s', async () => {
    const { json } = mock()
    const problem = await expectProblem(
      await json('PATCH', '/__mock/config', {
        rateLimit: { limit: 1, windowSeconds: Number.MAX_SAFE_INTEGER },
      }),
      422,
      'validation-failed',
    )
    expect(problem.errors).toEqual([
      expect.objectContaining({
        field: 'rateLimit.windowSeconds',
        message: 'must be at most 86400 (one day)',
      }),
    ])
  })

  it('tells an anonymous caller over the limit that callers without a credential share one quota', async () => {
    const { call } = mock({
      config: { rateLimit: { limit: 1, windowSeconds: 60 } },
    })
    expect((await call('/api')).status).toBe(200)
    const problem = await expectProblem(await call('/api'), 429, 'rate-limited')
    expect(problem.detail).toContain('without a credential share one quota')
    expect(problem.detail).toContain('send a token')
  })
})
