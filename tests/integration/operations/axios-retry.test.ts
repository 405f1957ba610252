import axios from 'axios'
import axiosRetry, { exponentialDelay } from 'axios-retry'
import { expect, test } from 'vitest'
import { settle, useMockOnFakeTime } from './fake-time.ts'

const api = useMockOnFakeTime()

function ordersDownTwice() {
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 503 },
    times: 2,
  })
}

const http = (options: Parameters<typeof axiosRetry>[1]) => {
  const instance = axios.create({
    baseURL: 'http://localhost',
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  axiosRetry(instance, options)
  return instance
}

test('axios-retry with exponentialDelay: one inferred operation, growing waits, no verdicts', async () => {
  ordersDownTwice()
  const response = await settle(
    http({ retries: 3, retryDelay: exponentialDelay }).get('/api/orders'),
  )
  expect(response.status).toBe(200)
  const operations = api.operations.list()
  expect(operations).toHaveLength(1)
  const [operation] = operations
  expect(operation!.grouping).toBe('inferred')
  expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
    503, 503, 200,
  ])
  // 2^1 × 100 ms and 2^2 × 100 ms, plus up to 20 %: nothing the conventions' 2^n s explains.
  expect(operation!.waits[0]!.ms).toBeGreaterThanOrEqual(200)
  expect(operation!.waits[1]!.ms).toBeGreaterThanOrEqual(400)
  expect(operation!.waits.map((wait) => wait.consistentWith)).toEqual([
    null,
    null,
  ])
  expect(operation!.verdicts).toEqual([])
})

test('axios-retry by default retries at once: the waits do not grow', async () => {
  ordersDownTwice()
  await settle(http({ retries: 3 }).get('/api/orders'))
  const [operation] = api.operations.list()
  expect(operation!.attempts).toHaveLength(3)
  expect(operation!.verdicts.map((v) => [v.id, v.level])).toEqual([
    ['no-backoff', 'information'],
  ])
})

test('axios-retry honours Retry-After on a 429', async () => {
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 429, retryAfter: 2 },
    times: 1,
  })
  await settle(
    http({
      retries: 3,
      retryDelay: exponentialDelay,
      retryCondition: (error) => error.response?.status === 429,
    }).get('/api/orders'),
  )
  const [operation] = api.operations.list()
  expect(operation!.waits[0]!.consistentWith).toBe('retry-after')
  expect(operation!.verdicts).toEqual([])
})
