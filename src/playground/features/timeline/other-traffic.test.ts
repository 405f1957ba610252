import { expect, test } from 'vitest'
import type { ClientEvent } from '../../../client/index.ts'
import type { Operation } from '../../../index.ts'
import { otherTraffic } from './other-traffic.ts'

const T = 1_800_000_000_000

function operation(
  id: string,
  method: string,
  target: string,
  startMs: number,
  idempotencyKey: string | null = null,
): Operation {
  const [path = '', query = ''] = target.split('?')
  const attempt = {
    id: 1,
    requestId: 'req-1',
    time: new Date(startMs).toISOString(),
    startMs,
    durationMs: 3,
    status: 200,
    fault: null,
    idempotencyKey,
    replayed: false,
    retryAfter: null,
    bodyFingerprint: null,
  }
  return {
    id,
    method,
    path,
    search: query === '' ? '' : `?${query}`,
    grouping: 'inferred',
    idempotencyKey,
    correlationId: null,
    attempts: [attempt],
    waits: [],
    startMs,
    endMs: startMs + 3,
    status: 200,
    outcome: 'succeeded',
    verdicts: [],
  }
}

const start = (
  method: string,
  url: string,
  time: number,
  idempotencyKey: string | null = null,
): ClientEvent => ({
  type: 'attempt:start',
  operationId: `c-${time}`,
  method,
  url,
  idempotencyKey,
  time,
  attempt: 0,
})

test('keeps what the reference client did not send: by key, else by method, URL and time', () => {
  const operations = [
    operation('op-1', 'GET', '/api/orders?page=2', T + 10),
    operation('op-2', 'GET', '/api/orders?page=2', T + 5000), // same URL, other time
    operation('op-3', 'POST', '/api/payments', T + 9000, 'key-1'),
    operation('op-4', 'POST', '/api/payments', T + 9500, 'raw-key'),
  ]
  const events = [
    start('GET', 'http://localhost:5173/api/orders?page=2', T),
    start('POST', 'http://localhost:5173/api/payments', T + 20_000, 'key-1'),
  ]
  expect(otherTraffic(operations, events).map((op) => op.id)).toEqual([
    'op-2',
    'op-4',
  ])
})
