import { describe, expect, it } from 'vitest'
import {
  transportTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import { auth, idempotencyKey, sendJson } from '../../support/request-init.ts'

const payment = { amount: 1000, currency: 'usd' }

describe.each(transportTargets)('fault rules over $name', (factory) => {
  const target = useContractTarget(factory, { onUnhandledError: () => {} })
  const addRule = (rule: unknown) =>
    target.fetch('/__mock/faults', sendJson('POST', rule))
  const paymentCount = () => target.api.state.snapshot().payments.length

  it('answers an injected status with its problem document and Retry-After', async () => {
    await addRule({
      match: { method: 'GET', path: '/api/orders/*' },
      effect: { kind: 'status', status: 503, retryAfter: 3 },
    })
    const response = await target.fetch('/api/orders/1', {
      headers: auth('customer-1-token'),
    })
    await expectProblem(response, 503, 'service-unavailable')
    expect(response.headers.get('Retry-After')).toBe('3')
  })

  it.each([
    [429, 'rate-limited'],
    [500, 'internal-error'],
    [502, 'bad-gateway'],
    [503, 'service-unavailable'],
    [504, 'gateway-timeout'],
  ] as const)(
    'maps an injected %i to the %s problem type',
    async (status, slug) => {
      await addRule({ effect: { kind: 'status', status } })
      await expectProblem(
        await target.fetch('/api/orders', {
          headers: auth('customer-1-token'),
        }),
        status,
        slug,
      )
    },
  )

  it('fires before every other check, even 404 and 401', async () => {
    await addRule({ effect: { kind: 'status', status: 502 } })
    await expectProblem(
      await target.fetch('/api/no-such-thing'),
      502,
      'bad-gateway',
    )
  })

  it('makes the fetch reject on a network-error fault, then lets the next request through', async () => {
    await addRule({
      match: { path: '/api/orders/1' },
      effect: { kind: 'network-error' },
      times: 1,
    })
    await expect(
      target.fetch('/api/orders/1', { headers: auth('customer-1-token') }),
    ).rejects.toThrow()
    const next = await target.fetch('/api/orders/1', {
      headers: auth('customer-1-token'),
    })
    expect(next.status).toBe(200)
  })

  it('matches by method and path pattern only', async () => {
    await addRule({
      match: { method: 'POST', path: '/api/payments*' },
      effect: { kind: 'status', status: 500 },
    })
    expect(
      (
        await target.fetch('/api/payments', {
          headers: auth('customer-1-token'),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await target.fetch(
          '/api/orders',
          sendJson(
            'POST',
            { total: 1, currency: 'usd' },
            auth('customer-1-token'),
          ),
        )
      ).status,
    ).toBe(201)
    await expectProblem(
      await target.fetch(
        '/api/payments',
        sendJson('POST', payment, auth('customer-1-token')),
      ),
      500,
      'internal-error',
    )
  })

  it('retires a rule after `times` firings and removes it from the list', async () => {
    await addRule({ effect: { kind: 'status', status: 503 }, times: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await target.fetch('/api', {})).status)
    expect(statuses).toEqual([503, 503, 200])
    const { rules } = await (await target.fetch('/__mock/faults')).json()
    expect(rules).toEqual([])
  })

  it('lets the first `skip` matches through', async () => {
    await addRule({
      effect: { kind: 'status', status: 503 },
      skip: 2,
      times: 1,
    })
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push((await target.fetch('/api')).status)
    expect(statuses).toEqual([200, 200, 503, 200])
  })

  it('draws `probability` from the seeded random source: the same seed gives the same faults', async () => {
    const run = async () => {
      await target.fetch('/__mock/reset', { method: 'POST' })
      await target.fetch('/__mock/config', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seed: 42, rateLimit: false }),
      })
      await addRule({
        effect: { kind: 'status', status: 500 },
        probability: 0.5,
      })
      const statuses: number[] = []
      for (let i = 0; i < 40; i++)
        statuses.push((await target.fetch('/api')).status)
      return statuses
    }
    const first = await run()
    expect(await run()).toEqual(first)
    const failures = first.filter((s) => s === 500).length
    expect(failures).toBeGreaterThan(5)
    expect(failures).toBeLessThan(35)
  })

  it('evaluates rules in order: the first that fires wins', async () => {
    await addRule({ effect: { kind: 'status', status: 502 }, times: 1 })
    await addRule({ effect: { kind: 'status', status: 504 } })
    expect((await target.fetch('/api')).status).toBe(502)
    expect((await target.fetch('/api')).status).toBe(504)
  })

  it('runs the operation for lose-response, stores it, and replays it to the retry', async () => {
    await addRule({
      match: { method: 'POST', path: '/api/payments' },
      effect: { kind: 'lose-response' },
      times: 1,
    })
    const init = sendJson('POST', payment, {
      ...auth('customer-1-token'),
      ...idempotencyKey('lost-1'),
    })
    const before = paymentCount()
    await expect(target.fetch('/api/payments', init)).rejects.toThrow()
    expect(paymentCount()).toBe(before + 1)
    const retry = await target.fetch('/api/payments', init)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(paymentCount()).toBe(before + 1)
    const body = await retry.json()
    expect(retry.headers.get('Location')).toBe(`/api/payments/${body.id}`)
  })

  it('rejects an invalid rule with every invalid field listed', async () => {
    const response = await addRule({
      match: { method: 'FETCH', path: 'api' },
      effect: { kind: 'status', status: 418 },
      times: 0,
      probability: 2,
    })
    const problem = await expectProblem(response, 422, 'validation-failed')
    const fields = (problem.errors as { field: string }[])
      .map((e) => e.field)
      .sort()
    expect(fields).toEqual([
      'effect.status',
      'match.method',
      'match.path',
      'probability',
      'times',
    ])
  })
})
