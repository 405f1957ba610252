import { describe, expect, test } from 'vitest'
import {
  buildTimeline,
  createClient,
  type ClientEvent,
} from '../../../client/index.ts'
import { createMockApi } from '../../../index.ts'
import { scenarios as packageScenarios } from '../../../domains/shop/index.ts'
import type { Token } from '../../services/playground-context.tsx'
import { findScenario, scenariosOf } from './scenarios.ts'

/** The shop's scenarios as the playground offers them when the shop is the loaded API. */
const scenarios = scenariosOf(createMockApi().declaration.scenarios)

/** Sets the scenario up on a fresh mock and runs it through a client with instant waits. */
async function runScenario(id: string) {
  const scenario = findScenario(id, scenarios)
  if (!scenario) throw new Error(`No scenario ${id}`)
  const api = createMockApi({
    onUnhandledError: (error) => {
      throw error
    },
  })
  let token: Token = 'customer-1-token'
  scenario.setup(api, { setToken: (next) => (token = next) })
  const events: ClientEvent[] = []
  const sleeps: number[] = []
  const client = createClient({
    baseUrl: 'http://hypermock.test/api',
    ...(token !== null && { token }),
    // As the msw and Node adapters do: the core's network-level fault becomes a rejected fetch.
    fetch: async (request) => {
      const response = await api.fetch(request)
      if (response.type === 'error') throw new TypeError('Failed to fetch')
      return response
    },
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.37,
    // The hang scenario waits out one time-out: keep it short here.
    timeoutMs: 50,
    onEvent: (event) => events.push(event),
  })
  const result = await scenario.run(client)
  return { scenario, api, token, result, events, sleeps }
}

const rowsFor = (events: ClientEvent[], method: string, path: string) =>
  buildTimeline(events).filter(
    (row) => row.method === method && new URL(row.url).pathname === path,
  )

