import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, expect, test } from 'vitest'

const CLI = fileURLToPath(new URL('../../src/server/cli.ts', import.meta.url))
const HOTEL = fileURLToPath(
  new URL('../fixtures/hotel/small-hotel-api.ts', import.meta.url),
)
const dir = mkdtempSync(join(tmpdir(), 'hypermock-durable-'))
const children = new Set<ChildProcess>()
afterEach(() => {
  for (const child of children) child.kill('SIGKILL')
  children.clear()
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Starts `serve` in a child process; resolves with its URL once it listens. */
function serve(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.add(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve({ child, url: match[1]! })
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) =>
      reject(new Error(`serve exited (${code}) before listening:\n${output}`)),
    )
  })
}

const headers = {
  Authorization: 'Bearer guest-token',
  'Content-Type': 'application/json',
}
const bookingOf = (i: number) =>
  JSON.stringify({
    roomId: 1 + (i % 2),
    guest: `Guest ${i}`,
    nights: 1 + (i % 5),
  })

test('kill -9 during a burst of keyed POSTs loses no acknowledged write, and every key replays its bytes', async () => {
  const config = join(dir, 'hotel.config.ts')
  writeFileSync(
    config,
    `import { hotelApi } from ${JSON.stringify(HOTEL)}\nexport default hotelApi\n`,
  )
  const data = join(dir, 'hotel.db')
  const first = await serve(['--config', config, '--data', data])

  const acknowledged = new Map<number, { status: number; body: string }>()
  let sent = 0
  let killed = false
  const send = async (i: number) => {
    try {
      const response = await fetch(`${first.url}/api/bookings`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': `booking-${i}` },
        body: bookingOf(i),
      })
      const body = await response.text()
      acknowledged.set(i, { status: response.status, body })
    } catch {
      // The connection died with the server: not acknowledged.
    }
  }
  // Eight clients in a loop; the server is killed once 40 writes are acknowledged, mid-burst.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (!killed && sent < 400) {
        const i = sent++
        await send(i)
        if (!killed && acknowledged.size >= 40) {
          killed = true
          first.child.kill('SIGKILL')
        }
      }
    }),
  )
  expect(killed).toBe(true)
  expect(acknowledged.size).toBeGreaterThanOrEqual(40)
  if (first.child.exitCode === null && first.child.signalCode === null)
    await new Promise((done) => first.child.once('exit', done))

  const second = await serve(['--config', config, '--data', data])
  for (const [i, created] of acknowledged) {
    expect(created.status).toBe(201)
    const replay = await fetch(`${second.url}/api/bookings`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': `booking-${i}` },
      body: bookingOf(i),
    })
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await replay.text()).toBe(created.body)
    const { id } = JSON.parse(created.body) as { id: number }
    const read = await fetch(`${second.url}/api/bookings/${id}`, { headers })
    expect(read.status).toBe(200)
    const row = (await read.json()) as Record<string, unknown>
    expect(row).toMatchObject(JSON.parse(bookingOf(i)) as object)
  }
  const state = (await (await fetch(`${second.url}/__mock/state`)).json()) as {
    bookings: Record<string, unknown>[]
    idempotencyKeys: { key: string; response: { body: string } }[]
  }
  // No partial row: every row has every member; and every row came with its key, in one commit.
  for (const row of state.bookings)
    expect(Object.keys(row).sort()).toEqual([
      'createdAt',
      'guest',
      'id',
      'nights',
      'roomId',
      'status',
      'updatedAt',
      'version',
    ])
  expect(state.idempotencyKeys).toHaveLength(state.bookings.length)
  expect(state.bookings.length).toBeGreaterThanOrEqual(acknowledged.size)
}, 90_000)
