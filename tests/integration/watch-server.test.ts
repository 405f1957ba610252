import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const CLI = fileURLToPath(new URL('../../src/server/cli.ts', import.meta.url))
const HOTEL = fileURLToPath(
  new URL('../fixtures/hotel/small-hotel-api.ts', import.meta.url),
)
const dir = mkdtempSync(join(tmpdir(), 'hypermock-watch-'))
let child: ChildProcess | undefined
afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const headers = {
  Authorization: 'Bearer guest-token',
  'Content-Type': 'application/json',
}
const extraFile = join(dir, 'extra.ts')
const writeExtra = (body: string) => writeFileSync(extraFile, body)

/** Polls until `ready` answers true; resolves with the milliseconds it took. */
async function within(ms: number, ready: () => Promise<boolean>) {
  const start = performance.now()
  while (performance.now() - start < ms) {
    if (await ready()) return performance.now() - start
    await new Promise((done) => setTimeout(done, 25))
  }
  throw new Error(`not within ${ms} ms`)
}

test('--watch serves an edit of a file the declaration imports within 2 s, rows kept; a broken edit keeps the old one', async () => {
  const config = join(dir, 'hotel.config.ts')
  writeFileSync(
    config,
    `import { defineApi } from 'hypermock-api'
import { rooms, bookings } from ${JSON.stringify(HOTEL)}
import { extra } from './extra.ts'
export default defineApi({ name: 'hotel', resources: { rooms, bookings, ...extra } })
`,
  )
  writeExtra('export const extra = {}\n')
  child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--config', config, '--watch'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await within(60_000, async () => /listening on http/.test(stdout))
  const url = /listening on (http:\/\/\S+)/.exec(stdout)![1]!

  const created = await fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ roomId: 1, guest: 'Grace', nights: 3 }),
  })
  expect(created.status).toBe(201)
  const booking = await created.text()
  const { id } = JSON.parse(booking) as { id: number }
  expect((await fetch(`${url}/api/guests`, { headers })).status).toBe(404)

  writeExtra(
    `import { guests } from ${JSON.stringify(HOTEL)}\nexport const extra = { guests }\n`,
  )
  const took = await within(2_000, async () => {
    const response = await fetch(`${url}/api/guests`, { headers })
    return response.status === 200
  })
  expect(took).toBeLessThan(2_000)
  const kept = await fetch(`${url}/api/bookings/${id}`, { headers })
  expect(kept.status).toBe(200)
  expect(await kept.text()).toBe(booking)

  writeExtra('export const extra = {\n')
  await within(5_000, async () => /was not loaded/.test(stderr))
  expect(stderr).toMatch(/previous one keeps serving/)
  expect((await fetch(`${url}/api/guests`, { headers })).status).toBe(200)
  expect((await fetch(`${url}/api/bookings/${id}`, { headers })).status).toBe(
    200,
  )
}, 90_000)
