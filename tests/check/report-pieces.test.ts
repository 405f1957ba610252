import { SaxesParser } from 'saxes'
import { describe, expect, it } from 'vitest'
import {
  CheckArgumentError,
  curlLine,
  exitCodeFor,
  formatJunitReport,
  runChecks,
  type CheckReport,
  type RuleResult,
} from '../../src/check/index.ts'
import { retryAfterMs } from '../../src/check/retry-after.ts'
import { parseBaseline } from '../../src/check/baseline.ts'
import { findingSteps } from '../../src/check/rule.ts'
import type { Exchange } from '../../src/check/create-probe.ts'

describe('curl lines', () => {
  it('quote bodies for the shell and leave $TOKEN for it to expand', () => {
    const line = curlLine({
      method: 'POST',
      url: 'http://127.0.0.1:8787/api/orders',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer $TOKEN',
      },
      body: `{"note":"it's here"}`,
    })
    expect(line).toBe(
      `curl -i -X POST 'http://127.0.0.1:8787/api/orders' -H 'Content-Type: application/json' -H "Authorization: Bearer $TOKEN" --data-raw '{"note":"it'\\''s here"}'`,
    )
  })

  it('send HEAD as --head, which does not wait for a body', () => {
    expect(
      curlLine({ method: 'HEAD', url: 'http://x.test/a', headers: {} }),
    ).toBe("curl -i --head 'http://x.test/a'")
  })
})

describe('exit codes', () => {
  const rule = (status: RuleResult['status'], level: RuleResult['level']) =>
    ({ status, level }) as RuleResult
  it('are 0 unless a must rule failed; with strict, unless every rule passed', () => {
    const cases: [RuleResult[], boolean, number][] = [
      [
        [rule('pass', 'must'), rule('skip', 'must'), rule('fail', 'should')],
        false,
        0,
      ],
      [[rule('pass', 'must'), rule('fail', 'must')], false, 1],
      [[rule('pass', 'must'), rule('skip', 'should')], true, 1],
      [[rule('pass', 'must'), rule('pass', 'should')], true, 0],
    ]
    for (const [rules, strict, code] of cases)
      expect(exitCodeFor({ rules, strict, error: null })).toBe(code)
    expect(
      exitCodeFor({ rules: [], strict: false, error: 'unreachable' }),
    ).toBe(2)
  })
})

it('lists every mistake in the options at once, before sending anything', async () => {
  let sent = 0
  const attempt = runChecks({
    baseUrl: 'ftp://example.test',
    rules: ['no-such-rule' as 'links-self'],
    probeRateLimit: 0,
    token: 'has space',
    fetch: async () => {
      sent++
      return new Response()
    },
  })
  await expect(attempt).rejects.toBeInstanceOf(CheckArgumentError)
  const error = (await attempt.catch((e: unknown) => e)) as CheckArgumentError
  expect(error.problems).toHaveLength(4)
  expect(sent).toBe(0)
})

it('reads Retry-After as seconds or an HTTP date, and nothing else', () => {
  const now = Date.parse('2026-01-01T00:00:00Z')
  expect(retryAfterMs('3', now)).toBe(3000)
  expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000)
  expect(retryAfterMs('1.5', now)).toBeNull()
  expect(retryAfterMs(null, now)).toBeNull()
})

it('writes well-formed JUnit XML whatever a hostile server sent', () => {
  const nasty = 'a <b> & "c" ]]> \u0000\u001b[31m'
  const report = {
    baseUrl: 'http://127.0.0.1/api',
    durationMs: 5,
    error: null,
    summary: { pass: 0, fail: 1, skip: 0 },
    cleanup: [],
    rules: [
      {
        id: 'problem-details',
        level: 'must',
        source: 'Conventions §7',
        title: nasty,
        status: 'fail',
        reason: null,
        expected: nasty,
        actual: nasty,
        evidence: [
          {
            request: { method: 'GET', url: 'http://x', headers: {} },
            response: null,
            error: nasty,
            curl: nasty,
          },
        ],
        requests: 1,
        durationMs: 5,
      },
    ],
  } as unknown as CheckReport
  const parser = new SaxesParser()
  const failures: string[] = []
  let inFailure = false
  parser.on('opentag', (tag) => void (inFailure = tag.name === 'failure'))
  parser.on('text', (text) => void (inFailure && failures.push(text)))
  parser.write(formatJunitReport(report)).close()
  expect(failures.join('')).toContain('a <b> & "c" ]]>')
})

