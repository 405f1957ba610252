/** The HTTP-date form RFC 9110 (HTTP-date) has senders generate. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** `Retry-After` as delta-seconds, the only form the conventions allow (concepts/retries.md#retry-after-format). */
export const isDeltaSeconds = (value: string) => /^\d+$/.test(value.trim())

/**
 * How long a `Retry-After` asks to wait, in ms: delta-seconds, or the HTTP-date form (RFC 9110
 * Retry-After), which the checker honours even though the retry-after-format rule fails it.
 * `null` for a value that is neither.
 */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null
  if (isDeltaSeconds(value)) return Number(value.trim()) * 1000
  // Only the IMF-fixdate senders must use: Date.parse alone reads "1.5" as a date in 2001.
  if (!IMF_FIXDATE.test(value.trim())) return null
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}
