import { afterAll, beforeAll, expect, it } from 'vitest'
import { runChecks, type CheckReport } from '../../src/check/index.ts'
import type { RunningServer } from '../../src/server/index.ts'
import { fullOptions, startHypermock } from './support.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startHypermock()
})
afterAll(() => server.close())

const generated = (seed: number) =>
  runChecks(
    fullOptions(`${server.url}/api`, {
      rules: ['generated-requests'],
      seed,
      generatedRequests: 6,
    }),
  )

/** What the rule sent: method, URL and body of each request, in order. */
const sent = (report: CheckReport) =>
  report.rules[0]!.evidence.map(
    (step) =>
      `${step.request.method} ${step.request.url} ${step.request.body ?? ''}`,
  )

it('sends the same requests for the same seed, other ones for another, within its budget', async () => {
  const first = await generated(42)
  const again = await generated(42)
  const other = await generated(43)
  expect(first.rules[0]?.status).toBe('pass')
  expect(first.rules[0]?.reason).toMatch(
    /^6 generated requests \(\d+ invalid\), seed 42$/,
  )
  expect(first.generation).toEqual({ seed: 42, requests: 6 })
  expect(first.rules[0]?.requests).toBe(6)
  // The generated bodies' records get new ids; the requests themselves are the same.
  expect(sent(again)).toEqual(sent(first))
  expect(sent(other)).not.toEqual(sent(first))
  // Writes only with --allow-writes, and every record they made is deleted.
  expect(
    first.writes.every((w) => w.method === 'POST' || w.method === 'DELETE'),
  ).toBe(true)
  expect(first.cleanup.filter((c) => !c.deleted)).toEqual([])
}, 20_000)

it('without --allow-writes, generates reads only', async () => {
  const report = await runChecks(
    fullOptions(`${server.url}/api`, {
      rules: ['generated-requests'],
      allowWrites: false,
      seed: 7,
      generatedRequests: 6,
    }),
  )
  expect(report.rules[0]?.status).toBe('pass')
  expect(report.writes).toEqual([])
  expect(new Set(sent(report).map((line) => line.split(' ')[0]))).toEqual(
    new Set(['GET']),
  )
})
