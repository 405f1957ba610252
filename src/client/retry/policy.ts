import type { Random } from '../clock.ts'
import type { RequestOutcome } from '../events.ts'
import { parseRetryAfter } from './retry-after.ts'

/** How hard the client tries. Defaults are data: see {@link defaultRetryPolicy}. */
export interface RetryPolicy {
  /** Attempts per logical operation, the first included. */
  readonly attempts: number
  /** Time-out of one attempt; an attempt that outlives it counts as a network error. */
  readonly timeoutMs: number
  /** Backoff unit: the wait after attempt `n` is `2^n` of these, plus jitter. */
  readonly backoffBaseMs: number
  /** Jitter is uniform in [0, jitterMaxMs). */
  readonly jitterMaxMs: number
}

/** The conventions' numbers (section 8): 5 attempts, 5 s per attempt, `2^attempt` s + [0, 1) s. */
export const defaultRetryPolicy: RetryPolicy = {
  attempts: 5,
  timeoutMs: 5000,
  backoffBaseMs: 1000,
  jitterMaxMs: 1000,
}

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
export function calculateRetryDelay(
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
  const baseDelayMs = 2 ** attempt * policy.backoffBaseMs
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

/** 429 means nothing executed; 5xx may be transient. Every other 4xx would only fail again. */
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
  return {
    retry: true,
    delay: calculateRetryDelay(attempt, retryAfterMs, random, policy),
  }
}
