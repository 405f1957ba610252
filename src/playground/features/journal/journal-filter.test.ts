import { describe, expect, test } from 'vitest'
import type { JournalEntry } from '../../../index.ts'
import {
  emptyJournalFilter,
  filterJournal,
  statusClassOf,
} from './journal-filter.ts'

const entry = (id: number, patch: Partial<JournalEntry>): JournalEntry => ({
  id,
  requestId: `req-${id}`,
  time: '2025-01-01T12:00:00.000Z',
  startMs: Date.parse('2025-01-01T12:00:00.000Z'),
  method: 'GET',
  path: '/api/orders',
  search: '',
  status: 200,
  durationMs: 1,
  fault: null,
  idempotencyKey: null,
  replayed: false,
  correlationId: null,
  bodyFingerprint: null,
  retryAfter: null,
  ...patch,
})

const entries = [
  entry(1, {
    method: 'POST',
    path: '/api/payments',
    status: 0,
    fault: 'fault-1 lose-response',
  }),
  entry(2, {
    method: 'POST',
    path: '/api/payments',
    status: 201,
    replayed: true,
  }),
  entry(3, { path: '/api/Orders/1', status: 304 }),
  entry(4, { status: 503, fault: 'fault-2 status' }),
  entry(5, { status: 404 }),
]

const ids = (filter: Partial<typeof emptyJournalFilter>) =>
  filterJournal(entries, { ...emptyJournalFilter, ...filter }).map((e) => e.id)

describe('journal filter', () => {
  test('classes statuses, 0 being no response', () => {
    expect([0, 201, 304, 404, 503].map(statusClassOf)).toEqual([
      'no-response',
      '2xx',
      '3xx',
      '4xx',
      '5xx',
    ])
  })

  test('filters by method, status class, path text and faults, all together', () => {
    expect(ids({})).toEqual([1, 2, 3, 4, 5])
    expect(ids({ method: 'POST' })).toEqual([1, 2])
    expect(ids({ status: 'no-response' })).toEqual([1])
    expect(ids({ status: '3xx' })).toEqual([3])
    expect(ids({ path: 'orders/' })).toEqual([3])
    expect(ids({ faultsOnly: true })).toEqual([1, 4])
    expect(ids({ faultsOnly: true, method: 'GET' })).toEqual([4])
  })
})
