import { defaultRetryPolicy, type RetryPolicy } from './policy.ts'

interface Rule {
  /** Whether a value is acceptable. */
  readonly accepts: (value: number) => boolean
  /** What an acceptable value is, for the error message. */
  readonly expected: string
}

const wholeAttempts: Rule = {
  accepts: (value) => Number.isInteger(value) && value >= 1,
  expected: 'an integer ≥ 1',
}
const positiveOrInfinity: Rule = {
  accepts: (value) => value > 0,
  expected: 'a number of milliseconds > 0 (Infinity for none)',
}
const finiteDuration: Rule = {
  accepts: (value) => Number.isFinite(value) && value >= 0,
  expected: 'a finite number of milliseconds ≥ 0',
}
const durationOrInfinity: Rule = {
  accepts: (value) => value >= 0,
  expected: 'a number of milliseconds ≥ 0 (Infinity for no limit)',
}

// One rule per setting, next to the defaults they guard: adding a setting means adding a row here.
const rules: { readonly [K in keyof RetryPolicy]: Rule } = {
  attempts: wholeAttempts,
  timeoutMs: positiveOrInfinity,
  backoffBaseMs: finiteDuration,
  jitterMaxMs: finiteDuration,
  maxBackoffMs: durationOrInfinity,
  maxRetryAfterMs: durationOrInfinity,
}

const settings = Object.keys(rules) as (keyof RetryPolicy)[]

/**
 * The retry policy for `createClient()`: each setting given, or its default, checked once here so a
 * bad value fails at creation with the fix, not on the first retry. `fail` words the error.
 */
export function normalizeRetryPolicy(
  options: Partial<Record<keyof RetryPolicy, unknown>>,
  fail: (reason: string) => never,
): RetryPolicy {
  const checked = settings.map((name) => {
    const given = options[name]
    const value = given === undefined ? defaultRetryPolicy[name] : given
    const rule = rules[name]
    // A string or NaN would slip through the comparisons in `accepts` or give a wrong wait later.
    if (
      typeof value !== 'number' ||
      Number.isNaN(value) ||
      !rule.accepts(value)
    )
      fail(`${name} must be ${rule.expected}, got ${String(value)}.`)
    return [name, value] as const
  })
  return Object.fromEntries(checked) as Record<keyof RetryPolicy, number>
}
