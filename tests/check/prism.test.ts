import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { freePort } from '../support/free-port.ts'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runChecks, type CheckReport } from '../../src/check/index.ts'
import {
  READONLY_TOKEN,
  reportSchemaErrors,
  startHypermock,
  TOKEN,
} from './support.ts'

/**
 * Prism 5.16 mocking hypermock's own description: a third-party mock that answers every
 * operation with the description's examples and keeps no state. Started once for the file, on a
 * loopback port, every wait bounded.
 */
const prismBin = fileURLToPath(
  new URL(
    '../../node_modules/@stoplight/prism-cli/dist/index.js',
    import.meta.url,
  ),
)

let prism: ChildProcess
let dir: string
let baseUrl: string
let description: Record<string, unknown>
let readOnly: CheckReport
let withWrites: CheckReport
let dataBefore: string
let dataAfter: string

const readData = async () =>
  JSON.stringify(
    await Promise.all(
      ['orders', 'payments', 'customers'].map(async (name) =>
        (
          await fetch(`${baseUrl}/${name}`, {
            headers: { Authorization: `Bearer ${TOKEN}` },
          })
        ).text(),
      ),
    ),
  )

beforeAll(async () => {
  const mock = await startHypermock()
  try {
    description = (await (
      await fetch(`${mock.url}/api/openapi.json`)
    ).json()) as Record<string, unknown>
  } finally {
    await mock.close()
  }
  dir = mkdtempSync(path.join(tmpdir(), 'hypermock-check-prism-'))
  const file = path.join(dir, 'openapi.json')
  writeFileSync(file, JSON.stringify(description))
  const port = await freePort()
  prism = spawn(
    process.execPath,
    [prismBin, 'mock', file, '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Prism did not start within 90 s')),
      90_000,
    )
    prism.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    prism.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Prism exited with ${code}`))
    })
  })
  baseUrl = `http://127.0.0.1:${port}/api`
  const options = {
    baseUrl,
    token: TOKEN,
    tokenReadonly: READONLY_TOKEN,
    requestTimeoutMs: 2_000,
  }
  dataBefore = await readData()
  readOnly = await runChecks(options)
  dataAfter = await readData()
  withWrites = await runChecks({
    ...options,
    allowWrites: true,
    openapi: description,
  })
}, 180_000)

