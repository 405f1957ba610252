import { spawn, type ChildProcess } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { freePort } from '../support/free-port.ts'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  formatConsoleReport,
  runChecks,
  type CheckReport,
} from '../../src/check/index.ts'
import { reportSchemaErrors } from './support.ts'

/** What json-server 1 beta does, rule by rule, checked by hand with curl. */
const READ_ONLY_VERDICTS = {
  cacheability: 'fail', // no Cache-Control, ETag, Last-Modified or Expires
  'conditional-requests': 'fail', // no ETag or Last-Modified
  'created-reads-back': 'skip', // writes
  'forbidden-403': 'skip', // no --token-readonly
  'generated-requests': 'skip', // no description to generate from
  'header-values': 'skip', // no Allow, ETag, Link, Location... to judge
  'idempotency-in-flight': 'skip', // writes
  'idempotency-key-reuse': 'skip', // writes
  'idempotency-replay': 'skip', // writes
  'json-media-type': 'pass',
  'links-follow-state': 'skip', // no action links
  'links-self': 'fail', // items carry no _links.self
  'malformed-json-400': 'skip', // writes
  'merge-patch': 'skip', // writes
  'method-not-allowed-405': 'skip', // writes
  'not-found-404': 'pass',
  'paths-are-nouns': 'pass',
  'prefer-return': 'skip', // writes; with them, no Preference-Applied: Prefer is ignored, which RFC 7240 allows
  'problem-details': 'fail', // a 404 as {} in application/json (and, with writes, a text/plain 500)
  'query-parameters': 'fail', // no next link in a Link header or _links
  'rate-limit-429': 'skip', // not probed
  'responses-match-description': 'skip', // no description
  'retry-after-format': 'skip', // no Retry-After seen
  'unauthenticated-401': 'skip', // no token: nothing shows it wants one
  'validation-all-fields': 'skip', // writes
}
const WRITE_VERDICTS = {
  ...READ_ONLY_VERDICTS,
  'created-reads-back': 'pass', // no Location, but the new post reads at /posts/<id>; deleted, 404
  'idempotency-in-flight': 'fail', // each repeat creates another post
  'idempotency-key-reuse': 'fail', // the key is ignored: another 201
  'idempotency-replay': 'fail', // the key is ignored: a second post
  'malformed-json-400': 'fail', // a 500 for a body that is not JSON
  // OPTIONS names no Allow (only CORS's Access-Control-Allow-Methods), so an empty merge patch is
  // tried: 200. A merge patch is merged, and null is stored as null. But a text/plain body is read as
  // JSON and merged too: 200, not 415.
  'merge-patch': 'fail',
  'method-not-allowed-405': 'fail', // a 404 for PATCH /posts, no Allow
  'validation-all-fields': 'fail', // any body is accepted
}

const bin = fileURLToPath(
  new URL('../../node_modules/json-server/lib/bin.js', import.meta.url),
)
const db = {
  posts: [
    { id: '1', title: 'a title', views: 100 },
    { id: '2', title: 'another title', views: 200 },
    { id: '3', title: 'a third title', views: 100 },
  ],
  comments: [{ id: '1', text: 'a comment', postId: '1' }],
}

let child: ChildProcess
let dir: string
let baseUrl: string
let readOnly: CheckReport
let report: CheckReport
let dataBefore: string
let dataAfterReadOnly: string

