import type { CheckReport } from './check-types.ts'
import { isObject } from './openapi-document.ts'

/**
 * Failures a team has accepted for now. A failure of a listed rule is reported as accepted and
 * does not fail the run; a failure of any other rule still exits 1.
 *
 * @example
 * { "accepted": [{ "rule": "conditional-requests", "note": "ETags come with the cache layer" }] }
 */
export interface Baseline {
  accepted: { rule: string; note?: string }[]
}

/**
 * Reads a baseline: `{ "accepted": [{ "rule": "<id>", "note"?: "..." }] }`, or a JSON report of
 * an earlier run (its failed rules are the accepted ones). Every mistake at once.
 */
export function parseBaseline(value: unknown, name = 'the baseline'): Baseline {
  if (isObject(value) && Array.isArray(value.rules) && 'reportVersion' in value)
    return {
      accepted: value.rules
        .filter(
          (rule): rule is { id: string; actual?: unknown } =>
            isObject(rule) &&
            rule.status === 'fail' &&
            typeof rule.id === 'string',
        )
        .map((rule) => ({ rule: rule.id })),
    }
  if (!isObject(value) || !Array.isArray(value.accepted))
    throw new Error(
      `${name} must be {"accepted": [{"rule": "<rule id>"}]} or a JSON report of hypermock-api check`,
    )
  const problems: string[] = []
  const accepted = value.accepted.flatMap((entry: unknown, index) => {
    if (!isObject(entry) || typeof entry.rule !== 'string') {
      problems.push(`accepted[${index}] must be an object with a "rule" string`)
      return []
    }
    if (entry.note !== undefined && typeof entry.note !== 'string')
      problems.push(`accepted[${index}].note must be a string`)
    return [
      {
        rule: entry.rule,
        ...(typeof entry.note === 'string' && { note: entry.note }),
      },
    ]
  })
  if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}`)
  return { accepted }
}

/** The baseline that accepts every failure of a report: what `--write-baseline` writes. */
export const baselineOf = (report: CheckReport): Baseline => ({
  accepted: report.rules
    .filter((rule) => rule.status === 'fail')
    .map((rule) => ({ rule: rule.id, note: rule.actual ?? '' })),
})
