import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { readFileSync } from 'node:fs'
import { SaxesParser } from 'saxes'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  formatJunitReport,
  ruleIds,
  runChecks,
  type CheckReport,
} from '../../src/check/index.ts'
import type { RunningServer } from '../../src/server/index.ts'
import { READONLY_TOKEN, startHypermock, TOKEN } from './support.ts'

let server: RunningServer
let report: CheckReport

beforeAll(async () => {
  server = await startHypermock()
  const baseUrl = `${server.url}/api`
  report = await runChecks({
    baseUrl,
    token: 'customer-1-token',
    tokenReadonly: 'readonly-token',
    allowWrites: true,
    probeRateLimit: 150,
  })
})
afterAll(() => server.close())

it('passes every must and should rule against hypermock’s own standalone server', () => {
  const notPassed = report.rules
    .filter((rule) => rule.status !== 'pass')
    .map(({ id, status, reason, expected, actual }) => ({
      id,
      status,
      reason,
      expected,
      actual,
    }))
  expect(notPassed).toEqual([])
  expect(report.rules.map((rule) => rule.id)).toEqual(ruleIds)
  expect(report.exitCode).toBe(0)
})

it('deletes what it created wherever the API allows it', () => {
  expect(report.cleanup.length).toBeGreaterThan(0)
  // A paid order cannot be deleted (409); every other record is gone.
  const kept = report.cleanup.filter((entry) => !entry.deleted)
  expect(kept.every((entry) => entry.status === 409)).toBe(true)
  expect(kept.length).toBeLessThanOrEqual(1)
})

it('writes a JSON report that validates against its published JSON Schema', () => {
  const schema = JSON.parse(
    readFileSync('src/check/check-report.schema.json', 'utf8'),
  ) as object
  const ajv = new Ajv2020({ allErrors: true, strict: true })
  addFormats.default(ajv)
  const validate = ajv.compile(schema)
  const roundTripped = JSON.parse(JSON.stringify(report)) as unknown
  expect(validate(roundTripped) ? [] : validate.errors).toEqual([])
  // The schema is strict enough to catch a wrong report.
  expect(validate({ ...report, rules: [{ id: 'no-such-rule' }] })).toBe(false)
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
