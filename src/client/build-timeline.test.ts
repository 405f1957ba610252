import { describe, expect, test } from 'vitest'
import { buildTimeline, type ClientEvent } from './index.ts'
import {
  createTestClient,
  networkError,
  startTime,
  status,
} from './test-harness.ts'

const pay = {
  operationId: 'op-1',
  method: 'POST',
  url: 'http://x.test/api/orders/1/payment',
  idempotencyKey: 'k-1',
}
const list = {
  operationId: 'op-2',
  method: 'GET',
  url: 'http://x.test/api/orders',
  idempotencyKey: null,
}

// Recorded from a run: the payment meets a 503 with Retry-After, then a lost connection, then a
// replayed 201; a list read runs alongside it.
const recorded: ClientEvent[] = [
  { type: 'attempt:start', ...pay, time: 0, attempt: 0 },
  { type: 'attempt:start', ...list, time: 5, attempt: 0 },
  {
    type: 'attempt:end',
    ...pay,
    time: 40,
    attempt: 0,
    durationMs: 40,
    status: 503,
    error: null,
    replayed: false,
  },
  {
    type: 'retry:scheduled',
    ...pay,
    time: 40,
    attempt: 0,
    reason: 'retry-after',
    baseDelayMs: 2000,
    jitterMs: 0,
    delayMs: 2000,
  },
  {
    type: 'attempt:end',
    ...list,
    time: 60,
    attempt: 0,
    durationMs: 55,
    status: 200,
    error: null,
    replayed: false,
  },
  {
    type: 'request:end',
    ...list,
    time: 60,
    outcome: 'success',
    status: 200,
    error: null,
    attempts: 1,
  },
  { type: 'attempt:start', ...pay, time: 2040, attempt: 1 },
  {
    type: 'attempt:end',
    ...pay,
    time: 2050,
    attempt: 1,
    durationMs: 10,
    status: null,
    error: 'network',
    replayed: false,
  },
  {
    type: 'retry:scheduled',
    ...pay,
    time: 2050,
    attempt: 1,
    reason: 'backoff',
    baseDelayMs: 2000,
    jitterMs: 300,
    delayMs: 2300,
  },
  { type: 'attempt:start', ...pay, time: 4350, attempt: 2 },
  {
    type: 'attempt:end',
    ...pay,
    time: 4370,
    attempt: 2,
    durationMs: 20,
    status: 201,
    error: null,
    replayed: true,
  },
  {
    type: 'request:end',
    ...pay,
    time: 4370,
    outcome: 'success',
    status: 201,
    error: null,
    attempts: 3,
  },
]

describe('buildTimeline', () => {
  test('makes one row per logical operation, in the order they started', () => {
    const rows = buildTimeline(recorded)
    expect(
      rows.map((row) => [
        row.operationId,
        row.method,
        row.idempotencyKey,
        row.outcome,
        row.status,
      ]),
    ).toEqual([
      ['op-1', 'POST', 'k-1', 'success', 201],
      ['op-2', 'GET', null, 'success', 200],
    ])
    expect(rows[0]).toMatchObject({ start: 0, end: 4370 })
  })

  test('lists the attempts with their status, error and replay flag', () => {
    const [payRow] = buildTimeline(recorded)
    expect(payRow?.attempts).toEqual([
      {
        attempt: 0,
        start: 0,
        end: 40,
        status: 503,
        error: null,
        replayed: false,
      },
      {
        attempt: 1,
        start: 2040,
        end: 2050,
        status: null,
        error: 'network',
        replayed: false,
      },
      {
        attempt: 2,
        start: 4350,
        end: 4370,
        status: 201,
        error: null,
        replayed: true,
      },
    ])
  })

  test('lists the waits with their reason, base and jitter', () => {
    const [payRow] = buildTimeline(recorded)
    expect(payRow?.waits).toEqual([
      {
        afterAttempt: 0,
        start: 40,
        durationMs: 2000,
        reason: 'retry-after',
        baseDelayMs: 2000,
        jitterMs: 0,
      },
      {
        afterAttempt: 1,
        start: 2050,
        durationMs: 2300,
        reason: 'backoff',
        baseDelayMs: 2000,
        jitterMs: 300,
      },
    ])
  })

  test('shows a running operation with an open attempt and no outcome', () => {
    const [row] = buildTimeline(recorded.slice(0, 1))
    expect(row).toMatchObject({ end: null, outcome: null, status: null })
    expect(row?.attempts).toEqual([
      {
        attempt: 0,
        start: 0,
        end: null,
        status: null,
        error: null,
        replayed: false,
      },
    ])
  })

  test('cuts a wait short when the operation is aborted during it', () => {
    const events: ClientEvent[] = [
      ...recorded.filter((event) => event.operationId === 'op-1').slice(0, 3),
      {
        type: 'request:end',
        ...pay,
        time: 540,
        outcome: 'aborted',
        status: 503,
        error: 'aborted',
        attempts: 1,
      },
    ]
    const [row] = buildTimeline(events)
    expect(row?.outcome).toBe('aborted')
    expect(row?.waits[0]?.durationMs).toBe(500)
  })

  test('gives no rows for no events', () => {
    expect(buildTimeline([])).toEqual([])
  })

  test('folds the events of a real run', async () => {
    const { client, events } = createTestClient([
      status(503),
      networkError,
      status(200),
    ])
    await client.request('/api/orders')
    const [row] = buildTimeline(events)
    expect(
      row?.attempts.map((attempt) => attempt.status ?? attempt.error),
    ).toEqual([503, 'network', 200])
    expect(
      row?.waits.map((wait) => [wait.start - startTime, wait.durationMs]),
    ).toEqual([
      [0, 1250],
      [1250, 2250],
    ])
    expect(row?.outcome).toBe('success')
  })
})
