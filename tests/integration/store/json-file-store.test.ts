import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from 'hypermock-api'
import { runStoreSuite, storeAt } from 'hypermock-api/store'
import { JsonFileStore } from './json-file-store.ts'

// A store written against the public entry alone (`hypermock-api/store`), as a user would write one.
const temp = mkdtempSync(join(tmpdir(), 'hypermock-json-store-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

runStoreSuite(
  { describe, test, expect, afterEach },
  {
    name: 'JSON files',
    ...storeAt(
      () => mkdtempSync(join(temp, 'store-')),
      (dir) => JsonFileStore.open(dir),
    ),
  },
)

const notes = defineApi({
  name: 'notes',
  auth: false,
  resources: {
    notes: defineResource({
      schema: z.strictObject({ id: z.number().int(), text: z.string() }),
      create: z.strictObject({ text: z.string() }),
    }),
  },
})

test('a mock on JSON files keeps a created row for the next mock on the same folder', async () => {
  const dir = mkdtempSync(join(temp, 'notes-'))
  const first = createMockApi({
    api: notes,
    store: await JsonFileStore.open(dir),
  })
  const created = await first.fetch(
    new Request('http://localhost/api/notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Keep me' }),
    }),
  )
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await first.store.close()
  const current = readFileSync(join(dir, 'current'), 'utf8')
  // One file per resource: the row is there, in plain JSON.
  expect(
    JSON.parse(readFileSync(join(dir, current, 'notes.json'), 'utf8')),
  ).toEqual([[id, { id, text: 'Keep me' }]])

  const second = createMockApi({
    api: notes,
    store: await JsonFileStore.open(dir),
  })
  expect((await second.store.ready).started).toBe('loaded')
  const read = await second.fetch(
    new Request(`http://localhost/api/notes/${id}`),
  )
  expect(read.status).toBe(200)
  expect(await read.json()).toMatchObject({ id, text: 'Keep me' })
  await second.store.close()
})
