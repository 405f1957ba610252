import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { dump } from 'js-yaml'
import { afterEach, expect, it, vi } from 'vitest'
import { createCredentials } from '../../src/check/credentials.ts'
import { runCheck } from '../../src/check/run-check-command.ts'
import { formatConsoleReport } from '../../src/check/format-console-report.ts'
import { formatJunitReport } from '../../src/check/format-junit-report.ts'
import {
  runChecks,
  type CheckOptions,
  type RuleId,
} from '../../src/check/index.ts'
import {
  startPetsServer,
  type PetsServer,
  type PetsServerOptions,
} from './fixtures/pets-server.ts'
import { reportSchemaErrors } from './support.ts'

// Each test runs the checker against a real server; a loaded machine may take a while.
vi.setConfig({ testTimeout: 30_000 })

let server: PetsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function check(
  shape: PetsServerOptions,
  rules: RuleId[],
  extra: Partial<CheckOptions> = {},
) {
  server = await startPetsServer(shape)
  const report = await runChecks({
    baseUrl: server.base,
    openapi: `${server.base}/openapi.json`,
    allowWrites: true,
    rules,
    ...extra,
  })
  expect(reportSchemaErrors(report)).toEqual([])
  return report
}

const verdict = (report: Awaited<ReturnType<typeof runChecks>>, id: RuleId) =>
  report.rules.find((r) => r.id === id)

it('deletes every record it made on a server whose key is not `id` and whose 201 has no Location', async () => {
  const report = await check(
    { key: 'pet_id', parameter: 'PetId', location: false },
    ['idempotency-replay', 'validation-all-fields', 'created-reads-back'],
  )
  expect(
    report.writes.filter((w) => w.method === 'POST').length,
  ).toBeGreaterThan(1)
  expect(report.cleanup.length).toBeGreaterThan(0)
  expect(report.cleanup.every((c) => c.deleted)).toBe(true)
  expect([...server!.records.keys()]).toEqual(['p1', 'p2', 'p3'])
})

it('lists every record it made and could not find, with the reason', async () => {
  const report = await check({ location: false, echoCreate: true }, [
    'idempotency-replay',
  ])
  const made = server!.records.size - 3
  expect(made).toBeGreaterThan(0)
  const unlocated = report.cleanup.filter((c) => c.reason !== undefined)
  expect(unlocated).toHaveLength(made)
  expect(unlocated[0]).toMatchObject({
    url: `${server!.base}/pets`,
    deleted: false,
    reason: expect.stringMatching(/no Location, no self link and no `id`/),
  })
})

it('finds the record a create made before its answer timed out, deletes it, and says so', async () => {
  const report = await check({ createThenHang: true }, ['created-reads-back'], {
    requestTimeoutMs: 300,
  })
  expect(verdict(report, 'created-reads-back')).toMatchObject({
    status: 'skip',
  })
  // The create stored p4 and never answered: the clean-up found it in the list and deleted it.
  expect(report.cleanup).toEqual([
    {
      url: `${server!.base}/pets/p4`,
      status: 204,
      deleted: true,
      unanswered: true,
      reason: expect.stringMatching(
        /^POST \S+\/pets got no answer \(no complete response within 300 ms\): the record it made was found in the list by the values it sent \(name\) and deleted$/,
      ),
    },
  ])
  expect([...server!.records.keys()]).toEqual(['p1', 'p2', 'p3'])
  expect(formatConsoleReport(report)).toContain(
    `1 create(s) got no answer (POST ${server!.base}/pets): each may have made a record. 1 settled (found and deleted, or known never made), 0 may remain.`,
  )
})

it('deletes the record an unanswered create made by the key its body gave', async () => {
  const report = await check(
    { key: 'username', clientKey: true, createThenHang: true },
    ['created-reads-back'],
    { requestTimeoutMs: 300 },
  )
  expect(report.cleanup).toEqual([
    {
      url: `${server!.base}/pets/rex`,
      status: 204,
      deleted: true,
      unanswered: true,
      reason: expect.stringMatching(
        /got no answer .*: the record it made was found by the key it sent \(rex\) and deleted$/,
      ),
    },
  ])
  expect([...server!.records.keys()]).toEqual(['p1', 'p2', 'p3'])
})

