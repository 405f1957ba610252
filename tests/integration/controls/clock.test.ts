import { describe, expect, it } from 'vitest'
import {
  transportTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { auth, idempotencyKey, sendJson } from '../../support/request-init.ts'

const DAY = 24 * 3_600_000

describe.each(transportTargets)('the mock clock over $name', (factory) => {
  const target = useContractTarget(factory)
  const advance = (advanceMs: number) =>
    target.fetch('/__mock/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs }),
    })
  const pay = (key: string) =>
    target.fetch(
      '/api/payments',
      sendJson(
        'POST',
        { amount: 100, currency: 'usd' },
        { ...auth('customer-1-token'), ...idempotencyKey(key) },
      ),
    )

  it('forgets an idempotency key 24 h of mock time after its first use', async () => {
    const first = await pay('day-key')
    expect(first.status).toBe(201)
    await advance(DAY - 1_000)
    const replay = await pay('day-key')
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    await advance(1_000)
    const fresh = await pay('day-key')
    expect(fresh.status).toBe(201)
    expect(fresh.headers.get('Idempotent-Replayed')).toBeNull()
    expect((await fresh.json()).id).not.toBe((await first.json()).id)
  })

  it('stamps new resources with the mock time', async () => {
    await advance(10 * DAY)
    const { now } = await (await target.fetch('/__mock/clock')).json()
    const created = await (await pay('stamp')).json()
    expect(
      Math.abs(Date.parse(created.createdAt) - Date.parse(now)),
    ).toBeLessThan(5_000)
  })

  it('starts a new rate window once the clock passes the old one', async () => {
    target.api.config.update({ rateLimit: { limit: 1, windowSeconds: 10 } })
    expect(
      (
        await target.fetch('/api/orders', {
          headers: auth('customer-1-token'),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await target.fetch('/api/orders', {
          headers: auth('customer-1-token'),
        })
      ).status,
    ).toBe(429)
    await advance(10_000)
    expect(
      (
        await target.fetch('/api/orders', {
          headers: auth('customer-1-token'),
        })
      ).status,
    ).toBe(200)
  })
})
