import { TOLERANCE_MS } from './classify-status.ts'
import type { Wait } from './operation.ts'

const seconds = (ms: number) =>
  ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000).toString()

/**
 * Reads a measured wait: what it is consistent with, never how it splits. `n` is the retry's index
 * counted from 0, as the conventions' `2^n s + jitter` counts it; jitter is uniform in [0, 1) s.
 */
export function readWait(
  after: number,
  ms: number,
  retryAfter: number | null,
): Wait {
  const retryAfterMs = retryAfter === null ? null : retryAfter * 1000
  const n = after - 1
  const base = 2 ** n * 1000
  let consistentWith: Wait['consistentWith'] = null
  let reading = ''
  if (
    retryAfterMs !== null &&
    ms >= retryAfterMs - TOLERANCE_MS &&
    ms < retryAfterMs + 1000
  ) {
    consistentWith = 'retry-after'
    reading = `, consistent with Retry-After ${retryAfter} s`
  } else if (
    retryAfterMs === null &&
    ms >= base - TOLERANCE_MS &&
    ms < base + 1000
  ) {
    consistentWith = 'backoff'
    reading = `, consistent with 2^${n} s + jitter`
  } else if (retryAfterMs !== null && ms < retryAfterMs - TOLERANCE_MS) {
    reading = `, before the Retry-After of ${retryAfter} s`
  }
  return {
    after,
    ms,
    retryAfterMs,
    consistentWith,
    label: `≈ ${seconds(ms)} s${reading}`,
  }
}
