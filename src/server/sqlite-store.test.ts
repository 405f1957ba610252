import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { runStoreSuite, storeAt } from '../store.ts'
import { SqliteStore } from './sqlite-store.ts'

const dir = mkdtempSync(join(tmpdir(), 'hypermock-sqlite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let count = 0

runStoreSuite(
  { describe, test, expect, afterEach },
  {
    name: 'SQLite',
    ...storeAt(
      () => join(dir, `store-${++count}.db`),
      (file) => SqliteStore.open(file),
    ),
  },
)

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
