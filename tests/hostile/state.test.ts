import { describe, expect, it } from 'vitest'
import { type StateSnapshot } from '../../src/index.ts'
import { createSeed } from '../support/shop-fixtures.ts'
import { expectProblem } from '../support/expect-problem.ts'
import {
  ANSWER_WITHIN_MS,
  CUSTOMER,
  RSS_GROWTH_LIMIT,
  mib,
  mock,
  rssGrowth,
  within,
} from './support.ts'

const DAY = 86_400_000
const ORDER = { total: 12.5, currency: 'usd' }

/** A sleep whose waits end only when the test says so: a request held in flight on demand. */
function heldSleep() {
  const waiting: (() => void)[] = []
  return {
    sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
    async releaseAll() {
      while (waiting.length > 0) waiting.shift()!()
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
    get held() {
      return waiting.length
    },
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++)
    await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('idempotency keys (finding 6: expired keys kept and exported)', () => {
  it('sweeps keys expired on the mock clock: neither held nor exported', async () => {
    const { api, json, call } = mock()
    for (let i = 0; i < 2_000; i++)
      await json('POST', '/api/orders', ORDER, {
        ...CUSTOMER,
        'Idempotency-Key': `sweep-${i}`,
      })
    expect(api.state.snapshot().idempotencyKeys).toHaveLength(2_000)
    api.clock.advance(25 * 3_600_000)
    expect(api.state.snapshot().idempotencyKeys).toHaveLength(0)
    const state = await within(ANSWER_WITHIN_MS, () => call('/__mock/state'))
    expect((await state.json()).idempotencyKeys).toEqual([])
  })

  it('holds at most maxIdempotencyKeys: the next new key is a 409 limit-exceeded, free again on expiry', async () => {
    const { json, api } = mock({ maxIdempotencyKeys: 50 })
    for (let i = 0; i < 50; i++) {
      const response = await json('POST', '/api/orders', ORDER, {
        ...CUSTOMER,
        'Idempotency-Key': `cap-${i}`,
      })
      expect(response.status).toBe(201)
    }
    const problem = await expectProblem(
      await json('POST', '/api/orders', ORDER, {
        ...CUSTOMER,
        'Idempotency-Key': 'cap-50',
      }),
      409,
      'limit-exceeded',
    )
    expect(problem).toMatchObject({ limit: 'idempotencyKeys', max: 50 })
    // A known key still replays, and a request without a key still runs.
    const replay = await json('POST', '/api/orders', ORDER, {
      ...CUSTOMER,
      'Idempotency-Key': 'cap-0',
    })
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await json('POST', '/api/orders', ORDER, CUSTOMER)).status).toBe(
      201,
    )
    api.clock.advance(DAY)
    const later = await json('POST', '/api/orders', ORDER, {
      ...CUSTOMER,
      'Idempotency-Key': 'cap-50',
    })
    expect(later.status).toBe(201)
  })

  it('keeps memory and the state export bounded under 30,000 unique keys', async () => {
    const { json, call } = mock()
    const statuses = new Map<number, number>()
    const growth = await rssGrowth(async () => {
      for (let i = 0; i < 30_000; i++) {
        const response = await json('POST', '/api/orders', ORDER, {
          ...CUSTOMER,
          'Idempotency-Key': `flood-${i}`,
        })
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        await response.body?.cancel()
      }
    })
    expect(Object.fromEntries(statuses)).toEqual({ 201: 10_000, 409: 20_000 })
    expect(growth, mib(growth)).toBeLessThan(RSS_GROWTH_LIMIT)
    const state = await within(ANSWER_WITHIN_MS, () => call('/__mock/state'))
    expect((await state.text()).length).toBeLessThan(64 * 1024 * 1024)
  })
})

