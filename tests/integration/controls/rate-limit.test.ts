import { describe, expect, it } from 'vitest'
import {
  transportTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import { auth, sendJson } from '../../support/request-init.ts'

// Time stands still under the mock clock: only `clock.advance` moves it, so a slow machine cannot
// end a window or change a Retry-After between two requests.
const startOfRun = Date.now()

describe.each(transportTargets)('rate limiting over $name', (factory) => {
  const target = useContractTarget(factory, {
    config: { rateLimit: { limit: 3, windowSeconds: 60 } },
    now: () => startOfRun,
  })
  const get = (token = 'customer-1-token') =>
    target.fetch('/api/orders', { headers: auth(token) })

  it('describes the policy and the remaining quota on authenticated responses', async () => {
    const first = await get()
    expect(first.headers.get('RateLimit-Policy')).toBe('"default";q=3;w=60')
    expect(first.headers.get('RateLimit')).toBe('"default";r=2;t=60')
    expect((await get()).headers.get('RateLimit')).toBe('"default";r=1;t=60')
  })

  it('answers 429 with Retry-After in whole seconds once the quota is spent', async () => {
    for (let i = 0; i < 3; i++) expect((await get()).status).toBe(200)
    target.api.clock.advance(15_500)
    const limited = await get()
    const problem = await expectProblem(limited, 429, 'rate-limited')
    expect(limited.headers.get('Retry-After')).toBe('45')
    expect(limited.headers.get('RateLimit')).toBe('"default";r=0;t=45')
    expect(problem.detail).toMatch(/Retry after 45 s/)
  })

  it('keeps one bucket per principal: another customer is not limited', async () => {
    for (let i = 0; i < 3; i++) await get()
    expect((await get()).status).toBe(429)
    expect((await get('customer-2-token')).status).toBe(200)
    // readonly-token is customer 1 too: it shares customer 1's bucket.
    expect((await get('readonly-token')).status).toBe(429)
  })

  it('resets the window when the mock clock passes it', async () => {
    for (let i = 0; i < 3; i++) await get()
    expect((await get()).status).toBe(429)
    target.api.clock.advance(60_000)
    const fresh = await get()
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('RateLimit')).toBe('"default";r=2;t=60')
  })

  it('does not count 401 or 403 answers', async () => {
    for (let i = 0; i < 5; i++)
      expect((await get('expired-token')).status).toBe(401)
    for (let i = 0; i < 5; i++) {
      const write = await target.fetch(
        '/api/orders',
        sendJson('POST', { total: 1, currency: 'usd' }, auth('readonly-token')),
      )
      expect(write.status).toBe(403)
    }
    expect((await get()).headers.get('RateLimit')).toBe('"default";r=2;t=60')
  })

  it('never limits the control API', async () => {
    for (let i = 0; i < 10; i++)
      expect((await target.fetch('/__mock/journal')).status).toBe(200)
  })

  it('can be switched off', async () => {
    target.api.config.update({ rateLimit: false })
    for (let i = 0; i < 6; i++) {
      const response = await get()
      expect(response.status).toBe(200)
      expect(response.headers.get('RateLimit')).toBeNull()
    }
  })
})
