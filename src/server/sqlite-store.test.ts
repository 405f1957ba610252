import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { describeStore } from '../../tests/support/store-suite.ts'
import type { MockStore } from '../mock-server/store/mock-store.ts'
import { SqliteStore } from './sqlite-store.ts'

const dir = mkdtempSync(join(tmpdir(), 'hypermock-sqlite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const files = new WeakMap<MockStore, string>()
let count = 0

describeStore('SQLite', {
  async open() {
    const file = join(dir, `store-${++count}.db`)
    const store = await SqliteStore.open(file)
    files.set(store, file)
    return store
  },
  async reopen(store) {
    await store.close()
    const file = files.get(store)!
    const next = await SqliteStore.open(file)
    files.set(next, file)
    return next
  },
})

test('a second process on the same file gets a clear error while the first holds it', async () => {
  const file = join(dir, 'locked.db')
  const first = await SqliteStore.open(file)
  await expect(SqliteStore.open(file)).rejects.toThrow(
    /another process is using it/,
  )
  first.close()
  const second = await SqliteStore.open(file)
  second.close()
})
