import type { Attempt, Operation } from '../operations/operation.ts'

/** `503`, or `network error` for an attempt the caller got no answer to. */
export const statusText = (status: number) =>
  status === 0 ? 'network error' : String(status)

/** The colour class of an answer: the conventions' retry classes. */
export function answerClass(status: number) {
  if (status === 0) return 'network'
  if (status === 429 || status >= 500) return 'retriable'
  if (status >= 400) return 'final'
  return 'success'
}

export const seconds = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`

export const groupingText: Record<Operation['grouping'], string> = {
  exact: 'by Idempotency-Key',
  header: 'by correlation header',
  inferred: 'inferred',
}

/** `attempt 2: 503 after 1.2 s (fault-1 status)`, for a bar's accessible name. */
export function describeAttempt(
  operation: Operation,
  attempt: Attempt,
  n: number,
) {
  const at = seconds(attempt.startMs - operation.startMs)
  const fault = attempt.fault === null ? '' : ` (${attempt.fault})`
  const replay = attempt.replayed ? ', replayed' : ''
  return `attempt ${n}: ${statusText(attempt.status)} at +${at}${replay}${fault}`
}