it('deletes nothing it cannot tell from what was there: more new records match than creates went unanswered', async () => {
  server = await startPetsServer({ createThenHang: true })
  const report = await runChecks({
    baseUrl: server.base,
    openapi: `${server.base}/openapi.json`,
    allowWrites: true,
    rules: ['created-reads-back'],
    requestTimeoutMs: 300,
    // Another client adds a pet named as the check's create (the description's example) after
    // discovery read the list: two new records match one unanswered create.
    onEvent: (event) => {
      if (event.type === 'rule:start')
        server!.records.set('x1', { id: 'x1', name: 'Rex' })
    },
  })
  expect(reportSchemaErrors(report)).toEqual([])
  expect(report.cleanup).toEqual([
    {
      url: `${server.base}/pets`,
      status: null,
      deleted: false,
      unanswered: true,
      reason: expect.stringMatching(
        /got no answer .*: it may have made a record all the same, and 2 new records in the list hold the values it sent \(name\), more than the creates that got no answer, so none was deleted; look for it by hand$/,
      ),
    },
  ])
  expect([...server.records.keys()]).toEqual(['p1', 'p2', 'p3', 'x1', 'p4'])
  expect(formatConsoleReport(report)).toContain(
    '0 settled (found and deleted, or known never made), 1 may remain: see below.',
  )
})

it('reads the paths at the base URL when the description names a server elsewhere', async () => {
  const report = await check({ serverUrl: 'https://pets.example.com/v1' }, [
    'not-found-404',
  ])
  expect(report.error).toBeNull()
  expect(report.discovery.collections).toEqual([`${server!.base}/pets`])
  expect(verdict(report, 'not-found-404')?.status).toBe('pass')
})

it("reads the paths once under a base URL whose path the description's server repeats", async () => {
  // Base `…/api`, server `/api`: the collection is `…/api/pets`, never `…/api/api/pets`.
  const report = await check({ mount: '/api' }, ['not-found-404'])
  expect(report.error).toBeNull()
  expect(report.discovery.collections).toEqual([`${server!.base}/pets`])
  expect(server!.base).toMatch(/\/api$/)
  expect(verdict(report, 'not-found-404')?.status).toBe('pass')
})

it('finds the collections of an API whose own URL contains "openapi"', async () => {
  const report = await check({ mount: '/openapi-mock' }, ['not-found-404'])
  expect(report.error).toBeNull()
  expect(report.discovery.collections).toEqual([`${server!.base}/pets`])
})

it('reads a YAML description, by URL and from a file (--openapi)', async () => {
  server = await startPetsServer({})
  const report = await runChecks({
    baseUrl: server.base,
    openapi: `${server.base}/openapi.yaml`,
    rules: ['not-found-404'],
  })
  expect(report.discovery.openapi).toBe(`${server.base}/openapi.yaml`)
  expect(report.discovery.notFollowed).toEqual([])
  expect(verdict(report, 'not-found-404')?.status).toBe('pass')

  const dir = mkdtempSync(path.join(tmpdir(), 'hypermock-check-yaml-'))
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const file = path.join(dir, 'pets.yaml')
    writeFileSync(file, dump(server.description))
    await runCheck([server.base, '--openapi', file, '--rules', 'not-found-404'])
    expect(error).not.toHaveBeenCalled()
    expect(process.exitCode).toBe(0)
    expect(String(log.mock.calls[0]?.[0])).toMatch(/not-found-404/)
  } finally {
    process.exitCode = undefined
    log.mockRestore()
    error.mockRestore()
    rmSync(dir, { recursive: true, force: true })
  }
})

it('sends no wrong-typed read-only member as an invalid body (the server ignores it)', async () => {
  const report = await check({ readOnlyMember: true }, ['generated-requests'], {
    generatedRequests: 40,
    seed: 1,
  })
  expect(verdict(report, 'generated-requests')).toMatchObject({
    status: 'pass',
    reason: expect.stringMatching(/invalid/),
  })
  expect(
    server!.seen.filter((s) => s.startsWith('POST')).length,
  ).toBeGreaterThan(3)
})