describe('restores with writes in flight (finding 7: a key executed twice)', () => {
  it('a keyed POST in flight across PUT /__mock/state commits once, and its key replays', async () => {
    const held = heldSleep()
    const { api, json } = mock({
      sleep: held.sleep,
      config: { rateLimit: false, latencyMs: 50 },
    })
    const headers = { ...CUSTOMER, 'Idempotency-Key': 'in-flight-1' }
    const first = json('POST', '/api/orders', ORDER, headers)
    await until(() => held.held === 1)
    const restored = await json('PUT', '/__mock/state', createSeed())
    expect(restored.status).toBe(204)
    await held.releaseAll()
    const answer = await first
    expect(answer.status).toBe(201)
    const created = await answer.json()
    const again = json('POST', '/api/orders', ORDER, headers)
    await held.releaseAll()
    const replay = await again
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await replay.json()).id).toBe(created.id)
    expect(api.state.snapshot().orders).toHaveLength(
      createSeed().orders.length + 1,
    )
  })

  it('does not run a request whose key the restored snapshot holds completed', async () => {
    const donor = mock()
    const headers = { ...CUSTOMER, 'Idempotency-Key': 'restored-1' }
    await donor.json('POST', '/api/orders', ORDER, headers)
    const snapshot = donor.api.state.snapshot()

    const held = heldSleep()
    const { api, json } = mock({
      sleep: held.sleep,
      config: { rateLimit: false, latencyMs: 50 },
    })
    const pending = json('POST', '/api/orders', ORDER, headers)
    await until(() => held.held === 1)
    api.state.restore(snapshot)
    await held.releaseAll()
    await expectProblem(await pending, 409, 'idempotency-key-in-use')
    expect(api.state.snapshot().orders).toHaveLength(snapshot.orders.length)
  })

  it('a keyed POST in flight across a reset commits into the seed data, with its key', async () => {
    const held = heldSleep()
    const { api, json } = mock({
      sleep: held.sleep,
      config: { rateLimit: false, latencyMs: 50 },
    })
    const headers = { ...CUSTOMER, 'Idempotency-Key': 'reset-1' }
    const pending = json('POST', '/api/orders', ORDER, headers)
    await until(() => held.held === 1)
    api.reset()
    await held.releaseAll()
    expect((await pending).status).toBe(201)
    expect(api.state.snapshot().idempotencyKeys.map((k) => k.key)).toEqual([
      'reset-1',
    ])
  })
})

describe('snapshots (findings 8 and 10: colliding ids, trusted stored responses)', () => {
  const withOrderId = (id: number): StateSnapshot => {
    const state = createSeed()
    state.orders[0]!.id = id
    state.payments = state.payments.map((p) =>
      p.orderId === 1 ? { ...p, orderId: id } : p,
    )
    return state
  }

  it('refuses an id of 2^53−1 with 400, naming the largest id', async () => {
    const { json } = mock()
    const problem = await expectProblem(
      await json('PUT', '/__mock/state', withOrderId(Number.MAX_SAFE_INTEGER)),
      400,
      'invalid-snapshot',
    )
    expect(JSON.stringify(problem.errors)).toContain('2147483647')
  })

  it('never hands out one id twice: past the largest id, a create is a 409', async () => {
    const { api, json } = mock()
    api.state.restore(withOrderId(2_147_483_647))
    const before = api.state.snapshot().orders
    await expectProblem(
      await json('POST', '/api/orders', ORDER, CUSTOMER),
      409,
      'limit-exceeded',
    )
    expect(api.state.snapshot().orders).toEqual(before)
  })

  const storedKey = (response: Record<string, unknown>) => {
    const state = createSeed()
    state.idempotencyKeys = [
      {
        scope: 'customer:1 POST /api/orders k1',
        key: 'k1',
        method: 'POST',
        path: '/api/orders',
        principal: 'customer:1',
        fingerprint: '{"currency":"usd","total":12.5}',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + DAY).toISOString(),
        state: 'completed',
        response: { status: 201, body: '{}', headers: {}, ...response },
      },
    ]
    return state
  }

  it.each([
    ['status 99', { status: 99 }],
    ['status 101', { status: 101 }],
    ['a Set-Cookie header', { headers: { 'Set-Cookie': 'session=stolen' } }],
    ['a header with a line break', { headers: { Location: '/a\r\nX: 1' } }],
    ['a 204 with a body', { status: 204, body: 'abc' }],
  ])(
    'refuses a stored response with %s, and changes nothing',
    async (_name, response) => {
      const { api, json } = mock()
      const before = api.state.snapshot()
      await expectProblem(
        await json('PUT', '/__mock/state', storedKey(response)),
        400,
        'invalid-snapshot',
      )
      expect(api.state.snapshot()).toEqual(before)
    },
  )

  it('replays a stored 204 with no body and no Content-Length but 0', async () => {
    const { api, json } = mock()
    api.state.restore(storedKey({ status: 204, body: '' }))
    const replay = await json('POST', '/api/orders', ORDER, {
      ...CUSTOMER,
      'Idempotency-Key': 'k1',
    })
    expect(replay.status).toBe(204)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(replay.headers.get('Content-Length') ?? '0').toBe('0')
    expect(await replay.text()).toBe('')
  })
})
