import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckReport } from '../../src/check/index.ts'
import type { RunningServer } from '../../src/server/index.ts'
import { noAllowOn405 } from './fixtures/broken-servers.ts'
import { READONLY_TOKEN, startHypermock, TOKEN } from './support.ts'

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname

/** Runs the command in its own Node process (asynchronously: the server under test lives in this one). */
function check(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      execFile(
        process.execPath,
        [CLI, 'check', ...args],
        { env: { ...process.env, NO_COLOR: '1', ...env } },
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      )
    },
  )
}

describe('hypermock-api check', { timeout: 30_000 }, () => {
  let good: RunningServer
  // The first test's run takes most of a server's quota of 100 requests a minute: the later runs
  // against a correct server go to a second one, so they never wait out a 429's Retry-After.
  let alsoGood: RunningServer
  let broken: RunningServer
  const temp = mkdtempSync(path.join(tmpdir(), 'hypermock-check-cli-'))
  beforeAll(async () => {
    ;[good, alsoGood, broken] = await Promise.all([
      startHypermock(),
      startHypermock(),
      startHypermock(noAllowOn405),
    ])
  })
  afterAll(async () => {
    await Promise.all([good.close(), alsoGood.close(), broken.close()])
    rmSync(temp, { recursive: true, force: true })
  })

  it('exits with 0 when every rule passes, and writes the JSON and JUnit reports', async () => {
    const { code, stdout } = await check(
      [
        `${good.url}/api`,
        '--token-readonly',
        READONLY_TOKEN,
        '--allow-writes',
        // A small budget: the later tests share this server's quota of 100 requests a minute.
        '--seed',
        '42',
        '--generated-requests',
        '4',
        '--report',
        'json,junit',
        '--report-dir',
        temp,
      ],
      { HYPERMOCK_CHECK_TOKEN: TOKEN },
    )
    expect(code).toBe(0)
    expect(stdout).toMatch(/OK {2}24 passed, 0 failed, 1 skipped/)
    expect(stdout).toContain(
      '- skip rate-limit-429 (must) rate limits are probed only when asked',
    )
    expect(stdout).toContain(
      'Generated requests: seed 42, budget 4 (--seed 42 --generated-requests 4 sends the same ones again).',
    )
    const report = JSON.parse(
      readFileSync(path.join(temp, 'report.json'), 'utf8'),
    ) as CheckReport
    expect(report.exitCode).toBe(0)
    expect(report.generation).toEqual({ seed: 42, requests: 4 })
    expect(readFileSync(path.join(temp, 'junit.xml'), 'utf8')).toMatch(
      /^<\?xml/,
    )
  })

  it('exits with 1 for a failed must rule and prints the failure with its curl, the token masked', async () => {
    const { code, stdout } = await check([
      `${broken.url}/api`,
      '--token',
      TOKEN,
      '--allow-writes',
      '--rules',
      'method-not-allowed-405,not-found-404',
    ])
    expect(code).toBe(1)
    expect(stdout).toContain('✗ fail method-not-allowed-405 (must)')
    expect(stdout).toContain('got:      405 without an Allow header')
    expect(stdout).toMatch(
      /curl -i -X PATCH 'http:\/\/127\.0\.0\.1:\d+\/api\/orders' -H "Authorization: Bearer \$TOKEN"/,
    )
    expect(stdout).not.toContain(TOKEN)
  })

  // A failure no baseline lists still exits 1: exitCodeFor's own test (report-pieces) shows it.
  it(
    'a baseline written by one run accepts its failures in the next',
    { timeout: 60_000 },
    async () => {
      const rules = [
        '--rules',
        'method-not-allowed-405,not-found-404,json-media-type',
      ]
      const baseline = path.join(temp, 'baseline.json')
      const first = await check([
        `${broken.url}/api`,
        '--token',
        TOKEN,
        '--allow-writes',
        ...rules,
        '--exclude-rule',
        'json-media-type',
        '--write-baseline',
        baseline,
      ])
      expect(first.code).toBe(1)
      expect(first.stdout).not.toContain('json-media-type')
      expect(first.stdout).toContain(
        `Baseline of 1 failure(s) written to ${baseline}`,
      )
      expect(JSON.parse(readFileSync(baseline, 'utf8'))).toEqual({
        accepted: [
          {
            rule: 'method-not-allowed-405',
            note: '405 without an Allow header',
          },
        ],
      })
      const accepted = await check([
        `${broken.url}/api`,
        '--token',
        TOKEN,
        '--allow-writes',
        ...rules,
        '--baseline',
        baseline,
      ])
      expect(accepted.code).toBe(0)
      expect(accepted.stdout).toContain(
        '✗ fail method-not-allowed-405 (must) accepted by the baseline: 405 without an Allow header',
      )
      expect(accepted.stdout).toMatch(/1 failed \(1 accepted by the baseline\)/)
    },
  )

  it('--include-method sends only those methods: rules that need another skip and say so', async () => {
    const { code, stdout } = await check([
      `${broken.url}/api`,
      '--token',
      TOKEN,
      '--allow-writes',
      '--include-method',
      'GET,HEAD,OPTIONS',
      '--rules',
      'method-not-allowed-405,not-found-404',
    ])
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /- skip method-not-allowed-405 \(must\) the rule needs PATCH http:\/\/127\.0\.0\.1:\d+\/api\/orders, and --include-method allows only GET, HEAD, OPTIONS/,
    )
    expect(stdout).toContain('Writes: none sent')
  })

  it('with --strict, a skipped rule fails the run', async () => {
    const args = [
      `${alsoGood.url}/api`,
      '--token',
      TOKEN,
      '--rules',
      'not-found-404,idempotency-replay',
    ]
    const lenient = await check(args)
    expect(lenient.stdout).toContain(
      '- skip idempotency-replay (must) writes not allowed',
    )
    expect(lenient.code).toBe(0)
    expect((await check([...args, '--strict'])).code).toBe(1)
  })

  it('reads an OpenAPI description from a file', async () => {
    const file = path.join(temp, 'openapi.json')
    writeFileSync(
      file,
      await (await fetch(`${alsoGood.url}/api/openapi.json`)).text(),
    )
    const dir = path.join(temp, 'with-file')
    const { code } = await check([
      `${alsoGood.url}/api`,
      '--token',
      TOKEN,
      '--openapi',
      file,
      '--rules',
      'paths-are-nouns',
      '--report',
      'json',
      '--report-dir',
      dir,
    ])
    expect(code).toBe(0)
    const report = JSON.parse(
      readFileSync(path.join(dir, 'report.json'), 'utf8'),
    ) as CheckReport
    expect(report.discovery.openapi).toBe('given')
    // The description's paths are judged too, templates and all.
    expect(report.rules[0]?.reason).toMatch(/^\d+ paths read$/)
  })

  it('exits with 2 when it cannot test: bad arguments, an unreachable server', async () => {
    const bad = await check([
      'not-a-url',
      '--rules',
      'no-such-rule',
      '--report',
      'html',
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('the base URL must be an absolute URL')
    expect(bad.stderr).toContain('unknown rule "no-such-rule"')
    expect(bad.stderr).toContain('--report takes json and/or junit')
    const unreachable = await check([
      'http://127.0.0.1:9/api',
      '--request-timeout',
      '500',
    ])
    expect(unreachable.code).toBe(2)
    expect(unreachable.stdout).toContain(
      'Could not check: Could not read the root',
    )
  })
})
