import { describe, expect, it } from 'vitest'
import { createSeed } from '../../support/shop-fixtures.ts'
import {
  transportTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import { auth, idempotencyKey, sendJson } from '../../support/request-init.ts'

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

describe.each(transportTargets)('the control API over $name', (factory) => {
  const target = useContractTarget(factory)
  const control = (path: string, init?: RequestInit) =>
    target.fetch(`/__mock${path}`, init)

  it('snapshots the state with GET /__mock/state', async () => {
    const response = await control('/state')
    expect(response.status).toBe(200)
    const state = await response.json()
    expect(state).toEqual(createSeed())
  })

  it('restores a snapshot with PUT /__mock/state', async () => {
    const state = createSeed()
    state.accounts[0]!.balance = 7
    expect((await control('/state', json('PUT', state))).status).toBe(204)
    const account = await (
      await target.fetch('/api/accounts/1', {
        headers: auth('customer-1-token'),
      })
    ).json()
    expect(account.balance).toBe(7)
  })

  it('refuses a malformed snapshot with a 400 invalid-snapshot problem and changes nothing', async () => {
    const before = await (await control('/state')).json()
    const broken = { ...createSeed(), orders: [{ id: 'one' }] }
    const problem = await expectProblem(
      await control('/state', json('PUT', broken)),
      400,
      'invalid-snapshot',
    )
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        {
          field: 'orders.0.id',
          message: expect.stringMatching(/.+/),
          pointer: '#/orders/0/id',
        },
      ]),
    )
    const seed = createSeed()
    const dangling = {
      ...seed,
      orders: [
        { ...seed.orders[0]!, customerId: 999 },
        ...seed.orders.slice(1),
      ],
    }
    const reference = await expectProblem(
      await control('/state', json('PUT', dangling)),
      400,
      'invalid-snapshot',
    )
    expect(reference.errors).toContainEqual({
      field: 'orders.0.customerId',
      message: 'names unknown customer 999',
      pointer: '#/orders/0/customerId',
    })
    expect(await (await control('/state')).json()).toEqual(before)
    await expectProblem(
      await control('/state', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: '{"schemaVersion":',
      }),
      400,
      'invalid-json',
    )
  })

  it('resets data, config, faults, journal, keys and rate counters with POST /__mock/reset', async () => {
    await target.fetch('/api/orders/1/cancel', {
      method: 'POST',
      headers: { ...auth('customer-1-token'), ...idempotencyKey('k') },
    })
    await control('/faults', json('POST', { effect: { kind: 'delay', ms: 1 } }))
    await control(
      '/config',
      json('PATCH', { latencyMs: 0, requireIdempotencyKey: true }),
    )
    expect((await control('/reset', { method: 'POST' })).status).toBe(204)
    expect(await (await control('/state')).json()).toEqual(createSeed())
    expect(await (await control('/faults')).json()).toEqual({ rules: [] })
    expect(await (await control('/journal')).json()).toEqual({ entries: [] })
    expect(
      (await (await control('/config')).json()).requireIdempotencyKey,
    ).toBe(false)
  })

  it('adds, lists and deletes fault rules', async () => {
    const created = await control(
      '/faults',
      json('POST', {
        match: { method: 'get', path: '/api/*' },
        effect: { kind: 'network-error' },
        times: 2,
      }),
    )
    expect(created.status).toBe(201)
    const rule = await created.json()
    expect(rule).toEqual({
      id: expect.any(String),
      match: { method: 'GET', path: '/api/*' },
      effect: { kind: 'network-error' },
      times: 2,
      matched: 0,
      fired: 0,
    })
    expect(created.headers.get('Location')).toBe(`/__mock/faults/${rule.id}`)
    await control('/faults', json('POST', { effect: { kind: 'hang' } }))
    expect((await (await control('/faults')).json()).rules).toHaveLength(2)
    expect(
      (await control(`/faults/${rule.id}`, { method: 'DELETE' })).status,
    ).toBe(204)
    await expectProblem(
      await control(`/faults/${rule.id}`, { method: 'DELETE' }),
      404,
      'not-found',
    )
    expect((await control('/faults', { method: 'DELETE' })).status).toBe(204)
    expect(await (await control('/faults')).json()).toEqual({ rules: [] })
  })

  it('journals every API request, newest last, and clears with DELETE', async () => {
    await target.fetch('/api')
    await target.fetch(
      '/api/payments',
      sendJson(
        'POST',
        { amount: 5, currency: 'usd' },
        { ...auth('customer-1-token'), ...idempotencyKey('j-1') },
      ),
    )
    await target.fetch(
      '/api/payments',
      sendJson(
        'POST',
        { amount: 5, currency: 'usd' },
        { ...auth('customer-1-token'), ...idempotencyKey('j-1') },
      ),
    )
    await control('/journal')
    const { entries } = await (await control('/journal')).json()
    expect(
      entries.map((e: { method: string; path: string; status: number }) => [
        e.method,
        e.path,
        e.status,
      ]),
    ).toEqual([
      ['GET', '/api', 200],
      ['POST', '/api/payments', 201],
      ['POST', '/api/payments', 201],
    ])
    expect(entries[2]).toEqual({
      id: 3,
      requestId: expect.stringMatching(/^req-/),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      startMs: expect.any(Number),
      method: 'POST',
      path: '/api/payments',
      search: '',
      status: 201,
      durationMs: expect.any(Number),
      fault: null,
      idempotencyKey: 'j-1',
      replayed: true,
      correlationId: null,
      bodyFingerprint: expect.stringMatching(/^\d+:[0-9a-f]{8}$/),
      retryAfter: null,
    })
    expect(entries[1].bodyFingerprint).toBe(entries[2].bodyFingerprint)
    expect(entries[1].replayed).toBe(false)
    expect((await control('/journal', { method: 'DELETE' })).status).toBe(204)
    expect(await (await control('/journal')).json()).toEqual({ entries: [] })
  })

  it('reads and merges config with GET and PATCH /__mock/config', async () => {
    expect(await (await control('/config')).json()).toEqual({
      rateLimit: { limit: 100, windowSeconds: 60 },
      requireIdempotencyKey: false,
      latencyMs: 0,
      seed: 1,
    })
    const patched = await control(
      '/config',
      json('PATCH', { rateLimit: { limit: 5 }, requireIdempotencyKey: true }),
    )
    expect(await patched.json()).toEqual({
      rateLimit: { limit: 5, windowSeconds: 60 },
      requireIdempotencyKey: true,
      latencyMs: 0,
      seed: 1,
    })
    expect(
      (
        await (
          await control('/config', json('PATCH', { rateLimit: false }))
        ).json()
      ).rateLimit,
    ).toBe(false)
    const bad = await expectProblem(
      await control('/config', json('PATCH', { latencyMs: -1, rateLimits: 3 })),
      422,
      'validation-failed',
    )
    expect(
      (bad.errors as { field: string }[]).map((e) => e.field).sort(),
    ).toEqual(['latencyMs', 'rateLimits'])
  })

  it('reads and advances the mock clock', async () => {
    const { now } = await (await control('/clock')).json()
    const advanced = await (
      await control('/clock', json('POST', { advanceMs: 3_600_000 }))
    ).json()
    expect(Date.parse(advanced.now) - Date.parse(now)).toBeGreaterThanOrEqual(
      3_600_000,
    )
    expect(Date.parse(advanced.now) - Date.parse(now)).toBeLessThan(
      3_600_000 + 5_000,
    )
    await expectProblem(
      await control('/clock', json('POST', { advanceMs: -5 })),
      422,
      'validation-failed',
    )
  })

  it('answers 404 for an unknown control path and 405 with Allow for a wrong method', async () => {
    await expectProblem(await control('/nope'), 404, 'not-found')
    const wrong = await control('/journal', { method: 'POST' })
    await expectProblem(wrong, 405, 'method-not-allowed')
    expect(wrong.headers.get('Allow')).toBe('GET, HEAD, DELETE, OPTIONS')
  })
})
