import { afterAll, beforeAll, expect, it } from 'vitest'
import { runChecks, type CheckReport } from '../../src/check/index.ts'
import { startServer, type RunningServer } from '../../src/server/index.ts'
import { library } from '../../examples/own-api/library.ts'
import { notPassed } from './support.ts'

let server: RunningServer
let report: CheckReport

beforeAll(async () => {
  // As for the built-in domain: a write takes 20 ms, so a repeated key can arrive mid-request.
  server = await startServer({
    port: 0,
    api: library,
    config: { latencyMs: 20 },
  })
  report = await runChecks({
    baseUrl: `${server.url}/api`,
    token: 'ada-token',
    tokenReadonly: 'visitor-token',
    allowWrites: true,
    probeRateLimit: 150,
  })
})
afterAll(() => server.close())

it('passes every must and should rule against the declared lending library', () => {
  expect(notPassed(report)).toEqual([])
  expect(report.exitCode).toBe(0)
})
