import ky from 'ky'
import { expect, test, vi } from 'vitest'
import { settle, useMockOnFakeTime } from './fake-time.ts'

const api = useMockOnFakeTime()

const http = ky.create({
  prefix: 'http://localhost',
  headers: { Authorization: 'Bearer customer-1-token' },
})

test('ky: waits Retry-After on a 429, backs off on a 503, no verdicts', async () => {
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 429, retryAfter: 2 },
    times: 1,
  })
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 503 },
    times: 1,
  })
  await settle(http.get('api/orders').json())
  const [operation] = api.operations.list()
  expect(operation!.grouping).toBe('inferred')
  expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
    429, 503, 200,
  ])
  expect(operation!.waits[0]).toMatchObject({
    ms: 2000,
    consistentWith: 'retry-after',
  })
  expect(operation!.waits[1]!.ms).toBeGreaterThanOrEqual(600) // 0.3 s × 2^1
  expect(operation!.verdicts).toEqual([])
})

test('ky does not retry a POST: a keyless POST that stops after a 503 earns nothing', async () => {
  api.faults.add({
    match: { method: 'POST', path: '/api/payments' },
    effect: { kind: 'status', status: 503 },
  })
  await expect(
    settle(
      http.post('api/payments', { json: { amount: 100, currency: 'usd' } }),
    ),
  ).rejects.toThrow(/503/)
  await vi.advanceTimersByTimeAsync(60_000)
  const [operation] = api.operations.list()
  expect(operation!.attempts).toHaveLength(1)
  expect(operation!.outcome).toBe('failed')
  expect(operation!.verdicts).toEqual([])
})
