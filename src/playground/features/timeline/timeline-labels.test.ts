import { describe, expect, test } from 'vitest'
import type { TimelineAttempt, TimelineWait } from '../../../client/index.ts'
import {
  attemptClass,
  attemptResultText,
  displayPath,
  formatDuration,
  waitReasonText,
} from './timeline-labels.ts'

const wait = (patch: Partial<TimelineWait>): TimelineWait => ({
  afterAttempt: 0,
  start: 0,
  durationMs: 0,
  reason: 'backoff',
  baseDelayMs: 1000,
  jitterMs: 0,
  ...patch,
})

const attempt = (patch: Partial<TimelineAttempt>): TimelineAttempt => ({
  attempt: 0,
  start: 0,
  end: 10,
  status: 200,
  error: null,
  replayed: false,
  ...patch,
})

describe('timeline labels', () => {
  test('names a wait by its reason: Retry-After, or 2^attempt s plus jitter', () => {
    expect(
      waitReasonText(wait({ reason: 'retry-after', baseDelayMs: 2000 })),
    ).toBe('Retry-After 2 s')
    expect(
      waitReasonText(wait({ reason: 'retry-after', baseDelayMs: 1500 })),
    ).toBe('Retry-After 1.5 s')
    expect(waitReasonText(wait({ jitterMs: 370 }))).toBe(
      'backoff 2^0 s + 0.37 s jitter',
    )
    expect(
      waitReasonText(wait({ afterAttempt: 1, baseDelayMs: 2000, jitterMs: 5 })),
    ).toBe('backoff 2^1 s + 0.01 s jitter')
    // A policy with another backoff unit still reads truthfully.
    expect(
      waitReasonText(wait({ afterAttempt: 2, baseDelayMs: 400, jitterMs: 0 })),
    ).toBe('backoff 0.4 s + 0.00 s jitter')
  })

  test('names what an attempt got, and classes it for colour', () => {
    expect(attemptResultText(attempt({ status: 503 }))).toBe(
      '503 Service Unavailable',
    )
    expect(attemptResultText(attempt({ status: 299 }))).toBe('299')
    expect(attemptResultText(attempt({ status: null, error: 'network' }))).toBe(
      'network error',
    )
    expect(attemptResultText(attempt({ status: null, error: 'timeout' }))).toBe(
      'timed out',
    )
    expect(attemptResultText(attempt({ end: null, status: null }))).toBe(
      'in flight…',
    )
    expect(
      [201, 304, 404, 429, 500].map((status) =>
        attemptClass(attempt({ status })),
      ),
    ).toEqual(['success', 'success', 'client-error', 'retriable', 'retriable'])
    expect(attemptClass(attempt({ status: null, error: 'timeout' }))).toBe(
      'no-response',
    )
  })

  test('formats durations and paths for people', () => {
    expect(formatDuration(12.4)).toBe('12 ms')
    expect(formatDuration(1370)).toBe('1.37 s')
    expect(formatDuration(2000)).toBe('2 s')
    expect(displayPath('http://localhost:5173/api/orders?page=2')).toBe(
      '/api/orders?page=2',
    )
  })
})
