import {
  defaultRetryPolicy,
  isRetriableStatus,
  type RequestOutcome,
  type TimelineAttempt,
  type TimelineRow,
  type TimelineWait,
} from '../../../client/index.ts'
import { reasonPhrase } from '../../components/reason-phrase.ts'

/** `503 Service Unavailable`, or the bare code when the phrase is not known. */
export function statusText(status: number): string {
  const phrase = reasonPhrase(status)
  return phrase === '' ? String(status) : `${status} ${phrase}`
}

/** The four outcome classes a bar is coloured by; every class also has a text label. */
export type AttemptClass =
  | 'success'
  | 'client-error'
  | 'retriable'
  | 'no-response'
  | 'pending'

export function attemptClass(attempt: TimelineAttempt): AttemptClass {
  if (attempt.end === null) return 'pending'
  if (attempt.status === null) return 'no-response'
  if (isRetriableStatus(attempt.status)) return 'retriable'
  if (attempt.status >= 400) return 'client-error'
  return 'success'
}

export const attemptClassLabels: Record<AttemptClass, string> = {
  success: '2xx/3xx: success',
  'client-error': '4xx: not retried',
  retriable: '429/5xx: retried',
  'no-response': 'network error or time-out',
  pending: 'in flight',
}

/** What an attempt got: `201 Created`, `network error`, `timed out`, `aborted`, `in flight…`. */
export function attemptResultText(attempt: TimelineAttempt): string {
  if (attempt.end === null) return 'in flight…'
  if (attempt.status !== null) return statusText(attempt.status)
  switch (attempt.error) {
    case 'timeout':
      return 'timed out'
    case 'aborted':
      return 'aborted'
    default:
      return 'network error'
  }
}

/** The short text a narrow bar can hold: `201`, `net err`, `timeout`. */
export function attemptShortText(attempt: TimelineAttempt): string {
  if (attempt.end === null) return '…'
  if (attempt.status !== null) return String(attempt.status)
  if (attempt.error === 'timeout') return 'timeout'
  if (attempt.error === 'aborted') return 'abort'
  return 'net err'
}

/** Seconds, as short as exact: `2`, `0.37`, `1.5`. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  if (Number.isInteger(seconds)) return String(seconds)
  return seconds.toFixed(2).replace(/0$/, '')
}

/** A duration for people: `3 ms`, `1.37 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${formatSeconds(Math.round(ms))} s`
}

const BACKOFF_UNIT_MS = defaultRetryPolicy.backoffBaseMs

/**
 * Why the client waited: `Retry-After 2 s` (the server's exact wish, no jitter) or
 * `backoff 2^1 s + 0.37 s jitter` (`2^attempt` seconds, `attempt` counted from 0, plus jitter).
 */
export function waitReasonText(wait: TimelineWait): string {
  if (wait.reason === 'retry-after') {
    return `Retry-After ${formatSeconds(wait.baseDelayMs)} s`
  }
  const exponent = wait.afterAttempt
  const base =
    wait.baseDelayMs === 2 ** exponent * BACKOFF_UNIT_MS
      ? `2^${exponent} s`
      : `${formatSeconds(wait.baseDelayMs)} s`
  return `backoff ${base} + ${(wait.jitterMs / 1000).toFixed(2)} s jitter`
}

const outcomeTexts: Record<RequestOutcome, string> = {
  success: 'succeeded',
  'http-error': 'failed, not retriable',
  'not-retried': 'not retried (POST without a key)',
  exhausted: 'gave up: attempts exhausted',
  'retry-after-too-long': 'gave up: Retry-After too long',
  aborted: 'aborted',
}

/** The row's summary: `running…` or `201 Created, succeeded after 2 attempts`. */
export function rowOutcomeText(row: TimelineRow): string {
  if (row.outcome === null) return 'running…'
  const count = row.attempts.length
  const attempts = `${count} attempt${count === 1 ? '' : 's'}`
  const last = row.attempts.at(-1)
  const result =
    row.status !== null
      ? statusText(row.status)
      : last
        ? attemptResultText(last)
        : 'no response'
  return `${result}, ${outcomeTexts[row.outcome]} after ${attempts}`
}

/** The path and query of an absolute URL, for display. */
export function displayPath(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  } catch {
    return url
  }
}
