import { conceptPageOf } from './concept-page-of.ts'
import type { CheckReport, RuleResult } from './check-types.ts'

// XML 1.0 forbids most control characters even escaped; a hostile body must not break the file.
const escape = (text: string) =>
  text
    .replace(
      /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu,
      '\uFFFD',
    )
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

const seconds = (ms: number) => (ms / 1000).toFixed(3)

function testcase(rule: RuleResult, source: string): string {
  const open = `    <testcase classname="${escape(source)}" name="${escape(`${rule.id} (${rule.level})`)}" time="${seconds(rule.durationMs)}">`
  if (rule.status === 'pass') return `${open}</testcase>`
  if (rule.status === 'skip')
    return `${open}\n      <skipped message="${escape(rule.reason ?? '')}"/>\n    </testcase>`
  // An accepted failure does not fail the build: a skip that says why, with the failure's details.
  if (rule.accepted)
    return `${open}\n      <skipped message="${escape(`accepted by the baseline: ${rule.actual ?? ''}`)}"/>\n    </testcase>`
  const steps = rule.evidence.map(
    (e, i) =>
      `step ${i + 1}: ${e.curl}\n  → ${e.response?.status ?? e.error ?? 'no response'}`,
  )
  const body = [
    `expected: ${rule.expected ?? ''}`,
    `got: ${rule.actual ?? ''}`,
    ...steps,
  ].join('\n')
  return `${open}\n      <failure message="${escape(rule.actual ?? '')}" type="${rule.level}">${escape(body)}</failure>\n    </testcase>`
}

/** JUnit XML for CI: one suite per concept page, one test case per rule, skips as `<skipped>`. */
export function formatJunitReport(report: CheckReport): string {
  const suites = new Map<string, RuleResult[]>()
  for (const rule of report.rules)
    suites.set(conceptPageOf(rule.source), [
      ...(suites.get(conceptPageOf(rule.source)) ?? []),
      rule,
    ])
  const { pass, skip } = report.summary
  const accepted = report.summary.accepted ?? 0
  const fail = report.summary.fail - accepted
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hypermock-api check" tests="${pass + fail + accepted + skip}" failures="${fail}" errors="${report.error ? 1 : 0}" skipped="${skip + accepted}" time="${seconds(report.durationMs)}">`,
  ]
  if (report.error !== null)
    out.push(
      `  <testsuite name="discovery" tests="1" failures="0" errors="1" skipped="0">`,
      `    <testcase classname="discovery" name="${escape(report.baseUrl)}"><error message="${escape(report.error)}"/></testcase>`,
      '  </testsuite>',
    )
  for (const [source, rules] of suites) {
    const count = (status: string) =>
      rules.filter((r) =>
        status === 'skip'
          ? r.status === 'skip' || r.accepted === true
          : r.status === status && r.accepted !== true,
      ).length
    out.push(
      `  <testsuite name="${escape(source)}" tests="${rules.length}" failures="${count('fail')}" errors="0" skipped="${count('skip')}" time="${seconds(rules.reduce((t, r) => t + r.durationMs, 0))}">`,
      ...rules.map((rule) => testcase(rule, source)),
      '  </testsuite>',
    )
  }
  // What the clean-up left or could not confirm: no test case (the rules are the tests), but a
  // CI page shows a suite's output, so a record that may remain is not left unsaid.
  const unsettled = report.cleanup.filter((c) => !c.deleted)
  if (unsettled.length > 0)
    out.push(
      `  <testsuite name="clean-up" tests="0" failures="0" errors="0" skipped="0">`,
      `    <system-out>${escape(
        unsettled
          .map(
            (c) =>
              `${c.unconfirmed ? 'deletion not confirmed' : 'not deleted'}: ${c.reason ?? `${c.url} (${c.status ?? 'no answer'})`}`,
          )
          .join('\n'),
      )}</system-out>`,
      '  </testsuite>',
    )
  out.push('</testsuites>', '')
  return out.join('\n')
}
