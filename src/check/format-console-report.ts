import { conceptPageOf } from './concept-page-of.ts'
import type { CheckReport, RuleResult, RuleStatus } from './check-types.ts'

export type Paint = (
  style: 'green' | 'red' | 'yellow' | 'dim' | 'bold',
  text: string,
) => string

const CODES = {
  green: [32, 39],
  red: [31, 39],
  yellow: [33, 39],
  dim: [2, 22],
  bold: [1, 22],
} as const
/** ANSI colour; pass `plain` where the output is not a terminal or NO_COLOR is set. */
export const ansi: Paint = (style, text) =>
  `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m`
export const plain: Paint = (_style, text) => text

const MARK: Record<RuleStatus, string> = { pass: '✓', fail: '✗', skip: '-' }

function line(result: RuleResult, paint: Paint): string[] {
  const colour =
    result.status === 'pass'
      ? 'green'
      : result.status === 'fail'
        ? 'red'
        : 'yellow'
  const accepted = result.accepted === true
  const head = `  ${paint(accepted ? 'yellow' : colour, `${MARK[result.status]} ${result.status.padEnd(4)}`)} ${result.id} ${paint('dim', `(${result.level})`)}${accepted ? paint('yellow', ` accepted by the baseline${result.acceptedNote ? `: ${result.acceptedNote}` : ''}`) : ''}`
  if (result.status === 'pass')
    return [result.reason ? `${head} ${paint('dim', result.reason)}` : head]
  if (result.status === 'skip')
    return [`${head} ${paint('yellow', result.reason ?? '')}`]
  const out = [
    head,
    `      expected: ${result.expected ?? ''}`,
    `      got:      ${result.actual ?? ''}`,
  ]
  result.evidence.forEach((step, index) => {
    const got = step.response
      ? `→ ${step.response.status}`
      : `→ ${step.error ?? 'no response'}`
    const label = result.evidence.length > 1 ? `step ${index + 1}: ` : ''
    out.push(
      paint('dim', `      ${label}${step.curl}`),
      paint('dim', `        ${got}`),
    )
  })
  return out
}

/** Results grouped by concept page, each failure with what was expected, what came back and a curl per step. */
export function formatConsoleReport(
  report: CheckReport,
  paint: Paint = plain,
): string {
  const out = [paint('bold', `hypermock-api check ${report.baseUrl}`)]
  if (report.error !== null)
    return [...out, paint('red', `Could not check: ${report.error}`)].join('\n')
  const bySource = new Map<string, RuleResult[]>()
  for (const rule of report.rules)
    bySource.set(conceptPageOf(rule.source), [
      ...(bySource.get(conceptPageOf(rule.source)) ?? []),
      rule,
    ])
  for (const [source, results] of bySource)
    out.push(
      '',
      paint('bold', source),
      ...results.flatMap((r) => line(r, paint)),
    )
  for (const body of report.createBodies ?? [])
    if (body.note) out.push('', paint('yellow', `Create body: ${body.note}.`))
  if (report.includeMethods)
    out.push(
      '',
      paint(
        'dim',
        `Methods: only ${report.includeMethods.join(', ')} (--include-method); rules that need another skipped.`,
      ),
    )
  if (
    report.generation &&
    report.rules.some(
      (r) => r.id === 'generated-requests' && r.status !== 'skip',
    )
  )
    out.push(
      '',
      paint(
        'dim',
        `Generated requests: seed ${report.generation.seed}, budget ${report.generation.requests} (--seed ${report.generation.seed} --generated-requests ${report.generation.requests} sends the same ones again).`,
      ),
    )
  if (report.allowWrites)
    out.push(
      '',
      paint(
        'bold',
        report.writes.length === 0
          ? 'Writes: none sent'
          : `Writes sent (${report.writes.length}), the clean-up’s included:`,
      ),
      ...report.writes.map(
        (w) =>
          `  ${w.method} ${w.url} → ${w.status ?? 'no answer'}${w.ruleId ? paint('dim', ` (${w.ruleId})`) : paint('dim', ' (clean-up)')}`,
      ),
    )
  else
    out.push(
      '',
      paint(
        'dim',
        'Read-only: only GET, HEAD and OPTIONS were sent (--allow-writes lets rules create, act and delete).',
      ),
    )
  const unanswered = report.cleanup.filter((c) => c.unanswered)
  if (unanswered.length > 0) {
    const where = [
      ...new Set(
        unanswered.map((c) => /^POST (\S+)/.exec(c.reason ?? '')?.[1] ?? c.url),
      ),
    ]
    const left = unanswered.filter((c) => !c.deleted).length
    out.push(
      '',
      paint(
        'yellow',
        `${unanswered.length} create(s) got no answer (POST ${where.join(', ')}): each may have made a record. ${unanswered.length - left} settled (found and deleted, or known never made), ${left} may remain${left > 0 ? ': see below' : ''}.`,
      ),
    )
  }
  const unconfirmed = report.cleanup.filter((c) => c.unconfirmed)
  if (unconfirmed.length > 0)
    out.push(
      '',
      paint(
        'yellow',
        `Deletion not confirmed (the DELETE answered, but the record still reads back or never read back): ${unconfirmed
          .map((c) => c.reason ?? `${c.url} (${c.status ?? 'no answer'})`)
          .join(', ')}`,
      ),
    )
  if (report.cleanup.some((c) => !c.deleted && !c.unconfirmed))
    out.push(
      '',
      paint(
        'yellow',
        `Not deleted (the API refused or failed, or the record could not be found): ${report.cleanup
          .filter((c) => !c.deleted && !c.unconfirmed)
          .map((c) => c.reason ?? `${c.url} (${c.status ?? 'no answer'})`)
          .join(', ')}`,
      ),
    )
  const { pass, fail, skip, accepted } = report.summary
  const verdict =
    report.exitCode === 0 ? paint('green', 'OK') : paint('red', 'FAILED')
  out.push(
    '',
    `${verdict}  ${pass} passed, ${fail} failed${accepted ? ` (${accepted} accepted by the baseline)` : ''}, ${skip} skipped in ${(report.durationMs / 1000).toFixed(1)} s${report.strict ? ' (strict)' : ''}`,
  )
  if (
    report.rules.some(
      (r) =>
        r.status === 'fail' &&
        r.evidence.some((e) => e.curl.includes('$TOKEN')),
    )
  )
    out.push(
      paint(
        'dim',
        'The curl lines read the credential from $TOKEN (and $TOKEN_READONLY): export them first.',
      ),
    )
  return out.join('\n')
}