it('does not pass not-found-404 on a URL that is no item route', async () => {
  // With a description that has no item route, and without one: every URL under /pets answers 404.
  const described = await check({ noItemRoute: true }, ['not-found-404'])
  expect(verdict(described, 'not-found-404')).toMatchObject({
    status: 'skip',
    reason: expect.stringMatching(/no item route/),
  })
  await server?.close()
  server = await startPetsServer({ noItemRoute: true })
  const undescribed = await runChecks({
    baseUrl: server.base,
    paths: ['/pets'],
    rules: ['not-found-404'],
  })
  expect(verdict(undescribed, 'not-found-404')).toMatchObject({
    status: 'skip',
    reason: expect.stringMatching(/does not read \(404\)/),
  })
})

it('fails header-values for an Allow naming methods the resource refuses', async () => {
  const report = await check({ allowOverstates: true }, [
    'method-not-allowed-405',
    'header-values',
  ])
  expect(verdict(report, 'header-values')).toMatchObject({
    status: 'fail',
    actual: expect.stringMatching(
      /names PUT, PATCH, DELETE, which the description does not offer.*names PATCH, which \S+ refused with 405/,
    ),
  })
  // The 405 the message speaks of is among the steps, after the response whose Allow names PATCH.
  const steps = verdict(report, 'header-values')!.evidence.map(
    (step) =>
      `${step.request.method} ${new URL(step.request.url).pathname} ${step.response?.status}`,
  )
  expect(steps).toContain('PATCH /pets 405')
})

it('fails query-parameters for a next link to the page it is on', async () => {
  const report = await check({ nextToSamePage: true }, ['query-parameters'])
  expect(verdict(report, 'query-parameters')).toMatchObject({
    status: 'fail',
    actual: expect.stringMatching(/the page it is on/),
  })
})

it('fails idempotency-replay on a server that ignores keys and echoes the body it was sent', async () => {
  const report = await check(
    { envelope: true, echoCreate: true, location: false },
    ['idempotency-replay'],
  )
  expect(verdict(report, 'idempotency-replay')).toMatchObject({
    status: 'fail',
    actual: expect.stringMatching(/2 new records/),
  })
})

it('judges a created record by the read the probe retried, not by the 429 it waited out', async () => {
  const report = await check({ rateLimitFirstReadBack: true }, [
    'created-reads-back',
    'header-values',
  ])
  expect(
    server!.seen.filter((s) => /^GET \/pets\/p\d+$/.test(s)).length,
  ).toBeGreaterThan(1)
  expect(verdict(report, 'header-values')).toMatchObject({ status: 'pass' })
})

it('skips, with the reason, a rule whose own set-up failed', async () => {
  const hung = await check({ hangCreate: true }, ['created-reads-back'], {
    requestTimeoutMs: 300,
  })
  expect(verdict(hung, 'created-reads-back')).toMatchObject({
    status: 'skip',
    reason: expect.stringMatching(
      /could not create a record to test with: POST \S+ failed: no complete response within 300 ms/,
    ),
  })
  // The create that got no answer made no record here: the list, read whole, shows none new.
  expect(hung.cleanup).toContainEqual({
    url: `${server!.base}/pets`,
    status: null,
    deleted: false,
    unanswered: true,
    reason: expect.stringMatching(
      /got no answer .*no new record in the list holds the values it sent \(name\), so it most likely made none; one may remain/,
    ),
  })
  await server?.close()
  // Without a description, the items are guessed at /pets/<id>, where this server serves nothing.
  server = await startPetsServer({ noItemRoute: true })
  const unread = await runChecks({
    baseUrl: server.base,
    paths: ['/pets'],
    rules: ['conditional-requests'],
  })
  expect(verdict(unread, 'conditional-requests')).toMatchObject({
    status: 'skip',
    reason: expect.stringMatching(/does not read: 404/),
  })
})