const readData = async () =>
  JSON.stringify(
    await Promise.all(
      ['posts', 'comments'].map(async (name) =>
        (await fetch(`${baseUrl}/${name}`)).json(),
      ),
    ),
  ) +
  JSON.stringify(JSON.parse(readFileSync(path.join(dir, 'db.json'), 'utf8')))

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hypermock-check-json-server-'))
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify(db))
  // In production it serves ./public as built files, which must then exist.
  mkdirSync(path.join(dir, 'public'))
  const port = await freePort()
  // json-server reloads its file when the file changes, its own writes included: a reload can land
  // after a later write in memory and undo it (a deleted post reads back, a created one is gone).
  // It watches only outside production; the checks judge its HTTP answers, not that reload.
  child = spawn(process.execPath, [bin, 'db.json', '--port', String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('json-server did not start within 20 s')),
      20_000,
    )
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('JSON Server started')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) =>
      reject(new Error(`json-server exited with ${code}`)),
    )
  })
  baseUrl = `http://127.0.0.1:${port}`
  dataBefore = await readData()
  // json-server rewrites its whole file on each write: on a busy machine a create can outlast the
  // default 5 s a request may take, and a create whose answer never came back leaves a post that
  // no rule knows of. The verdicts and the clean-up are what this file checks, not the time-outs.
  const patience = { requestTimeoutMs: 30_000, ruleTimeoutMs: 120_000 }
  readOnly = await runChecks({
    baseUrl,
    paths: ['/posts', '/comments'],
    ...patience,
  })
  dataAfterReadOnly = await readData()
  report = await runChecks({
    baseUrl,
    paths: ['/posts', '/comments'],
    allowWrites: true,
    ...patience,
  })
}, 180_000)

afterAll(() => {
  child.kill()
  rmSync(dir, { recursive: true, force: true })
})

const verdicts = (checked: CheckReport) =>
  Object.fromEntries(checked.rules.map((rule) => [rule.id, rule.status]))

it('a read-only run sends no write and changes nothing', () => {
  expect(readOnly.writes).toEqual([])
  expect(
    readOnly.rules.flatMap((rule) =>
      rule.evidence.map((step) => step.request.method),
    ),
  ).not.toContainEqual(expect.stringMatching(/^(POST|PUT|PATCH|DELETE)$/))
  expect(dataAfterReadOnly).toBe(dataBefore)
  expect(formatConsoleReport(readOnly)).toContain(
    'Read-only: only GET, HEAD and OPTIONS were sent',
  )
})

it('gives the verdict written down for every rule, read-only and with writes', () => {
  expect(verdicts(readOnly)).toEqual(READ_ONLY_VERDICTS)
  expect(verdicts(report)).toEqual(WRITE_VERDICTS)
})

it('names what json-server lacks and exits with 1, without crashing', () => {
  expect(report.error).toBeNull()
  expect(report.exitCode).toBe(1)
  expect(reportSchemaErrors(report)).toEqual([])
  expect(reportSchemaErrors(readOnly)).toEqual([])
  expect(
    report.rules.find((r) => r.id === 'unauthenticated-401')?.reason,
  ).toMatch(/no token given/)
  const text = formatConsoleReport(report)
  expect(text).toMatch(/✗ fail idempotency-replay \(must\)/)
  expect(text).toMatch(
    /curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/posts' -H 'Idempotency-Key: /,
  )
})

it('deletes every post it created, and lists every write', async () => {
  expect(report.cleanup.length).toBeGreaterThan(0)
  expect(report.cleanup.filter((entry) => !entry.deleted)).toEqual([])
  expect(
    report.writes.filter((w) => w.method === 'DELETE' && w.ruleId === null)
      .length,
  ).toBe(report.cleanup.length)
  // json-server rewrites its file (adding "$schema") on a write: the records are what count.
  const posts = (await (await fetch(`${baseUrl}/posts`)).json()) as unknown[]
  expect(posts).toEqual(db.posts)
})

it('fails merge-patch on the text/plain PATCH json-server takes, after an empty merge patch it took', () => {
  const rule = report.rules.find((r) => r.id === 'merge-patch')
  expect(rule).toMatchObject({
    status: 'fail',
    expected: '415 for a PATCH whose body is text/plain',
    actual: expect.stringMatching(/^200 \(application\/json\)/),
  })
  expect(
    rule?.evidence.map(
      (step) =>
        `${step.request.method} ${step.request.headers['Content-Type'] ?? ''} ${step.response?.status}`,
    ),
  ).toEqual([
    'OPTIONS  204',
    'PATCH application/merge-patch+json 200',
    'PATCH text/plain 200',
  ])
})
