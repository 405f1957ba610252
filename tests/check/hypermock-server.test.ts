import { SaxesParser } from 'saxes'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  formatConsoleReport,
  formatJunitReport,
  ruleIds,
  runChecks,
  type CheckEvent,
  type CheckReport,
} from '../../src/check/index.ts'
import type { RunningServer } from '../../src/server/index.ts'
import {
  notPassed,
  READONLY_TOKEN,
  reportSchemaErrors,
  startHypermock,
  TOKEN,
} from './support.ts'

let server: RunningServer
let report: CheckReport
const events: CheckEvent[] = []

beforeAll(async () => {
  server = await startHypermock()
  const baseUrl = `${server.url}/api`
  report = await runChecks({
    baseUrl,
    token: 'customer-1-token',
    tokenReadonly: 'readonly-token',
    allowWrites: true,
    probeRateLimit: 150,
    onEvent: (event) => events.push(event),
  })
})
afterAll(() => server.close())

it('passes every must and should rule against hypermock’s own standalone server', () => {
  expect(notPassed(report)).toEqual([])
  expect(report.rules.map((rule) => rule.id)).toEqual(ruleIds)
  expect(report.exitCode).toBe(0)
})

it('honours Prefer: return=minimal and return=representation on a create, and says so truly', () => {
  expect(report.rules.find((r) => r.id === 'prefer-return')).toMatchObject({
    status: 'pass',
    reason:
      'Preference-Applied told the truth for return=minimal and return=representation',
  })
})

it('patches an order with a JSON Merge Patch: 415 for text/plain, and null removes its note', () => {
  const rule = report.rules.find((r) => r.id === 'merge-patch')
  // A pass with no reason: every half was tried.
  expect(rule).toMatchObject({ status: 'pass' })
  expect(rule?.reason ?? null).toBeNull()
})

it('deletes what it created wherever the API allows it', () => {
  expect(report.cleanup.length).toBeGreaterThan(0)
  // A paid order cannot be deleted (409), nor the payment following its pay link created (405, the
  // API has no DELETE for it); every other record is gone.
  const kept = report.cleanup.filter((entry) => !entry.deleted)
  expect(kept.map((entry) => entry.status).sort()).toEqual([405, 409])
  expect(kept.find((entry) => entry.status === 405)?.url).toMatch(
    /\/api\/payments\/\w+$/,
  )
})

it('lists every write it sent, the clean-up’s deletes included', () => {
  expect(report.writes.length).toBeGreaterThan(10)
  expect(
    report.writes.filter((w) => w.ruleId === null).map((w) => w.url),
  ).toEqual(report.cleanup.map((entry) => entry.url))
  for (const write of report.writes)
    expect(['POST', 'PUT', 'PATCH', 'DELETE']).toContain(write.method)
  expect(formatConsoleReport(report)).toContain(
    `Writes sent (${report.writes.length}), the clean-up’s included:`,
  )
})

it('writes a JSON report that validates against its published JSON Schema', () => {
  expect(reportSchemaErrors(report)).toEqual([])
  // The schema is strict enough to catch a wrong report.
  expect(
    reportSchemaErrors({ ...report, rules: [{ id: 'no-such-rule' }] }),
  ).not.toEqual([])
  const { expected: _, ...failWithoutExpected } = {
    ...report.rules[0]!,
    status: 'fail',
    expected: '',
  }
  expect(
    reportSchemaErrors({ ...report, rules: [failWithoutExpected] }),
  ).not.toEqual([])
})

it('tells its progress: a start and an end for every rule, and every request', () => {
  expect(events[0]).toEqual({
    type: 'discovery:start',
    url: `${server.url}/api`,
  })
  const starts = events.flatMap((e) => (e.type === 'rule:start' ? [e.id] : []))
  const ends = events.flatMap((e) =>
    e.type === 'rule:end' ? [e.result.id] : [],
  )
  expect(ends).toEqual(starts)
  expect([...starts].sort()).toEqual([...ruleIds].sort())
  const ruleRequests = events.filter(
    (e) => e.type === 'request:end' && e.ruleId !== null,
  )
  expect(ruleRequests).toHaveLength(
    report.rules.reduce((sum, rule) => sum + rule.requests, 0),
  )
})

it('writes JUnit XML that parses, one test case per rule', () => {
  const parser = new SaxesParser()
  const tags: { name: string; attributes: Record<string, string> }[] = []
  parser.on('opentag', (tag) =>
    tags.push({
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
    }),
  )
  // saxes throws on the first well-formedness error.
  parser.write(formatJunitReport(report)).close()
  const suites = tags.find((tag) => tag.name === 'testsuites')
  expect(suites?.attributes.tests).toBe(String(ruleIds.length))
  expect(suites?.attributes.failures).toBe('0')
  expect(tags.filter((tag) => tag.name === 'testcase')).toHaveLength(
    ruleIds.length,
  )
})

it('never writes a credential into the report', () => {
  const text = JSON.stringify(report)
  expect(text).not.toContain(TOKEN)
  expect(text).not.toContain(READONLY_TOKEN)
  expect(text).toContain('Bearer $TOKEN')
})