it('shows the list a failure is about as its evidence', async () => {
  // Items without self links, and a list that does not page: the collection read shows both.
  const report = await check({}, ['links-self', 'query-parameters'], {
    allowWrites: false,
  })
  for (const id of ['links-self', 'query-parameters'] as const) {
    const rule = verdict(report, id)
    expect(rule?.status).toBe('fail')
    expect(rule?.evidence[0]?.request.url).toBe(`${server!.base}/pets`)
  }
  expect(verdict(report, 'query-parameters')?.actual).toMatch(
    /nor with limit=1$/,
  )
})

it('prefer-return: passes a server that honours Prefer, fails one whose Preference-Applied says minimal over a record, notes one that ignores it', async () => {
  const honoured = verdict(
    await check({ prefer: 'honoured' }, ['prefer-return']),
    'prefer-return',
  )
  expect(honoured).toMatchObject({
    status: 'pass',
    reason:
      'Preference-Applied told the truth for return=minimal and return=representation',
  })
  await server!.close()
  server = undefined
  const lying = verdict(
    await check({ prefer: 'claims-minimal' }, ['prefer-return']),
    'prefer-return',
  )
  expect(lying?.status).toBe('fail')
  expect(lying?.expected).toMatch(/a minimal answer, without the record/)
  expect(lying?.actual).toMatch(/the body is the record anyway/)
  await server!.close()
  server = undefined
  const ignoring = verdict(await check({}, ['prefer-return']), 'prefer-return')
  expect(ignoring?.status).toBe('skip')
  expect(ignoring?.reason).toMatch(
    /ignores Prefer: return=… \(no Preference-Applied\): preferences are optional \(RFC 7240\)/,
  )
})

it('links-self compares the key the item route names: fails a read that answers another record, passes one that answers its own', async () => {
  const wrong = verdict(
    await check(
      { key: 'sku', selfLinks: true, readsAnother: true, location: false },
      ['links-self'],
      { allowWrites: false },
    ),
    'links-self',
  )
  expect(wrong).toMatchObject({
    status: 'fail',
    actual: 'another representation: sku "p2" instead of "p1"',
  })
  expect(wrong?.evidence.map((s) => s.request.url)).toEqual([
    `${server!.base}/pets/p1`,
  ])
  await server!.close()
  server = undefined
  const right = verdict(
    await check({ key: 'sku', selfLinks: true }, ['links-self'], {
      allowWrites: false,
    }),
    'links-self',
  )
  expect(right).toMatchObject({ status: 'pass' })
})

it('claims no deletion a GET does not confirm: a DELETE that keeps the record, a Location that names none', async () => {
  const kept = await check({ keepsDeleted: true }, ['created-reads-back'])
  expect(kept.cleanup).toEqual([
    {
      url: `${server!.base}/pets/p4`,
      status: 204,
      deleted: false,
      unconfirmed: true,
      reason: `DELETE ${server!.base}/pets/p4 answered 204, but a GET then answered 200: the record still reads back (a server that keeps no state answers so), so its deletion is not confirmed`,
    },
  ])
  expect(formatConsoleReport(kept)).toContain(
    'Deletion not confirmed (the DELETE answered, but the record still reads back or never read back)',
  )
  expect(formatConsoleReport(kept)).not.toContain('Not deleted')
  expect(formatJunitReport(kept)).toContain(
    `<testsuite name="clean-up" tests="0" failures="0" errors="0" skipped="0">\n    <system-out>deletion not confirmed: DELETE ${server!.base}/pets/p4 answered 204, but a GET then answered 200`,
  )
  await server!.close()
  server = undefined

  const example = await check({ exampleLocation: true }, ['created-reads-back'])
  expect(example.cleanup).toEqual([
    {
      url: `${server!.base}/pets/string`,
      status: 404,
      deleted: false,
      unconfirmed: true,
      reason: expect.stringMatching(
        /answered 404, and no read of it answered 200 during the run: the URL the create gave may name no record/,
      ),
    },
  ])
})

it('counts a record a rule deleted itself as deleted when the clean-up finds it gone', async () => {
  const report = await check({}, ['created-reads-back'])
  expect(report.cleanup).toEqual([
    { url: `${server!.base}/pets/p4`, status: 404, deleted: true },
  ])
  expect([...server!.records.keys()]).toEqual(['p1', 'p2', 'p3'])
})