afterAll(() => {
  prism?.kill()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const verdicts = (checked: CheckReport) =>
  Object.fromEntries(checked.rules.map((rule) => [rule.id, rule.status]))

/** What Prism does, rule by rule; every verdict was checked by hand with curl. */
const READ_ONLY_VERDICTS = {
  cacheability: 'pass', // Cache-Control from the description
  'conditional-requests': 'fail', // If-None-Match gets the example again, 200
  'created-reads-back': 'skip', // a write
  'forbidden-403': 'skip', // a write
  'generated-requests': 'skip', // the stub description is set aside: nothing to generate from
  // Allow: string, ETag: string, Link: string, WWW-Authenticate: string, RateLimit: string
  'header-values': 'fail',
  'idempotency-in-flight': 'skip',
  'idempotency-key-reuse': 'skip',
  'idempotency-replay': 'skip',
  'json-media-type': 'pass',
  'links-follow-state': 'skip',
  'links-self': 'pass', // every example item is order 1, and reads back as order 1
  'malformed-json-400': 'skip',
  'merge-patch': 'skip', // writes
  'method-not-allowed-405': 'skip',
  'not-found-404': 'fail', // any id gets the example, 200
  'paths-are-nouns': 'pass',
  'prefer-return': 'skip', // a write
  'problem-details': 'pass', // its errors are the description's problem examples
  'query-parameters': 'skip', // the example list holds one item
  'rate-limit-429': 'skip',
  'responses-match-description': 'skip', // no trusted description
  'retry-after-format': 'skip',
  'unauthenticated-401': 'fail', // a wrong token is not checked: 200
  'validation-all-fields': 'skip',
}

/** With writes and hypermock's real description given as --openapi. */
const WRITE_VERDICTS = {
  ...READ_ONLY_VERDICTS,
  'created-reads-back': 'fail', // order 1 still reads 200 after its DELETE answered 204: no state
  'forbidden-403': 'fail', // the read-only token's POST is not refused by a permission check
  'generated-requests': 'pass', // Prism validates requests by the description: every invalid one gets a 4xx
  'idempotency-in-flight': 'skip', // every answer is the same example: no 409 to see, nothing ran twice
  'idempotency-key-reuse': 'fail', // the key with another body is not refused with a 422
  'idempotency-replay': 'fail', // Location: string does not read back
  'links-follow-state': 'fail', // cancel and pay leave the links as they were, and work again
  'malformed-json-400': 'fail', // no answer to a body that is not JSON
  // The record reads back at its self link, orders/1; Allow: string names no method, so an empty
  // merge patch is tried (200), text/plain gets its 415, but the note a merge patch nulled still
  // reads "First order": no state
  'merge-patch': 'fail',
  'method-not-allowed-405': 'fail', // PATCH of a collection: a 403 example
  // The description's example header, Preference-Applied: return=minimal, on a 201 that carries the record
  'prefer-return': 'fail',
  'problem-details': 'fail', // the 404 of GET /api/string has no instance
  'responses-match-description': 'fail', // a page's links it generates are "href": "string", not the pattern
  'validation-all-fields': 'fail', // two invalid members: a 422 without errors
}

it('sets aside the stub description Prism serves and discovers by the root’s links', () => {
  expect(readOnly.discovery.openapi).toBeNull()
  expect(readOnly.discovery.notFollowed).toContainEqual({
    href: `${baseUrl}/openapi.json`,
    reason:
      'OpenAPI description set aside: "openapi" is "string", not a version such as "3.1.0"; no paths',
  })
  expect(readOnly.discovery.collections).toContain(`${baseUrl}/orders`)
})

it('read-only, sends no write, changes nothing, and gives the verdict written down', () => {
  expect(readOnly.writes).toEqual([])
  expect(dataAfter).toBe(dataBefore)
  expect(verdicts(readOnly)).toEqual(READ_ONLY_VERDICTS)
  expect(reportSchemaErrors(readOnly)).toEqual([])
})

it('fails idempotency-replay: the created record does not read back at its Location', () => {
  const rule = withWrites.rules.find((r) => r.id === 'idempotency-replay')
  expect(rule?.status).toBe('fail')
  expect(rule?.actual).toBe(
    `the first POST's record does not read back: Location string → GET ${baseUrl}/string answered 404`,
  )
  expect(
    rule?.evidence.map((s) => `${s.request.method} ${s.response?.status}`),
  ).toEqual(['GET 200', 'POST 201', 'GET 404', 'POST 201', 'GET 200'])
})

it('fails links-follow-state after following cancel and pay, not by reading Location: string', () => {
  const rule = withWrites.rules.find((r) => r.id === 'links-follow-state')
  expect(rule?.status).toBe('fail')
  expect(rule?.actual).toBe(
    'the same links after each of cancel, pay, and each still worked when sent again',
  )
  const sent = rule?.evidence.map(
    (s) => `${s.request.method} ${new URL(s.request.url).pathname}`,
  )
  expect(sent).toContain('POST /api/orders/1/cancel')
  expect(sent).toContain('POST /api/orders/1/payment')
  expect(sent).not.toContain('GET /api/string')
})

it('passes what Prism does by the description, gives the verdict written down, and lists every write', () => {
  const passed = withWrites.rules
    .filter((r) => r.status === 'pass')
    .map((r) => r.id)
  expect(passed).toEqual(
    expect.arrayContaining([
      'cacheability',
      'json-media-type',
      'links-self',
      'paths-are-nouns',
    ]),
  )
  expect(verdicts(withWrites)).toEqual(WRITE_VERDICTS)
  const header = withWrites.rules.find((r) => r.id === 'header-values')
  expect(header?.actual).toMatch(/^7 bad value\(s\)/)
  expect(header?.actual).toMatch(
    /RateLimit: string does not parse as the field/,
  )
  expect(header?.actual).toMatch(/ETag: string is not an entity-tag/)
  const described = withWrites.rules.find(
    (r) => r.id === 'responses-match-description',
  )
  expect(described?.actual).toMatch(
    /GET http:\/\/127\.0\.0\.1:\d+\/api\/orders → 200: the body at \/_links\/self\/href must match pattern .+ \[#\/paths\/~1api~1orders\/get\/responses\/200\/content\/application~1json\/schema\]/,
  )
  expect(described?.evidence[0]?.response?.body).toContain(
    '"_links":{"self":{"href":"string"',
  )
  expect(withWrites.writes.length).toBeGreaterThan(0)
  expect(reportSchemaErrors(withWrites)).toEqual([])
})

it('claims no deletion on Prism: its DELETE of the Location it gave (an example) answers 404, and nothing read there', () => {
  expect(withWrites.cleanup.filter((entry) => entry.deleted)).toEqual([])
  expect(withWrites.cleanup).toContainEqual({
    url: `${baseUrl}/string`,
    status: 404,
    deleted: false,
    unconfirmed: true,
    reason: expect.stringMatching(/may name no record/),
  })
})