describe('baselines', () => {
  const failed = (id: string, accepted?: boolean) =>
    ({
      id,
      level: 'must',
      source: `concepts/resources.md#${id}`,
      title: id,
      status: 'fail',
      reason: null,
      expected: 'x',
      actual: `${id} failed`,
      evidence: [],
      requests: 1,
      durationMs: 1,
      ...(accepted !== undefined && { accepted }),
    }) as RuleResult

  it('read the documented format and a JSON report alike, and name every mistake', () => {
    expect(
      parseBaseline({ accepted: [{ rule: 'links-self', note: 'later' }] }),
    ).toEqual({ accepted: [{ rule: 'links-self', note: 'later' }] })
    const report = {
      reportVersion: 1,
      rules: [
        failed('links-self'),
        { ...failed('not-found-404'), status: 'pass' },
      ],
    }
    expect(parseBaseline(report)).toEqual({
      accepted: [{ rule: 'links-self' }],
    })
    expect(() => parseBaseline({ accepted: [{}, { rule: 1 }] })).toThrow(
      'the baseline: accepted[0] must be an object with a "rule" string; accepted[1] must be an object with a "rule" string',
    )
    expect(() => parseBaseline([])).toThrow(/must be \{"accepted"/)
  })

  it('keep an accepted failure out of the exit code and show it as a skip in JUnit', () => {
    const rules = [failed('links-self', true), failed('not-found-404')]
    expect(
      exitCodeFor({ rules: [rules[0]!], strict: false, error: null }),
    ).toBe(0)
    expect(exitCodeFor({ rules, strict: false, error: null })).toBe(1)
    const xml = formatJunitReport({
      baseUrl: 'http://127.0.0.1/api',
      durationMs: 2,
      error: null,
      summary: { pass: 0, fail: 2, skip: 0, accepted: 1 },
      cleanup: [],
      rules,
    } as unknown as CheckReport)
    expect(xml).toContain('failures="1" errors="0" skipped="1"')
    expect(xml).toContain(
      '<skipped message="accepted by the baseline: links-self failed"/>',
    )
    expect(xml).toContain('<failure message="not-found-404 failed"')
  })

  it('name unknown rules in a baseline or --exclude-rule before sending anything', async () => {
    const attempt = runChecks({
      baseUrl: 'http://127.0.0.1:1/api',
      excludeRules: ['no-such' as 'links-self'],
      baseline: { accepted: [{ rule: 'also-none' }] },
      includeMethods: ['FETCH'],
      fetch: async () => {
        throw new Error('sent')
      },
    })
    const error = (await attempt.catch((e: unknown) => e)) as CheckArgumentError
    expect(error.problems).toEqual([
      expect.stringMatching(
        /^unknown rule "no-such", "also-none"; the rules are /,
      ),
      'includeMethods takes GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE, got "FETCH"',
    ])
  })
})

it("a journal rule's evidence holds the exchanges behind the findings its message names", () => {
  const exchange = (path: string, status: number) =>
    ({ method: 'GET', url: new URL(`http://x${path}`), status }) as Exchange
  const reads = [1, 2, 3, 4, 5, 6].map((n) => exchange(`/a/${n}`, 200))
  const created = exchange('/a', 201)
  const readBack = exchange('/a/string', 404)
  const findings = [
    // Six responses with one bad value, then a second kind: the message names both.
    ...reads.map((e) => ({ exchange: e, what: 'ETag: string' })),
    { exchange: created, what: 'Location: string', also: [readBack] },
  ]
  expect(findingSteps(findings)).toEqual([reads[0], created, readBack])
  expect(findingSteps(findings, 1)).toEqual([reads[0]])
})