it('merge-patch tries the PATCH the conventions prescribe when OPTIONS names no Allow, and judges what comes back', async () => {
  const merging = verdict(
    await check({ patch: 'merge' }, ['merge-patch']),
    'merge-patch',
  )
  expect(merging).toMatchObject({ status: 'pass', reason: null })
  expect(server!.seen).toEqual(
    expect.arrayContaining([
      'OPTIONS /pets/p4',
      'PATCH /pets/p4',
      'GET /pets/p4',
    ]),
  )
  await server!.close()
  server = undefined

  // json-server's way: any body is read as JSON and merged, a text/plain one included.
  const anyBody = verdict(
    await check({ patch: 'any-body' }, ['merge-patch']),
    'merge-patch',
  )
  expect(anyBody).toMatchObject({
    status: 'fail',
    expected: '415 for a PATCH whose body is text/plain',
    actual: expect.stringMatching(/^200 \(application\/json\)/),
  })
  expect(
    anyBody?.evidence.map(
      (step) =>
        `${step.request.method} ${step.request.headers['Content-Type'] ?? ''} ${step.response?.status}`,
    ),
  ).toEqual([
    'OPTIONS  204',
    'PATCH application/merge-patch+json 200',
    'PATCH text/plain 200',
  ])
})

it('header-values shows the create whose Location does not read back, and the read', async () => {
  const report = await check({ exampleLocation: true }, [
    'created-reads-back',
    'header-values',
  ])
  const rule = verdict(report, 'header-values')
  expect(rule).toMatchObject({
    status: 'fail',
    actual: expect.stringMatching(
      /Location: \/pets\/string of a new record does not read back/,
    ),
  })
  expect(
    rule?.evidence.map(
      (step) =>
        `${step.request.method} ${new URL(step.request.url).pathname} ${step.response?.status}`,
    ),
  ).toEqual(['POST /pets 201', 'GET /pets/string 404'])
})

it('creates with a body the request schema accepts: patterns, enums, formats and lengths, when the example falls short', async () => {
  const report = await check({ strictInput: true }, ['created-reads-back'])
  expect(verdict(report, 'created-reads-back')).toMatchObject({
    status: 'pass',
  })
  expect(report.createBodies).toEqual([
    { collection: `${server!.base}/pets`, from: 'schema', note: null },
  ])
  // Every create the checker sent was accepted: no 422 on the way.
  expect(report.writes.filter((w) => w.method === 'POST')).toEqual([
    expect.objectContaining({ status: 201 }),
  ])
  expect([...server!.records.keys()]).toEqual(['p1', 'p2', 'p3'])
})

it('names the fields a refused create lists in the skip of every rule that needed the record', async () => {
  const report = await check({ undescribedOwner: true }, [
    'created-reads-back',
    'prefer-return',
  ])
  for (const id of ['created-reads-back', 'prefer-return'] as const)
    expect(verdict(report, id)).toMatchObject({
      status: 'skip',
      reason: `could not create a record to test with: POST ${server!.base}/pets answered 422 to the description's example and to a real item's values; the refusal names /owner`,
    })
})

it('fails created-reads-back on a 5xx to a well-formed create; the rules that needed the record skip and say where to look', async () => {
  const report = await check({ createFails: true }, [
    'created-reads-back',
    'prefer-return',
  ])
  const create = verdict(report, 'created-reads-back')
  expect(create).toMatchObject({
    status: 'fail',
    expected: `a 2xx for POST ${server!.base}/pets with the description's example`,
    actual: '500 (text/plain): Internal Server Error',
  })
  expect(
    create?.evidence.map((s) => `${s.request.method} ${s.response?.status}`),
  ).toEqual(['POST 500'])
  expect(verdict(report, 'prefer-return')).toMatchObject({
    status: 'skip',
    reason: `could not create a record to test with: POST ${server!.base}/pets answered 500 to the description's example, a server error (created-reads-back fails on it)`,
  })
})

