/** The retry classes (concepts/retries.md#what): retry 429, 5xx and network errors, never other 4xx. */
export type StatusClass = 'success' | 'retriable' | 'final'

export function classifyStatus(status: number): StatusClass {
  if (status === 0 || status === 429 || status >= 500) return 'retriable'
  if (status >= 400) return 'final'
  return 'success'
}

/** The conventions' cap: the reference client makes 5 attempts at most. */
export const MAX_ATTEMPTS = 5

/**
 * How long after a failed answer the same request still counts as its retry when nothing but its
 * shape ties them (30 s, plus any `Retry-After`): longer than any default backoff of the clients
 * we know (TanStack Query caps at 30 s), short enough that a user's next click is a new operation.
 */
export const INFERENCE_WINDOW_MS = 30_000

/** Clock rounding: waits are whole milliseconds measured at either end. */
export const TOLERANCE_MS = 5
