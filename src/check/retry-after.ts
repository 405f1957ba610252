/** `Retry-After` as delta-seconds, the only form the conventions allow (section 8). */
export const isDeltaSeconds = (value: string) => /^\d+$/.test(value.trim())

/**
 * How long a `Retry-After` asks to wait, in ms: delta-seconds, or the HTTP-date form (RFC 9110
 * section 10.2.3), which the checker honours even though the retry-after-format rule fails it.
 * `null` for a value that is neither.
 */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null
  if (isDeltaSeconds(value)) return Number(value.trim()) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}
