import { expect, test } from 'vitest'
import { isNetworkError } from './errors.ts'
import { createTestClient, status } from './test-harness.ts'

const errorResponse = () => Response.error()

test('treats a resolved Response.error() as a network error and retries it', async () => {
  const { client, events, sleeps } = createTestClient([
    errorResponse,
    status(200),
  ])
  const response = await client.request('/api/orders')
  expect(response.status).toBe(200)
  const ends = events.filter((event) => event.type === 'attempt:end')
  expect(ends.map((event) => [event.status, event.error])).toEqual([
    [null, 'network'],
    [200, null],
  ])
  expect(sleeps).toEqual([1250])
})

test('throws a NetworkError when every attempt is a Response.error()', async () => {
  const { client } = createTestClient(
    Array.from({ length: 5 }, () => errorResponse),
  )
  const error = await client.request('/api/orders').catch((e: unknown) => e)
  expect(isNetworkError(error)).toBe(true)
})
