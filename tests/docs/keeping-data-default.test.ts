import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { z } from 'zod'
import { defineApi, defineResource } from '../../src/index.ts'
import { startServer, type ServerOptions } from '../../src/server/index.ts'
import { SqliteStore } from '../../src/server/sqlite-store.ts'

// The declaration a data file was written with: guests with a name only.
const before = defineApi({
  name: 'hotel',
  resources: {
    guests: defineResource({
      schema: z.strictObject({ id: z.number().int(), name: z.string().min(1) }),
      seed: [{ name: 'Ada' }],
    }),
  },
})

// The next version of the declaration: a new required member, with a default.
const guests = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1),
    // Rows stored without `language` load with 'en'; a POST without it gets 'en' too.
    language: z.enum(['en', 'fr', 'de']).default('en'),
  }),
  seed: [{ name: 'Ada' }],
})
const after = defineApi({ name: 'hotel', resources: { guests } })

// The same member without a default: the rows stored before it do not fit.
const withoutDefault = defineApi({
  name: 'hotel',
  resources: {
    guests: defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        name: z.string().min(1),
        language: z.enum(['en', 'fr', 'de']),
      }),
      seed: [{ name: 'Ada', language: 'en' }],
    }),
  },
})

const dir = mkdtempSync(join(tmpdir(), 'hypermock-default-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const headers = {
  Authorization: 'Bearer guest-token',
  'Content-Type': 'application/json',
}

/** `serve --data <file>` in this process: the declaration on a SQLite file, over HTTP. */
async function serve(api: NonNullable<ServerOptions['api']>, file: string) {
  return startServer({ api, store: await SqliteStore.open(file), port: 0 })
}

test('a required member added with .default() loads rows stored without it (keeping-data.md)', async () => {
  const file = join(dir, 'hotel.db')
  const first = await serve(before, file)
  const created = await fetch(`${first.url}/api/guests`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Grace' }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await first.close()

  // Without the default, the stored rows no longer fit: the server refuses to start.
  const store = await SqliteStore.open(file)
  await expect(
    startServer({ api: withoutDefault, store, port: 0 }),
  ).rejects.toThrow(/2 stored rows no longer fit[\s\S]*language/)
  store.close()

  const second = await serve(after, file)
  try {
    const stored = await fetch(`${second.url}/api/guests/${id}`, { headers })
    expect(stored.status).toBe(200)
    expect(await stored.json()).toMatchObject({ name: 'Grace', language: 'en' })
    const list = await fetch(`${second.url}/api/guests`, { headers })
    const { items } = (await list.json()) as { items: { language: string }[] }
    expect(items.map((guest) => guest.language)).toEqual(['en', 'en'])
    const added = await fetch(`${second.url}/api/guests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Lin', language: 'fr' }),
    })
    expect(await added.json()).toMatchObject({ language: 'fr' })
  } finally {
    await second.close()
  }
  // The file keeps no copy of the default: each start fills it in again.
  const again = await SqliteStore.open(file)
  const stored = (await again.load())!.tables['guests']!
  again.close()
  expect(stored.find((row) => row.id === id)).not.toHaveProperty('language')
})
