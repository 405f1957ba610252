import { expect, test } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from 'hypermock-api'
import {
  MemoryStore,
  StoredRowsMismatchError,
  emptyChangeSet,
} from 'hypermock-api/store'
import { startServer } from '../../../src/server/index.ts'

const notes = defineApi({
  name: 'notes',
  auth: false,
  resources: {
    notes: defineResource({
      schema: z.strictObject({ id: z.number().int(), text: z.string() }),
      seed: [{ text: 'Seeded' }],
    }),
  },
})

const read = (id: number) => new Request(`http://localhost/api/notes/${id}`)

test('stored rows the declaration refuses reject ready and every request, and leave the store as it was', async () => {
  const store = new MemoryStore()
  const changes = emptyChangeSet()
  changes.rows.set('notes', new Map([[1, { id: 1, text: 7 }]]))
  store.commit(changes)
  const api = createMockApi({ api: notes, store })
  await expect(api.store.ready).rejects.toBeInstanceOf(StoredRowsMismatchError)
  await expect(api.fetch(read(1))).rejects.toThrow(
    /Failed to load the stored data \(memory\).*notes 1: text/s,
  )
  expect(store.load()?.tables).toEqual({ notes: [{ id: 1, text: 7 }] })
  await api.store.close()
})

test("dataMismatch 'reset' starts the store again from the seed rows", async () => {
  const store = new MemoryStore()
  const changes = emptyChangeSet()
  changes.rows.set('notes', new Map([[1, { id: 1, text: 7 }]]))
  store.commit(changes)
  const api = createMockApi({ api: notes, store, dataMismatch: 'reset' })
  const { started, report } = await api.store.ready
  expect(started).toBe('empty')
  expect(report?.problems.map((problem) => problem.id)).toEqual([1])
  expect(await (await api.fetch(read(1))).json()).toMatchObject({
    text: 'Seeded',
  })
  expect(store.load()?.tables.notes).toMatchObject([{ id: 1, text: 'Seeded' }])
})

test('a server given an instance takes no store of its own: the instance has its home', async () => {
  await expect(
    startServer({
      api: createMockApi(),
      store: new MemoryStore(),
      port: 0,
    }),
  ).rejects.toThrow(/Pass the store to createMockApi\(\{ store \}\)/)
})
