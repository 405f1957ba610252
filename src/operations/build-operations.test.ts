import { expect, test } from 'vitest'
import type { JournalEntry } from '../mock-server/journal.ts'
import { buildOperations } from './build-operations.ts'

const T0 = Date.parse('2026-01-01T00:00:00.000Z')
let nextId = 1

/** A journal entry arriving `at` ms after T0 and answered 10 ms later. */
function entry(at: number, patch: Partial<JournalEntry> = {}): JournalEntry {
  const id = nextId++
  return {
    id,
    requestId: `req-${id}`,
    time: new Date(T0 + at).toISOString(),
    startMs: T0 + at,
    method: 'GET',
    path: '/api/orders',
    search: '',
    status: 200,
    durationMs: 10,
    fault: null,
    idempotencyKey: null,
    replayed: false,
    correlationId: null,
    bodyFingerprint: null,
    retryAfter: null,
    ...patch,
  }
}

const later = T0 + 3_600_000
const ids = (verdicts: { id: string }[]) => verdicts.map((v) => v.id)

test('groups by Idempotency-Key, exactly, however far apart', () => {
  const post = { method: 'POST', path: '/api/payments', bodyFingerprint: 'b' }
  const [op, ...rest] = buildOperations(
    [
      entry(0, { ...post, idempotencyKey: 'k1', status: 503 }),
      entry(1010, { ...post, idempotencyKey: 'k1', status: 503 }),
      entry(3500, { ...post, idempotencyKey: 'k1', status: 201 }),
      entry(100_000, { ...post, idempotencyKey: 'k2', status: 201 }),
    ],
    later,
  )
  expect(op!.grouping).toBe('exact')
  expect(op!.attempts.map((a) => a.status)).toEqual([503, 503, 201])
  expect(op!.outcome).toBe('succeeded')
  expect(op!.verdicts).toEqual([])
  expect(op!.waits.map((w) => w.label)).toEqual([
    '≈ 1.0 s, consistent with 2^0 s + jitter',
    '≈ 2.5 s, consistent with 2^1 s + jitter',
  ])
  expect(rest.map((o) => o.attempts.length)).toEqual([1])
})

test('groups by the correlation header when there is no key', () => {
  const ops = buildOperations(
    [
      entry(0, { correlationId: 'c1', status: 500 }),
      entry(40_000, { correlationId: 'c1', path: '/api/orders/1' }),
      entry(40_001, { correlationId: 'c2' }),
    ],
    later,
  )
  expect(ops.map((o) => [o.grouping, o.attempts.length])).toEqual([
    ['header', 2],
    ['header', 1],
  ])
})

test('infers a retry from the same method, URL and body after a failed answer, within the window', () => {
  const ops = buildOperations(
    [
      entry(0, { status: 503 }),
      entry(300, { status: 200 }),
      entry(600, { status: 200 }), // after a success: a new operation
      entry(1000, { search: '?page=2', status: 503 }),
      entry(60_000, { search: '?page=2' }), // past the window: new
    ],
    later,
  )
  expect(ops.map((o) => [o.grouping, o.attempts.length])).toEqual([
    ['inferred', 2],
    ['inferred', 1],
    ['inferred', 1],
    ['inferred', 1],
  ])
})

test('names a retry before Retry-After elapsed and a retried 422: two violations', () => {
  const post = { method: 'POST', path: '/api/transfers', bodyFingerprint: 'b' }
  const [op] = buildOperations(
    [
      entry(0, { ...post, idempotencyKey: 'k', status: 429, retryAfter: 2 }),
      entry(110, { ...post, idempotencyKey: 'k', status: 422 }),
      entry(220, { ...post, idempotencyKey: 'k', status: 422, replayed: true }),
    ],
    later,
  )
  expect(op!.verdicts.map((v) => [v.id, v.level, v.attempt])).toEqual([
    ['retried-before-retry-after', 'violation', 2],
    ['retried-non-retriable', 'violation', 3],
  ])
  expect(op!.verdicts[0]!.message).toBe(
    'Attempt 2 came 0.1 s after a 429 that said Retry-After: 2 (2.0 s).',
  )
  expect(op!.waits[0]!.label).toBe('≈ 0.1 s, before the Retry-After of 2 s')
})

