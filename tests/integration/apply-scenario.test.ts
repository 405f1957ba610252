import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  applyScenario,
  createMockApi,
  defineApi,
  defineResource,
  InvalidScenarioError,
  type Scenario,
} from '../../src/index.ts'
import { scenarios } from '../../src/domains/shop/index.ts'

const get = (
  api: ReturnType<typeof createMockApi>,
  path: string,
  token: string,
) =>
  api.fetch(
    new Request(`http://hypermock.test${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  )

describe('applyScenario', () => {
  test('the ten built-in scenarios are valid, with unique ids and steps each', () => {
    expect(scenarios.map((s) => s.id)).toEqual([
      'happy-path',
      'flaky-payments',
      'rate-limited',
      'lost-response',
      'hung-request',
      'insufficient-funds',
      'validation-errors',
      'expired-token',
      'edit-conflict',
      'stale-link',
    ])
    for (const scenario of scenarios) {
      const api = createMockApi()
      const applied = applyScenario(api, scenario)
      expect(applied.steps.length).toBeGreaterThan(0)
      expect(api.faults.list()).toHaveLength(scenario.faults.length)
    }
  })

  test('amounts in the texts state the API units: minor units with the major-unit value', () => {
    const texts = scenarios.flatMap((s) => [
      s.description,
      ...s.steps.map((step) => step.title),
    ])
    expect(texts.join('\n')).toContain('balance is 500 (5.00 usd)')
    expect(texts.join('\n')).toContain('amount 100000 (1000.00 usd)')
    expect(texts.join('\n')).toContain('amount 2500 (25.00 usd)')
  })

  test('by id: back to the seed, then the scenario faults and settings; returns its credential', async () => {
    const api = createMockApi()
    await api.fetch(
      new Request('http://hypermock.test/api/orders', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer customer-1-token',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ total: 1, currency: 'usd' }),
      }),
    )
    expect(api.state.snapshot().orders).toHaveLength(31)
    api.faults.add({ match: {}, effect: { kind: 'hang' } })
    api.config.update({ latencyMs: 300, rateLimit: false })

    const { token } = applyScenario(api, 'rate-limited')

    expect(token).toBe('customer-1-token')
    expect(api.state.snapshot()).toEqual(createMockApi().state.snapshot())
    expect(api.config.get()).toMatchObject({
      latencyMs: 0,
      rateLimit: { limit: 100, windowSeconds: 60 },
    })
    expect(api.faults.list()).toMatchObject([
      { effect: { kind: 'status', status: 429, retryAfter: 2 }, times: 1 },
    ])
    const first = await get(api, '/api/orders', token)
    expect(first.status).toBe(429)
    expect(first.headers.get('Retry-After')).toBe('2')
    const second = await get(api, '/api/orders', token)
    expect(second.status).toBe(200)
  })

  test('a custom scenario in the same shape, defaults filled in', async () => {
    const api = createMockApi()
    const slow: Scenario = {
      id: 'orders-down',
      title: 'Orders down',
      description: 'Every read of an order answers 503.',
      token: 'customer-2-token',
      faults: [
        {
          match: { method: 'GET', path: '/api/orders*' },
          effect: { kind: 'status', status: 503 },
        },
      ],
    }
    const applied = applyScenario(api, slow)
    expect(applied).toMatchObject({ config: {}, steps: [] })
    expect((await get(api, '/api/orders/2', applied.token)).status).toBe(503)
    expect((await get(api, '/api/accounts', applied.token)).status).toBe(200)
  })

  test('a wrong custom scenario is refused with every problem named, and changes nothing', () => {
    const api = createMockApi()
    api.faults.add({ match: {}, effect: { kind: 'delay', ms: 5 } })
    const before = api.faults.list()
    const wrong = {
      id: 'Broken Payments',
      title: 'Broken',
      description: 'Payments fail.',
      faults: [
        {
          match: { path: 'api/payments' },
          effect: { kind: 'status', status: 418 },
        },
      ],
      config: { latency: 100 },
      steps: [{ title: 'Pay', link: { from: 'order', rel: 'pay' } }],
    }
    let error: unknown
    try {
      applyScenario(api, wrong as unknown as Scenario)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidScenarioError)
    const { message, issues } = error as InvalidScenarioError
    expect(message).toMatch(/^Failed to apply the scenario "Broken Payments": /)
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^id: must be kebab-case/),
        expect.stringMatching(/^token: must be a credential/),
        expect.stringMatching(
          /^faults\.0\.match\.path: must be a path pattern/,
        ),
        expect.stringMatching(/^faults\.0\.effect\.status: must be one of 429/),
        expect.stringMatching(/^config: .*latency/),
        expect.stringMatching(/^steps\.0\.link\.from: names no earlier step/),
      ]),
    )
    expect(api.faults.list()).toEqual(before)
  })

  test('an unknown id names the API’s scenarios', () => {
    expect(() =>
      applyScenario(createMockApi(), 'flakey-payments' as 'flaky-payments'),
    ).toThrow(
      /scenario "flakey-payments": this API has no scenario with this id \(its scenarios are happy-path, flaky-payments,/,
    )
  })

  test('a declared API’s own scenarios apply by id', () => {
    const notes = defineResource({
      schema: z.strictObject({ id: z.number(), text: z.string() }),
    })
    const api = createMockApi({
      api: defineApi({
        name: 'Notes',
        resources: { notes },
        scenarios: [
          {
            id: 'slow-notes',
            title: 'Slow notes',
            description: 'Every read of a note takes a second.',
            token: 'any-token',
            faults: [
              {
                match: { path: '/api/notes*' },
                effect: { kind: 'delay', ms: 1000 },
              },
            ],
          },
        ],
      }),
    })
    expect(applyScenario(api, 'slow-notes').token).toBe('any-token')
    expect(api.faults.list()).toHaveLength(1)
    expect(() => applyScenario(api, 'flaky-payments')).toThrow(
      /its scenarios are slow-notes/,
    )
  })

  test('a step needs a path or a link, not both', () => {
    expect(() =>
      applyScenario(createMockApi(), {
        id: 'two-targets',
        title: 'Two targets',
        description: 'A step with both.',
        token: 'customer-1-token',
        steps: [
          { name: 'a', title: 'Read', path: '/api' },
          { title: 'Both', path: '/api', link: { from: 'a', rel: 'orders' } },
        ],
      }),
    ).toThrow(/steps\.1: needs either a path or a link to follow, not both/)
  })
})
