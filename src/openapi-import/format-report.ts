import type { ImportReport } from './import-types.ts'

/** The report as `hypermock-api inspect` prints it: one line per operation, then why. */
export function formatReport(report: ImportReport): string {
  const width = Math.max(
    ...report.operations.map((o) => o.method.length + o.path.length + 1),
    10,
  )
  const lines = [
    `${report.title} (OpenAPI ${report.version}), served at ${report.base}`,
    `auth: ${report.auth}`,
    '',
  ]
  for (const op of report.operations) {
    lines.push(
      `${`${op.method} ${op.path}`.padEnd(width)}  ${op.servedAs}${
        op.resource &&
        op.servedAs !== 'example only' &&
        op.servedAs !== 'by hypermock'
          ? ` (${op.resource})`
          : ''
      }`,
    )
    lines.push(`${' '.repeat(width)}    why: ${op.why}`)
    for (const note of op.notes) lines.push(`${' '.repeat(width)}    ${note}`)
  }
  if (report.errors.length > 0) {
    lines.push('', 'where the description disagrees on errors:')
    for (const line of report.errors) lines.push(`  - ${line}`)
  }
  if (report.notes.length > 0) {
    lines.push('', 'notes:')
    for (const line of report.notes) lines.push(`  - ${line}`)
  }
  return lines.join('\n')
}
