import { describe, expect, it } from 'vitest'
import { createMockApi, type MockConfig } from '../../src/index.ts'

/**
 * `createMockApi({ config })`: the initial settings. A member left out, or given as `undefined`
 * (JavaScript callers and spread objects often pass one), takes its default; a member with a
 * wrong value fails the creation with every mistake named by its path, inside the rate limit's
 * object too.
 */

const order = (api: ReturnType<typeof createMockApi>) =>
  api.fetch(
    new Request('http://localhost/api/orders/1', {
      headers: { Authorization: 'Bearer customer-1-token' },
    }),
  )

describe('createMockApi({ config })', () => {
  it('gives a member passed as undefined its default', async () => {
    const config = {
      rateLimit: undefined,
      latencyMs: undefined,
      requireIdempotencyKey: undefined,
      seed: undefined,
    } as unknown as Partial<MockConfig>
    const api = createMockApi({ config })
    expect(api.config.get()).toEqual(createMockApi().config.get())
    const response = await order(api)
    expect(response.status).toBe(200)
    expect(response.headers.get('RateLimit-Policy')).toBe(
      '"default";q=100;w=60',
    )
  })

  it('keeps the members given beside one passed as undefined', async () => {
    const config = {
      rateLimit: { limit: 5, windowSeconds: 10 },
      latencyMs: undefined,
    } as unknown as Partial<MockConfig>
    const response = await order(createMockApi({ config }))
    expect(response.status).toBe(200)
    expect(response.headers.get('RateLimit-Policy')).toBe('"default";q=5;w=10')
  })

  it('refuses wrong values, naming each by its path', () => {
    const config = {
      requireIdempotencyKey: 'yes',
      latencyMs: -1,
      seed: 1.5,
      rateLimit: 100,
    } as unknown as Partial<MockConfig>
    expect(() => createMockApi({ config })).toThrow(
      'Failed to create the mock API: config.rateLimit must be false or { limit, windowSeconds }; config.requireIdempotencyKey must be true or false (got a string); config.latencyMs must be ≥ 0; config.seed must be an integer.',
    )
  })
  it("names each mistake inside the rate limit's object, not only the union", () => {
    const config = {
      rateLimit: { limit: 0, windowSeconds: 1.5, windw: 3 },
    } as unknown as Partial<MockConfig>
    expect(() => createMockApi({ config })).toThrow(
      'Failed to create the mock API: config.rateLimit.limit must be ≥ 1; config.rateLimit.windowSeconds must be whole seconds; config.rateLimit.windw is not a known member.',
    )
  })

  it('answers PATCH /__mock/config with each bad member of the rate limit, and changes nothing', async () => {
    const api = createMockApi()
    const before = api.config.get()
    const response = await api.fetch(
      new Request('http://localhost/__mock/config', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rateLimit: { limit: 0, windowSeconds: 'x' } }),
      }),
    )
    expect(response.status).toBe(422)
    const problem = (await response.json()) as { errors: unknown[] }
    expect(problem.errors).toEqual([
      {
        field: 'rateLimit.limit',
        message: 'must be ≥ 1',
        pointer: '#/rateLimit/limit',
      },
      {
        field: 'rateLimit.windowSeconds',
        message: 'must be whole seconds (got a string)',
        pointer: '#/rateLimit/windowSeconds',
      },
    ])
    expect(api.config.get()).toEqual(before)
  })
})
