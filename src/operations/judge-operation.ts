import {
  classifyStatus,
  MAX_ATTEMPTS,
  TOLERANCE_MS,
} from './classify-status.ts'
import type { Attempt, Verdict, Wait } from './operation.ts'

const answer = (attempt: Attempt) =>
  attempt.status === 0 ? 'a network error' : `a ${attempt.status}`
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A 4xx the client must change something for; one with `Retry-After` (409 key in use) invites it. */
function mustNotRetry(attempt: Attempt) {
  return (
    attempt.status !== 429 &&
    classifyStatus(attempt.status) === 'final' &&
    attempt.retryAfter === null
  )
}

/**
 * The retry rules (concepts/retries.md#what) applied to what one operation's requests show. Reads
 * only: a verdict never changes what the mock answers.
 */
export function judgeOperation(
  method: string,
  attempts: readonly Attempt[],
  waits: readonly Wait[],
  settled: boolean,
): Verdict[] {
  const verdicts: Verdict[] = []
  const violation = (id: Verdict['id'], attempt: number, message: string) =>
    verdicts.push({ id, level: 'violation', attempt, message })
  for (const [index, wait] of waits.entries()) {
    const before = attempts[index]!
    const next = attempts[index + 1]!
    const number = index + 2
    if (
      wait.retryAfterMs !== null &&
      wait.ms < wait.retryAfterMs - TOLERANCE_MS
    )
      violation(
        'retried-before-retry-after',
        number,
        `Attempt ${number} came ${s(wait.ms)} after ${answer(before)} that said Retry-After: ${before.retryAfter} (${s(wait.retryAfterMs)}).`,
      )
    if (mustNotRetry(before) && next.bodyFingerprint === before.bodyFingerprint)
      violation(
        'retried-non-retriable',
        number,
        `Attempt ${number} sent the same request again after ${answer(before)}; a 4xx other than 429 must not be retried unchanged.`,
      )
    if (
      method === 'POST' &&
      (before.status === 0 || before.status >= 500) &&
      (before.idempotencyKey === null || next.idempotencyKey === null)
    )
      violation(
        'post-retried-without-key',
        number,
        `Attempt ${number} retried a POST after ${answer(before)} without an Idempotency-Key: the first one may have run, so this one may run it twice.`,
      )
  }
  if (attempts.length > MAX_ATTEMPTS)
    violation(
      'too-many-attempts',
      MAX_ATTEMPTS + 1,
      `${attempts.length} attempts; the conventions stop after ${MAX_ATTEMPTS}.`,
    )
  const keys = new Set(attempts.map((attempt) => attempt.idempotencyKey))
  keys.delete(null)
  if (method === 'POST' && keys.size > 1) {
    const changed = attempts.findIndex(
      (attempt, i) =>
        i > 0 &&
        attempt.idempotencyKey !== null &&
        attempt.idempotencyKey !== attempts[i - 1]!.idempotencyKey,
    )
    violation(
      'new-key-per-attempt',
      changed + 1,
      `${keys.size} different Idempotency-Keys in one operation: a retry must reuse the first attempt's key, or the server cannot tell it from a new payment.`,
    )
  }
  const last = attempts.at(-1)!
  const keyless = method === 'POST' && last.idempotencyKey === null
  if (
    settled &&
    classifyStatus(last.status) === 'retriable' &&
    attempts.length < MAX_ATTEMPTS &&
    !(keyless && last.status !== 429)
  )
    verdicts.push({
      id: 'no-retry-after-retriable',
      level: 'information',
      attempt: attempts.length,
      message: `No retry after ${answer(last)} (attempt ${attempts.length}); the conventions retry 429, 5xx and network errors, up to ${MAX_ATTEMPTS} attempts.`,
    })
  const backoffs = waits.filter((wait) => wait.retryAfterMs === null)
  if (
    backoffs.length >= 2 &&
    // Growing means longer by more than clock rounding; jitter alone may make it only a little.
    backoffs.every(
      (wait, i) => i === 0 || wait.ms <= backoffs[i - 1]!.ms + TOLERANCE_MS,
    )
  )
    verdicts.push({
      id: 'no-backoff',
      level: 'information',
      attempt: attempts.length,
      message: `The waits do not grow (${backoffs.map((wait) => s(wait.ms)).join(', ')}): the client does not back off.`,
    })
  return verdicts
}
