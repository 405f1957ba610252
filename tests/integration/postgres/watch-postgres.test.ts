import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { sharedDatabase } from '../../support/shared-postgres.ts'
import { findPostgresBin } from './postgres-cluster.ts'

const CLI = fileURLToPath(
  new URL('../../../src/server/cli.ts', import.meta.url),
)
const HOTEL = fileURLToPath(
  new URL('../../fixtures/hotel/small-hotel-api.ts', import.meta.url),
)
const ZOD = import.meta.resolve('zod')
const bin = findPostgresBin()

const headers = {
  Authorization: 'Bearer guest-token',
  'Content-Type': 'application/json',
}

/** Polls until `ready` answers true; resolves with the milliseconds it took. */
async function within(ms: number, ready: () => Promise<boolean>) {
  const start = performance.now()
  while (performance.now() - start < ms) {
    if (await ready()) return performance.now() - start
    await new Promise((done) => setTimeout(done, 25))
  }
  throw new Error(`not within ${ms} ms`)
}

describe.skipIf(!bin)('serve --watch with --data postgres://…', () => {
  let child: ChildProcess | undefined
  const dir = mkdtempSync(join(tmpdir(), 'hypermock-watch-pg-'))
  afterAll(() => {
    child?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  test('a changed declaration reloads with the rows in PostgreSQL kept; rows that no longer fit are reported and the old one keeps serving', async () => {
    const { url: database, name, psql } = await sharedDatabase('hotel')
    const config = join(dir, 'hotel.config.ts')
    // Named after the database: the files beside the config are watched all the same.
    const extra = join(dir, `${name}-extra.ts`)
    writeFileSync(
      config,
      `import { defineApi } from 'hypermock-api'
import { rooms, bookings } from ${JSON.stringify(HOTEL)}
import { extra } from './${name}-extra.ts'
export default defineApi({ name: 'hotel', resources: { rooms, bookings, ...extra } })
`,
    )
    writeFileSync(extra, 'export const extra = {}\n')
    child = spawn(
      process.execPath,
      [
        CLI,
        'serve',
        '--port',
        '0',
        '--config',
        config,
        '--data',
        database,
        '--watch',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await within(60_000, async () => /listening on http/.test(stdout))
    const url = /listening on (http:\/\/\S+)/.exec(stdout)![1]!
    /** The bookings' ids and guests as PostgreSQL holds them. */
    const storedBookings = () =>
      psql(
        "SELECT body::json->>'id' || ' ' || (body::json->>'guest') FROM hypermock_rows WHERE tbl = 'bookings' ORDER BY ord",
      ).trim()

    const created = await fetch(`${url}/api/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ roomId: 1, guest: 'Grace', nights: 3 }),
    })
    expect(created.status).toBe(201)
    const booking = await created.text()
    const { id } = JSON.parse(booking) as { id: number }
    expect(storedBookings()).toBe(`${id} Grace`)
    expect((await fetch(`${url}/api/guests`, { headers })).status).toBe(404)

    writeFileSync(
      extra,
      `import { guests } from ${JSON.stringify(HOTEL)}\nexport const extra = { guests }\n`,
    )
    await within(5_000, async () => {
      const response = await fetch(`${url}/api/guests`, { headers })
      return response.status === 200
    })
    expect(stdout).toContain(`${name}-extra.ts changed; reloaded`)
    const kept = await fetch(`${url}/api/bookings/${id}`, { headers })
    expect(kept.status).toBe(200)
    expect(await kept.text()).toBe(booking)
    expect(storedBookings()).toBe(`${id} Grace`)
    // The reloaded mock writes to PostgreSQL as the first one did.
    const guest = await fetch(`${url}/api/guests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Lin' }),
    })
    expect(guest.status).toBe(201)
    expect(
      psql(
        "SELECT body::json->>'name' FROM hypermock_rows WHERE tbl = 'guests'",
      ).trim(),
    ).toBe('Lin')

    // Room names of three letters at most: the stored rooms (Garden, Tower) no longer fit.
    writeFileSync(
      extra,
      `import { defineResource } from 'hypermock-api'
import { z } from ${JSON.stringify(ZOD)}
import { guests } from ${JSON.stringify(HOTEL)}
const rooms = defineResource({
  schema: z.strictObject({ id: z.number().int(), name: z.string().max(3), beds: z.number().int(), createdAt: z.iso.datetime() }),
})
export const extra = { guests, rooms }
`,
    )
    await within(5_000, async () => /was not loaded/.test(stderr))
    expect(stderr).toMatch(/previous one keeps serving/)
    expect(stderr).toContain(
      '3 stored rows no longer fit the declaration:\n  rooms 1: name: Too big',
    )
    expect(stderr).toContain(
      '  bookings 1: roomId: names room 1, which exists but does not fit',
    )
    expect((await fetch(`${url}/api/rooms/1`, { headers })).status).toBe(200)
    expect(
      await (await fetch(`${url}/api/bookings/${id}`, { headers })).text(),
    ).toBe(booking)
    expect(storedBookings()).toBe(`${id} Grace`)
    expect(
      psql("SELECT count(*) FROM hypermock_rows WHERE tbl = 'rooms'").trim(),
    ).toBe('2')
  }, 90_000)
})