describe('playground scenarios', () => {
  test('they are the loaded API’s scenarios (the shop’s), in its order, with its data', () => {
    expect(scenarios.map((s) => s.id)).toEqual(
      packageScenarios.map((s) => s.id),
    )
    expect(findScenario('flaky-payments', scenarios)?.faults).toBe(
      packageScenarios[1].faults,
    )
  })

  test('there are at least eight, with unique ids and an explanation each', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(8)
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length)
    for (const scenario of scenarios) {
      expect(scenario.title).not.toBe('')
      expect(scenario.description.length).toBeGreaterThan(40)
    }
  })

  test('set-up resets the mock, then adds the faults and sets the credential', () => {
    const api = createMockApi()
    api.faults.add({ match: {}, effect: { kind: 'hang' } })
    api.config.update({ latencyMs: 300 })
    let token: Token = 'customer-1-token'
    findScenario('expired-token', scenarios)!.setup(api, {
      setToken: (t) => (token = t),
    })
    expect(api.faults.list()).toEqual([])
    expect(api.config.get().latencyMs).toBe(0)
    expect(token).toBe('expired-token')
    findScenario('flaky-payments', scenarios)!.setup(api, {
      setToken: (t) => (token = t),
    })
    expect(api.faults.list()).toHaveLength(1)
    expect(token).toBe('customer-1-token')
  })

  test('happy path: creates an order and pays it through its links, each on the first attempt', async () => {
    const { result, api, events } = await runScenario('happy-path')
    expect(result.status).toBe(201)
    expect(result.problem).toBeNull()
    expect(
      buildTimeline(events).every((row) => row.attempts.length === 1),
    ).toBe(true)
    const order = api.state
      .snapshot()
      .orders.find((o) => o.note === 'Happy path')
    expect(order?.status).toBe('paid')
  })

  test('flaky payments: three attempts, one key, backoff 2^0 and 2^1 s, one payment', async () => {
    const { result, api, events, sleeps } = await runScenario('flaky-payments')
    expect(result.status).toBe(201)
    const [row] = rowsFor(events, 'POST', '/api/payments')
    expect(row?.attempts.map((a) => a.status)).toEqual([503, 503, 201])
    expect(row?.waits.map((w) => [w.reason, w.baseDelayMs])).toEqual([
      ['backoff', 1000],
      ['backoff', 2000],
    ])
    expect(sleeps).toEqual([1370, 2370])
    expect(new Set(events.map((e) => e.idempotencyKey)).size).toBe(1)
    expect(api.state.snapshot().payments).toHaveLength(2)
  })

  test('rate limited: waits exactly the Retry-After of 2 s, then succeeds', async () => {
    const { result, events, sleeps } = await runScenario('rate-limited')
    expect(result.status).toBe(200)
    const [row] = rowsFor(events, 'GET', '/api/orders')
    expect(row?.attempts.map((a) => a.status)).toEqual([429, 200])
    expect(row?.waits).toMatchObject([
      { reason: 'retry-after', baseDelayMs: 2000, jitterMs: 0 },
    ])
    expect(sleeps).toEqual([2000])
  })

  test('lost response: two attempts, one key, the second replayed, exactly one new payment', async () => {
    const { result, api, events } = await runScenario('lost-response')
    expect(result.status).toBe(201)
    const [row] = rowsFor(events, 'POST', '/api/payments')
    expect(row?.attempts).toHaveLength(2)
    expect(row?.attempts[0]).toMatchObject({ status: null, error: 'network' })
    expect(row?.attempts[1]).toMatchObject({ status: 201, replayed: true })
    expect(row?.idempotencyKey).toEqual(expect.any(String))
    const keys = events
      .filter((e) => e.method === 'POST')
      .map((e) => e.idempotencyKey)
    expect(new Set(keys)).toEqual(new Set([row?.idempotencyKey]))
    // Seed: payment 1. One new payment, whatever the number of attempts.
    expect(api.state.snapshot().payments).toHaveLength(2)
    expect(result.facts).toContainEqual({ label: 'New payments', value: '1' })
    const posts = api.journal.list().filter((e) => e.method === 'POST')
    expect(posts.map((e) => [e.status, e.replayed])).toEqual([
      [0, false],
      [201, true],
    ])
  })

  test('hung request: the first attempt times out, the retry reads the order', async () => {
    const { result, events } = await runScenario('hung-request')
    expect(result.status).toBe(200)
    const [row] = rowsFor(events, 'GET', '/api/orders/1')
    expect(row?.attempts.map((a) => a.error ?? a.status)).toEqual([
      'timeout',
      200,
    ])
  })

  test('insufficient funds: one attempt, 422 with balance and requested', async () => {
    const { result, events } = await runScenario('insufficient-funds')
    expect(result.status).toBe(422)
    expect(result.problem).toMatchObject({
      type: '/api/problems/insufficient-funds',
      balance: 500,
      requested: 100000,
    })
    expect(result.summary).toBe(
      'Refused: balance 5.00 usd (500 minor units), requested 1000.00 usd (100000 minor units), after 1 attempt.',
    )
    expect(buildTimeline(events)[0]?.attempts).toHaveLength(1)
  })

  test('validation errors: every invalid field in one 422', async () => {
    const { result } = await runScenario('validation-errors')
    expect(result.status).toBe(422)
    expect(result.problem?.type).toBe('/api/problems/validation-failed')
    const fields = (result.problem?.errors as { field: string }[]).map(
      (e) => e.field,
    )
    expect(fields).toEqual(
      expect.arrayContaining(['total', 'currency', 'ammount']),
    )
  })

  test('expired token: 401 invalid_token, not retried', async () => {
    const { result, token, events } = await runScenario('expired-token')
    expect(token).toBe('expired-token')
    expect(result.status).toBe(401)
    expect(result.facts).toContainEqual({
      label: 'WWW-Authenticate',
      value: expect.stringContaining('error="invalid_token"'),
    })
    expect(buildTimeline(events)[0]?.attempts).toHaveLength(1)
  })

  test('edit conflict: the first save wins, the stale one gets 409 version-mismatch', async () => {
    const { result, api } = await runScenario('edit-conflict')
    expect(result.status).toBe(409)
    expect(result.problem).toMatchObject({
      type: '/api/problems/version-mismatch',
      currentVersion: expect.any(Number),
    })
    const order = api.state.snapshot().orders.find((o) => o.id === 1)
    expect(order?.note).toBe('First editor')
  })

  test('stale link: cancelling, then following the old pay link, is a 409 state-conflict', async () => {
    const { result, api } = await runScenario('stale-link')
    expect(result.status).toBe(409)
    expect(result.problem).toMatchObject({
      type: '/api/problems/state-conflict',
      currentStatus: 'cancelled',
    })
    expect(api.state.snapshot().orders.find((o) => o.id === 1)?.status).toBe(
      'cancelled',
    )
  })
})