it('skips merge-patch where the description documents no PATCH for the record, before asking the server', async () => {
  const report = await check({}, ['merge-patch'])
  expect(verdict(report, 'merge-patch')).toMatchObject({
    status: 'skip',
    reason: `the description documents no PATCH for ${server!.base}/pets/p4 (its item route)`,
  })
  expect(server!.seen.filter((s) => /^(OPTIONS|PATCH) /.test(s))).toEqual([])
})

it('asks for an unknown UUID where the records are keyed by UUIDs, so a server that checks the format still looks it up', async () => {
  const report = await check({ uuidKeys: true }, ['not-found-404'], {
    allowWrites: false,
  })
  expect(verdict(report, 'not-found-404')).toMatchObject({ status: 'pass' })
  expect(server!.seen).toContain(
    'GET /pets/ffffffff-ffff-4fff-bfff-ffffffffffff',
  )
})

it('finds the items of a list keyed by petId without a description, so their rules judge rather than skip', async () => {
  server = await startPetsServer({ key: 'petId' })
  const report = await runChecks({
    baseUrl: server.base,
    paths: ['/pets'],
    rules: ['links-self', 'not-found-404'],
  })
  expect(reportSchemaErrors(report)).toEqual([])
  expect(report.discovery.items).toEqual([
    `${server.base}/pets/p1`,
    `${server.base}/pets/p2`,
    `${server.base}/pets/p3`,
  ])
  // Its items carry no self link: a fail, no longer a skip for want of items.
  expect(verdict(report, 'links-self')).toMatchObject({
    status: 'fail',
    expected: 'a _links.self on every item',
  })
  expect(verdict(report, 'not-found-404')).toMatchObject({ status: 'pass' })
})

it('counts a record deleted when the read after its DELETE answers it as deleted (Stripe’s { deleted: true })', async () => {
  const report = await check({ tombstones: true }, ['prefer-return'])
  expect(report.cleanup).toEqual([
    { url: `${server!.base}/pets/p5`, status: 204, deleted: true },
    { url: `${server!.base}/pets/p4`, status: 204, deleted: true },
  ])
})

it('does not settle an unanswered create whose record still reads back after its DELETE', async () => {
  const report = await check(
    {
      key: 'username',
      clientKey: true,
      createThenHang: true,
      keepsDeleted: true,
    },
    ['created-reads-back'],
    { requestTimeoutMs: 300 },
  )
  expect(report.cleanup).toEqual([
    {
      url: `${server!.base}/pets/rex`,
      status: 204,
      deleted: false,
      unconfirmed: true,
      unanswered: true,
      reason: expect.stringMatching(
        /got no answer .*: the record \S+\/pets\/rex \(the key it sent\) was sent a DELETE that answered 204, but it still reads back; remove it by hand$/,
      ),
    },
  ])
  expect(formatConsoleReport(report)).toContain('0 settled')
})

it('writes only where the description documents the write: a search path is no create, though a templated item path takes POST (Petstore)', async () => {
  const report = await check(
    { searchOnly: true },
    [
      'forbidden-403',
      'malformed-json-400',
      'validation-all-fields',
      'idempotency-in-flight',
      'created-reads-back',
    ],
    { token: 'pets-token', tokenReadonly: 'pets-readonly' },
  )
  // POST /pets/{id} is an update of a pet: /pets/findByStatus is a path of its own, with GET alone.
  expect(server!.seen.filter((line) => line.startsWith('POST '))).toEqual([])
  expect(Object.fromEntries(report.rules.map((r) => [r.id, r.status]))).toEqual(
    {
      'created-reads-back': 'skip',
      'forbidden-403': 'skip',
      'idempotency-in-flight': 'skip',
      'malformed-json-400': 'skip',
      'validation-all-fields': 'skip',
    },
  )
  for (const rule of report.rules)
    expect(rule.reason, rule.id).toMatch(
      /^found no collection that accepts a POST/,
    )
})

