// @vitest-environment jsdom
// In a browser TanStack Query retries 3 times by default (on a server, never): run as in one.
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { settle, useMockOnFakeTime } from './fake-time.ts'

const api = useMockOnFakeTime()

async function getJson(path: string) {
  const response = await fetch(`http://localhost${path}`, {
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return (await response.json()) as unknown
}

/** A query as `useQuery` runs it: TanStack Query's default retry (3) and retryDelay. */
function observe(path: string) {
  const client = new QueryClient()
  const observer = new QueryObserver(client, {
    queryKey: [path],
    queryFn: () => getJson(path),
  })
  return new Promise<string>((resolve) => {
    const stop = observer.subscribe((result) => {
      if (result.status === 'pending') return
      stop()
      client.clear()
      resolve(result.status)
    })
  })
}

test("TanStack Query's own retries: 1 s then 2 s, one inferred operation, no verdicts", async () => {
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 503 },
    times: 2,
  })
  expect(await settle(observe('/api/orders'))).toBe('success')
  const [operation] = api.operations.list()
  expect(operation!.grouping).toBe('inferred')
  expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
    503, 503, 200,
  ])
  expect(operation!.waits.map((wait) => wait.ms)).toEqual([1000, 2000])
  expect(operation!.verdicts).toEqual([])
})

test("TanStack Query's default retries a 422 the conventions say to leave alone", async () => {
  // The seeded failed transfer answers 422 insufficient-funds on every read.
  expect(await settle(observe('/api/transfers/2'))).toBe('error')
  const [operation] = api.operations.list()
  expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
    422, 422, 422, 422,
  ])
  expect(
    operation!.verdicts.map((verdict) => [verdict.id, verdict.attempt]),
  ).toEqual([
    ['retried-non-retriable', 2],
    ['retried-non-retriable', 3],
    ['retried-non-retriable', 4],
  ])
})
