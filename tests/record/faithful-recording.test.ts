import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type { Exchange } from '../../src/record/exchange.ts'
import { recordExchanges, writeRecording } from '../../src/record/record.ts'
import { loadConfig } from '../../src/server/load-config.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const CLI = path.join(root, 'src/server/cli.ts')
// Written inside the repository, as in a user's project: the declaration imports zod.
mkdirSync(path.join(root, 'test-results/record'), { recursive: true })
const dir = mkdtempSync(path.join(root, 'test-results/record/faithful-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const origin = 'https://clinic.example'

function exchange(
  method: string,
  url: string,
  status: number,
  responseBody?: unknown,
  requestBody?: unknown,
): Exchange {
  return {
    source: `${method} ${url}`,
    method,
    url: new URL(url, origin),
    status,
    requestHeaders: [],
    requestBody,
    requestContentType: requestBody === undefined ? null : 'application/json',
    responseHeaders: [],
    responseBody,
    responseContentType: responseBody === undefined ? null : 'application/json',
  }
}

let recordings = 0

/** The recorded declaration, served in process as `serve --config` would load it. */
async function servedRecording(exchanges: Exchange[]) {
  const out = path.join(dir, String(++recordings))
  await writeRecording(exchanges, out)
  const api = createMockApi({ api: await loadConfig(path.join(out, 'api.ts')) })
  return (method: string, url: string, body: unknown, type = 'json') =>
    api.fetch(
      new Request(`http://localhost${url}`, {
        method,
        headers: { 'Content-Type': `application/${type}` },
        body: JSON.stringify(body),
      }),
    )
}

// Loading a declaration (jiti) and starting the CLI take seconds on a busy machine.
describe(
  'a recorded mock accepts what the backend accepted',
  { timeout: 60_000 },
  () => {
    it('takes a create without a member some records lack, though every recorded create sent it', async () => {
      const send = await servedRecording([
        exchange('GET', '/pets', 200, [
          { id: 1, name: 'Rex', chip: 'A-1' },
          { id: 2, name: 'Tom' },
        ]),
        exchange(
          'POST',
          '/pets',
          201,
          { id: 3, name: 'Kit', chip: 'B-2' },
          { name: 'Kit', chip: 'B-2' },
        ),
      ])
      // Pet 2 has no chip: the backend stores pets without one.
      const created = await send('POST', '/pets', { name: 'Bo' })
      expect(created.status, await created.clone().text()).toBe(201)
      expect(await created.json()).toMatchObject({ name: 'Bo' })
    })

    it('merges a patch into a record whose required member is stored as null', async () => {
      const visit = (id: number, endedAt: string | null, note = 'x') => ({
        id,
        note,
        endedAt,
      })
      const send = await servedRecording([
        exchange('GET', '/visits', 200, [
          visit(1, null),
          visit(2, '2026-01-02T10:00:00Z'),
        ]),
        exchange(
          'PATCH',
          '/visits/2',
          200,
          visit(2, '2026-01-02T10:00:00Z', 'y'),
          {
            note: 'y',
          },
        ),
      ])
      const patched = await send(
        'PATCH',
        '/visits/1',
        { note: 'limping' },
        'merge-patch+json',
      )
      expect(patched.status, await patched.clone().text()).toBe(200)
      expect(await patched.json()).toMatchObject({
        id: 1,
        note: 'limping',
        endedAt: null,
      })
    })
  },
)

describe('what a recording infers, and why', { timeout: 60_000 }, () => {
  it("keeps a resource's status its own: another resource's status values never join its enum", () => {
    const visits = ['scheduled', 'done', 'scheduled', 'done'].map(
      (status, i) => ({ id: i + 1, status }),
    )
    const invoices = ['paid', 'unpaid', 'paid', 'unpaid'].map((status, i) => ({
      id: i + 1,
      status,
    }))
    const { api, source } = recordExchanges([
      exchange('GET', '/visits', 200, visits),
      exchange('GET', '/invoices', 200, invoices),
    ])
    const schemaOf = (name: string) =>
      new RegExp(`const ${name}Schema = [^]*?\\n\\}\\)`).exec(source)?.[0]
    expect(schemaOf('visits')).toContain('status: z.enum(["scheduled","done"])')
    expect(schemaOf('invoices')).toContain('status: z.enum(["paid","unpaid"])')
    expect(api.resources.every((r) => !('status' in r.enums))).toBe(true)
  })

  it('says a seed row was left out because its related record was never read, not created', () => {
    const { api } = recordExchanges([
      exchange('GET', '/owners', 200, [{ id: 1, name: 'Ann' }]),
      exchange('GET', '/pets', 200, [
        { id: 1, name: 'Rex', ownerId: 1 },
        { id: 2, name: 'Tom', ownerId: 7 },
      ]),
    ])
    expect(api.resources.find((r) => r.name === 'pets')?.seed).toEqual([
      { id: 1, name: 'Rex', ownerId: 1 },
    ])
    const note = api.notes.find((n) => n.includes('pets row(s)'))
    expect(note).toContain('names a owners record the recording never read (7)')
    expect(note).not.toContain('created during the recording')
  })

  it('an empty HAR fails with a clear message and writes nothing', () => {
    const har = path.join(dir, 'empty.har')
    writeFileSync(har, JSON.stringify({ log: { entries: [] } }))
    const out = path.join(dir, 'empty-out')
    const run = spawnSync(
      process.execPath,
      [CLI, 'record', '--har', har, '--out', out],
      { encoding: 'utf8' },
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'Failed to write a declaration: the traffic holds no exchange, so there is no resource to declare and nothing was written.',
    )
    expect(existsSync(out)).toBe(false)
  })
})