it('reads the items of a search at their own item route, beside the search (Petstore)', async () => {
  const report = await check({ searchOnly: true }, [
    'not-found-404',
    'conditional-requests',
  ])
  // The search lists pets; each lives at /pets/{id}, not under /pets/findByStatus.
  const reads = server!.seen.filter((line) => line.startsWith('GET /pets/'))
  expect(reads.some((line) => /^GET \/pets\/findByStatus\/./.test(line))).toBe(
    false,
  )
  expect(reads).toContain('GET /pets/hypermock-check-missing')
  const notFound = verdict(report, 'not-found-404')
  expect(notFound?.status, notFound?.reason ?? '').toBe('pass')
  // A true verdict now, where it skipped before: this server's items carry no validator.
  const conditional = verdict(report, 'conditional-requests')
  expect(conditional?.status).toBe('fail')
  expect(conditional?.actual).toBe('neither header')
  const urls = conditional!.evidence.map((step) => step.request.url)
  expect(urls.length).toBeGreaterThan(0)
  for (const url of urls) expect(url).toMatch(/\/pets\/(?!findByStatus)[^/]+$/)
})

it('validation-all-fields makes a member the schema describes invalid when the example sends only one, and fails a 422 without errors', async () => {
  // The create's example sends a name alone; the schema also takes a nickname.
  const report = await check({ patch: 'merge' }, ['validation-all-fields'])
  const rule = verdict(report, 'validation-all-fields')
  expect(rule?.status, rule?.reason ?? '').toBe('fail')
  expect(rule?.expected).toBe(
    '422 (or the 400 the description documents) with errors naming "name" and "nickname", each with field and message',
  )
  expect(rule?.actual).toMatch(/^422 without an errors array/)
})

it.each([
  ['string', 'fail'],
  ['50', 'fail'],
  ['"default";t=30', 'fail'],
  ['"default";r=9;t=30', 'pass'],
  ['limit=100, remaining=9, reset=30', 'pass'],
])(
  'header-values reads RateLimit: %s by its grammar (%s)',
  async (value, status) => {
    const report = await check({ rateLimit: value }, ['header-values'])
    const rule = verdict(report, 'header-values')
    expect(rule?.status, rule?.actual ?? rule?.reason ?? '').toBe(status)
    if (status === 'fail') expect(rule?.actual).toContain(`RateLimit: ${value}`)
  },
)

it('masks a credential where it stands whole, and leaves the URLs a short one is part of as they are', async () => {
  // unauthenticated-401 fails here (no credential is checked): its evidence prints curl lines.
  const report = await check({}, ['unauthenticated-401'], {
    token: 't',
    tokenReadonly: 'p',
  })
  const text = formatConsoleReport(report)
  expect(text).toContain(`curl -i '${server!.base}/pets'`)
  expect(text).not.toContain('$TOKEN')
  // Where it stands whole, it is masked: a header, a JSON string, a query value.
  const { mask } = createCredentials({
    token: 't',
    tokenReadonly: 'p',
  } as never)
  expect(mask('Bearer t {"token":"t"} http://x.test/?key=t&tail=tt')).toBe(
    'Bearer $TOKEN {"token":"$TOKEN"} http://x.test/?key=$TOKEN&tail=tt',
  )
})

it('problem-details, run alone, provokes a 404 at a path below the base URL, and judges it', async () => {
  // The base URL is the origin: its path is `/`, which the missing path goes below once.
  const report = await check({}, ['problem-details'])
  expect(server!.seen).toContain('GET /hypermock-check-no-such-resource')
  const rule = verdict(report, 'problem-details')
  expect(rule?.status, rule?.reason ?? '').toBe('fail')
  expect(rule?.actual).toContain('"detail" is missing')
})

it('says that a --token sent as Bearer was refused, and the scheme the description asks for, when discovery reads nothing', async () => {
  server = await startPetsServer({ basicAuth: true })
  const report = await runChecks({
    baseUrl: server.base,
    openapi: `${server.base}/openapi.json`,
    token: 'pets-token',
  })
  expect(report.exitCode).toBe(2)
  expect(report.error).toContain(
    `${server.base}/pets answered 401 to the --token credential, sent as Authorization: Bearer; the description asks for HTTP Basic, which check does not send`,
  )
  expect(report.error).not.toContain('give a credential')
})
