import { createClient } from '../../../src/client/index.ts'
import { expect, test } from 'vitest'
import { settle, useMockOnFakeTime } from './fake-time.ts'

const api = useMockOnFakeTime()

test('the reference client: one key reused, waits of 2^n s + jitter, no verdicts', async () => {
  api.faults.add({
    match: { method: 'POST', path: '/api/payments' },
    effect: { kind: 'status', status: 503 },
    times: 2,
  })
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token: 'customer-1-token',
    random: () => 0.37, // the jitter, fixed so the waits are known
  })
  await settle(client.post('/api/payments', { amount: 2500, currency: 'usd' }))
  const [operation] = api.operations.list()
  expect(operation).toMatchObject({
    method: 'POST',
    path: '/api/payments',
    grouping: 'exact',
    status: 201,
    outcome: 'succeeded',
  })
  expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
    503, 503, 201,
  ])
  expect(new Set(operation!.attempts.map((a) => a.idempotencyKey)).size).toBe(1)
  expect(operation!.waits.map((wait) => [wait.ms, wait.label])).toEqual([
    [1370, '≈ 1.4 s, consistent with 2^0 s + jitter'],
    [2370, '≈ 2.4 s, consistent with 2^1 s + jitter'],
  ])
  expect(operation!.verdicts).toEqual([])
})

test('the reference client honours Retry-After exactly', async () => {
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 429, retryAfter: 3 },
    times: 1,
  })
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token: 'customer-1-token',
  })
  await settle(client.get('/api/orders'))
  const [operation] = api.operations.list()
  expect(operation!.grouping).toBe('inferred')
  expect(operation!.waits).toEqual([
    expect.objectContaining({
      ms: 3000,
      consistentWith: 'retry-after',
      label: '≈ 3.0 s, consistent with Retry-After 3 s',
    }),
  ])
  expect(operation!.verdicts).toEqual([])
})
