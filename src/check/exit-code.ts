import type { CheckReport } from './check-types.ts'

/**
 * 2 when the server could not be tested; 1 when a must rule failed (with `strict`: any rule failed or
 * was skipped) and no baseline accepts the failure; 0 otherwise.
 */
export function exitCodeFor(
  report: Pick<CheckReport, 'error' | 'rules' | 'strict'>,
): 0 | 1 | 2 {
  if (report.error !== null) return 2
  const failed = report.rules.some((rule) =>
    rule.accepted === true
      ? false
      : report.strict
        ? rule.status !== 'pass'
        : rule.status === 'fail' && rule.level === 'must',
  )
  return failed ? 1 : 0
}