test('a wait that honours Retry-After reads as such', () => {
  const [op] = buildOperations(
    [entry(0, { status: 429, retryAfter: 2 }), entry(2010 + 300)],
    later,
  )
  expect(op!.verdicts).toEqual([])
  expect(op!.waits[0]).toMatchObject({
    consistentWith: 'retry-after',
    label: '≈ 2.3 s, consistent with Retry-After 2 s',
  })
})

test('a wait no rule explains is measured, never split into base and jitter', () => {
  const [op] = buildOperations(
    [entry(0, { status: 503 }), entry(10 + 4321)],
    later,
  )
  expect(op!.waits[0]).toMatchObject({
    ms: 4321,
    consistentWith: null,
    label: '≈ 4.3 s',
  })
})

test('a POST retried without a key, and one with a new key on each attempt', () => {
  const post = { method: 'POST', path: '/api/payments', bodyFingerprint: 'b' }
  const [keyless, rekeyed] = buildOperations(
    [
      entry(0, { ...post, status: 503 }),
      entry(100, { ...post, status: 201 }),
      entry(5000, { ...post, idempotencyKey: 'a', status: 503 }),
      entry(5110, { ...post, idempotencyKey: 'b', status: 503 }),
      entry(5400, { ...post, idempotencyKey: 'c', status: 201 }),
    ],
    later,
  )
  expect(ids(keyless!.verdicts)).toEqual(['post-retried-without-key'])
  expect(rekeyed!.grouping).toBe('inferred')
  expect(ids(rekeyed!.verdicts)).toEqual(['new-key-per-attempt'])
})

test('more than five attempts is a violation; equal waits say there is no backoff', () => {
  const [op] = buildOperations(
    [0, 1, 2, 3, 4, 5].map((i) =>
      entry(i * 110, { status: i === 5 ? 200 : 500 }),
    ),
    later,
  )
  expect(op!.verdicts.map((v) => [v.id, v.level])).toEqual([
    ['too-many-attempts', 'violation'],
    ['no-backoff', 'information'],
  ])
})

test('no retry after a retriable answer is information once the window has passed', () => {
  const entries = [entry(0, { status: 503 })]
  const [waiting] = buildOperations(entries, T0 + 1000)
  expect(waiting!.outcome).toBe('waiting')
  expect(waiting!.verdicts).toEqual([])
  const [settled] = buildOperations(entries, later)
  expect(settled!.outcome).toBe('failed')
  expect(settled!.verdicts).toEqual([
    {
      id: 'no-retry-after-retriable',
      level: 'information',
      attempt: 1,
      message:
        'No retry after a 503 (attempt 1); the conventions retry 429, 5xx and network errors, up to 5 attempts.',
    },
  ])
})

test('a keyless POST that stops after a 5xx did right: no information', () => {
  const [op] = buildOperations(
    [entry(0, { method: 'POST', status: 503 })],
    later,
  )
  expect(op!.verdicts).toEqual([])
})

test('a 409 that carried Retry-After (a key in flight) may be retried after it', () => {
  const post = { method: 'POST', idempotencyKey: 'k', bodyFingerprint: 'b' }
  const [op] = buildOperations(
    [
      entry(0, { ...post, status: 409, retryAfter: 1 }),
      entry(1100, { ...post, status: 201, replayed: true }),
    ],
    later,
  )
  expect(op!.verdicts).toEqual([])
})

test('names a GraphQL request by its operation, as the timeline and the devtools show it', async () => {
  const { createMockApi } = await import('../index.ts')
  const { graphqlLabel } = await import('./operation.ts')
  const api = createMockApi()
  const send = (query: string) =>
    api.fetch(
      new Request('http://localhost/api/graphql', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer customer-1-token',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ query }),
      }),
    )
  expect(
    (
      await send(
        'mutation Sow { createOrder(input: { total: 3, currency: EUR }) { id } }',
      )
    ).status,
  ).toBe(200)
  expect((await send('{ orders(first: 1) { totalCount } }')).status).toBe(200)
  const operations = buildOperations(api.journal.list(), later)
  expect(operations.map((op) => op.graphql)).toEqual([
    { type: 'mutation', name: 'Sow', fields: ['createOrder'] },
    { type: 'query', name: null, fields: ['orders'] },
  ])
  expect(operations.map((op) => graphqlLabel(op.graphql!))).toEqual([
    'mutation Sow',
    'query orders',
  ])
  // The engine's first load takes a few seconds on a busy machine.
}, 20_000)
