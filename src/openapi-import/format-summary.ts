import type { ImportReport } from './import-types.ts'

/** A reason without the collection or path it names, so the same reason counts once. */
const reasonOf = (why: string) =>
  why.replace(/^(?:[A-Z]+ )?\/[^\s:]*: /, '').replace(/^\/[\w.-]+ /, '/… ')

/**
 * The report in one line, as `inspect --summary` prints it: the share of operations served with
 * state, then the reasons of the rest, counted, most frequent first.
 *
 * @example
 * // Swagger Petstore (3.0.4): 14 of 19 operations served with state (74%); 5 otherwise: 3 its path is not …
 */
export function formatSummary(report: ImportReport): string {
  const rest = report.operations.filter(
    (op) => op.servedAs === 'example only' || op.servedAs === 'by hypermock',
  )
  const of = report.operations.length
  const served = of - rest.length
  const counts = new Map<string, number>()
  for (const op of rest) {
    const reason = reasonOf(op.why)
    counts.set(reason, (counts.get(reason) ?? 0) + 1)
  }
  const reasons = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`)
  return `${report.title} (${report.version}): ${served} of ${of} operations served with state (${of === 0 ? 0 : Math.round((served / of) * 100)}%)${rest.length > 0 ? `; ${rest.length} otherwise: ${reasons.join('; ')}` : ''}`
}
