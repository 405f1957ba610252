import type { Random } from '../clock.ts'
import type { RequestOutcome } from '../events.ts'
import { parseRetryAfter } from './retry-after.ts'

/**
 * How hard the client tries: every member can be set in `createClient()` (see `ClientOptions`), and
 * {@link defaultRetryPolicy} holds the defaults.
 */
export interface RetryPolicy {
  /** Attempts per logical operation, the first included. */
  readonly attempts: number
  /** Time-out of one attempt; an attempt that outlives it counts as a network error. */
  readonly timeoutMs: number
  /** Backoff unit: the wait after attempt `n` (from 0) is `2^n` of these, plus jitter. */
  readonly backoffBaseMs: number
  /** Jitter is uniform in [0, jitterMaxMs), added to every backoff wait. */
  readonly jitterMaxMs: number
  /** The exponential part of a backoff wait stops growing here; jitter is added after the cap. */
  readonly maxBackoffMs: number
  /** A `Retry-After` asking for longer ends the retries: the response is returned as it is. */
  readonly maxRetryAfterMs: number
}

/**
 * The defaults. The first four are the conventions' numbers (concepts/retries.md#attempts): 5 attempts, 5 s per
 * attempt, `2^attempt` s + [0, 1) s. The two caps never bind at these numbers (the longest backoff
 * is 2^3 s), and exist for callers who raise `attempts` or meet a server that asks for hours.
 *
 * @example
 * createClient({ baseUrl, attempts: defaultRetryPolicy.attempts * 2 })
 */
export const defaultRetryPolicy: RetryPolicy = Object.freeze({
  attempts: 5,
  timeoutMs: 5000,
  backoffBaseMs: 1000,
  jitterMaxMs: 1000,
  // Where TanStack Query stops growing its own backoff: a wait past half a minute is a user gone.
  maxBackoffMs: 30_000,
  // The mock's rate window is 60 s, so every wait its limiter asks for is honoured; a server asking
  // for more (a day-long 429) is better answered at once than by a request that never settles.
  maxRetryAfterMs: 60_000,
})

export interface RetryDelay {
  readonly reason: 'retry-after' | 'backoff'
  readonly baseDelayMs: number
  readonly jitterMs: number
  readonly delayMs: number
}

/**
 * The wait before the next attempt. Pure: `attempt` is the failed attempt counted from 0, and
 * `retryAfterMs` the server's exact wish, honoured without jitter.
 */
function calculateRetryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  random: Random,
  policy: RetryPolicy,
): RetryDelay {
  if (retryAfterMs !== undefined) {
    return {
      reason: 'retry-after',
      baseDelayMs: retryAfterMs,
      jitterMs: 0,
      delayMs: retryAfterMs,
    }
  }
  const baseDelayMs = Math.min(
    2 ** attempt * policy.backoffBaseMs,
    policy.maxBackoffMs,
  )
  // Jitter goes on after the cap: clients that all reached the cap still spread out.
  const jitterMs = random() * policy.jitterMaxMs
  return {
    reason: 'backoff',
    baseDelayMs,
    jitterMs,
    delayMs: baseDelayMs + jitterMs,
  }
}

/** One attempt's result as the ladder sees it: a response, or no response at all. */
export type AttemptResult =
  | { readonly kind: 'response'; readonly response: Response }
  | {
      readonly kind: 'error'
      readonly error: unknown
      readonly errorKind: 'network' | 'timeout'
    }

export type RetryDecision =
  | {
      readonly retry: false
      readonly outcome: Exclude<RequestOutcome, 'aborted'>
      /** The wait the server asked for, when that is why the retries stop. */
      readonly retryAfterMs?: number
    }
  | { readonly retry: true; readonly delay: RetryDelay }

export interface RetryQuestion {
  readonly attempt: number
  readonly result: AttemptResult
  /** A POST sent without an idempotency key: repeating it could run it twice. */
  readonly keyless: boolean
  readonly now: number
  readonly random: Random
  readonly policy: RetryPolicy
}

/**
 * Whether the client retries a response with this status (concepts/retries.md#what): 429 means
 * nothing executed and 5xx may be transient; every other 4xx would only fail again.
 *
 * @example
 * isRetriableStatus(503) // true
 * isRetriableStatus(422) // false
 */
export function isRetriableStatus(status: number): boolean {
  return status === 429 || status >= 500
}

/** Whether to try again, and after how long: a ladder of early exits. */
export function decideRetry(question: RetryQuestion): RetryDecision {
  const { attempt, result, keyless, now, random, policy } = question
  const response = result.kind === 'response' ? result.response : null
  if (response !== null && response.status < 400)
    return { retry: false, outcome: 'success' }
  if (response !== null && !isRetriableStatus(response.status)) {
    return { retry: false, outcome: 'http-error' }
  }
  // A keyless POST may have executed on a 5xx or a lost connection; a 429 guarantees it did not.
  if (keyless && response?.status !== 429)
    return { retry: false, outcome: 'not-retried' }
  if (attempt + 1 >= policy.attempts)
    return { retry: false, outcome: 'exhausted' }
  const retryAfterMs = parseRetryAfter(
    response?.headers.get('Retry-After'),
    now,
  )
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs)
    return { retry: false, outcome: 'retry-after-too-long', retryAfterMs }
  return {
    retry: true,
    delay: calculateRetryDelay(attempt, retryAfterMs, random, policy),
  }
}
