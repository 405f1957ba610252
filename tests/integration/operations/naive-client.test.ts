import { expect, test } from 'vitest'
import { settle, useMockOnFakeTime } from './fake-time.ts'

const api = useMockOnFakeTime()

/** Retries anything that is not ok, three times, 100 ms apart, whatever the answer says. */
async function naivePost(path: string, body: unknown) {
  let response: Response | undefined
  for (let attempt = 0; attempt < 3; attempt++) {
    response = await fetch(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer customer-1-token',
        'Content-Type': 'application/json',
        'Idempotency-Key': 'naive-transfer-1',
      },
      body: JSON.stringify(body),
    })
    if (response.ok) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return response!
}

test('a naive client that ignores Retry-After and retries a 422: two violations, named', async () => {
  api.faults.add({
    match: { method: 'POST', path: '/api/transfers' },
    effect: { kind: 'status', status: 429, retryAfter: 2 },
    times: 1,
  })
  // Account 2 holds 500: the transfer is refused with 422 insufficient-funds.
  const response = await settle(
    naivePost('/api/transfers', {
      fromAccountId: 2,
      toAccountId: 1,
      amount: 100_000,
      currency: 'usd',
    }),
  )
  expect(response.status).toBe(422)
  const operations = api.operations.list()
  expect(operations).toHaveLength(1)
  const [operation] = operations
  expect(operation!.grouping).toBe('exact')
  expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
    429, 422, 422,
  ])
  expect(operation!.verdicts).toEqual([
    {
      id: 'retried-before-retry-after',
      level: 'violation',
      attempt: 2,
      message:
        'Attempt 2 came 0.1 s after a 429 that said Retry-After: 2 (2.0 s).',
    },
    {
      id: 'retried-non-retriable',
      level: 'violation',
      attempt: 3,
      message:
        'Attempt 3 sent the same request again after a 422; a 4xx other than 429 must not be retried unchanged.',
    },
  ])
})
