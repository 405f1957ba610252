import { afterEach, describe, expect, it } from 'vitest'
import { runChecks, type RuleId } from '../../src/check/index.ts'
import type { RunningServer } from '../../src/server/index.ts'
import {
  firstFieldOnly,
  keyExecutesTwice,
  noAllowOn405,
  plainJsonErrors,
  retryAfterAsDate,
  staleLinkSucceeds,
  type BrokenServer,
} from './fixtures/broken-servers.ts'
import {
  fullOptions,
  reportSchemaErrors,
  runCurl,
  startHypermock,
} from './support.ts'

let server: RunningServer | undefined
afterEach(() => server?.close())

async function check(broken: BrokenServer) {
  server = await startHypermock(broken)
  return runChecks(fullOptions(`${server.url}/api`))
}

/** The one rule that fails, and its evidence; every other rule passes (rate limits are not probed). */
/**
 * Whether a repeat arrives while the first request runs depends on the machine's load: the in-flight
 * rule (and the Retry-After its 409 carries) may skip, and a server whose key executes again fails
 * it when a repeat lands late.
 */
const TIMING = ['idempotency-in-flight', 'retry-after-format']

async function failsExactly(
  broken: BrokenServer,
  id: RuleId,
  mayAlsoBreak: RuleId[] = [],
) {
  const report = await check(broken)
  expect(
    report.rules
      .filter((r) => r.status === 'fail' && !mayAlsoBreak.includes(r.id))
      .map((r) => r.id),
  ).toEqual([id])
  expect(
    report.rules
      .filter((r) => r.status === 'skip' && !TIMING.includes(r.id))
      .map((r) => r.id),
  ).toEqual(['rate-limit-429'])
  expect(report.exitCode).toBe(1)
  expect(reportSchemaErrors(report)).toEqual([])
  const rule = report.rules.find((r) => r.id === id)
  expect(rule?.expected).toBeTruthy()
  expect(rule?.actual).toBeTruthy()
  expect(rule?.evidence.length).toBeGreaterThan(0)
  return rule!
}

describe('a server that breaks one rule fails exactly that rule, with a curl that reproduces it', () => {
  it('errors as plain JSON fail problem-details', async () => {
    const rule = await failsExactly(plainJsonErrors, 'problem-details')
    expect(rule.actual).toMatch(/Content-Type is "application\/json"/)
    // A DELETE's error (a stale If-Match) replays as a 404 once the clean-up has run.
    const step = rule.evidence.find((s) => s.request.method !== 'DELETE')!
    const again = await runCurl(step.curl)
    expect(again.status).toBe(step.response?.status)
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.headers).toContain('content-type: application/json')
  })

  it('a 422 that lists only the first field fails validation-all-fields', async () => {
    const rule = await failsExactly(firstFieldOnly, 'validation-all-fields')
    expect(rule.actual).toMatch(/missing "currency"/)
    const step = rule.evidence.at(-1)!
    expect(step.request.body).toContain('hypermock-check-invalid')
    const again = await runCurl(step.curl)
    expect(again.status).toBe(422)
    expect(
      (JSON.parse(again.body) as { errors: unknown[] }).errors,
    ).toHaveLength(1)
  })

  it('a key that executes twice fails idempotency-replay', async () => {
    // A repeat that runs again is also what idempotency-in-flight sees when one arrives late.
    const rule = await failsExactly(keyExecutesTwice(), 'idempotency-replay', [
      'idempotency-in-flight',
    ])
    const posts = rule.evidence.filter((step) => step.request.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(posts[0]?.curl).toBe(posts[1]?.curl)
    expect(posts[0]?.curl).toMatch(
      /-H 'Idempotency-Key: hypermock-check-[^']+'/,
    )
    const [first, second] = [
      await runCurl(posts[0]!.curl),
      await runCurl(posts[1]!.curl),
    ]
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body).not.toBe(first.body)
  })

  it('a stale action link that succeeds fails links-follow-state, its steps in order', async () => {
    const rule = await failsExactly(staleLinkSucceeds, 'links-follow-state')
    expect(rule.expected).toMatch(/409 for the used "\w+" link sent again/)
    expect(
      rule.evidence.map((s) => `${s.request.method} ${s.response?.status}`),
    ).toEqual(['POST 201', 'GET 200', 'POST 200', 'GET 200', 'POST 200'])
    const [, , acted, , again] = rule.evidence
    expect(again?.curl).toBe(acted?.curl)
    expect(again?.curl).toContain('"Authorization: Bearer $TOKEN"')
  })

  it('a 405 without Allow fails method-not-allowed-405', async () => {
    const rule = await failsExactly(noAllowOn405, 'method-not-allowed-405')
    expect(rule.actual).toBe('405 without an Allow header')
    const again = await runCurl(rule.evidence.at(-1)!.curl)
    expect(again.status).toBe(405)
    expect(again.headers).not.toMatch(/^allow:/m)
  })

  it('a Retry-After given as a date fails retry-after-format', async () => {
    const rule = await failsExactly(retryAfterAsDate, 'retry-after-format')
    expect(rule.actual).toMatch(/Retry-After: \w{3}, \d{2} \w{3} \d{4}/)
    const step = rule.evidence[0]!
    expect(step.response?.headers['retry-after']).toMatch(/GMT$/)
    expect(step.curl).toMatch(
      /^curl -i -X POST '.+' -H 'Idempotency-Key: [^']+' -H 'Content-Type: application\/json' -H "Authorization: Bearer \$TOKEN" --data-raw '\{.+\}'$/,
    )
  })
})
