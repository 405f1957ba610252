import type { Database } from '../mock-server/store/database.ts'
import type { IdempotencyRecord } from '../mock-server/store/types.ts'
import {
  CHUNK_ROWS,
  chunkOf,
  IDEMPOTENCY,
  type StoreChanges,
  type StoreName,
} from './mock-store.ts'

type Rows = ReadonlyMap<number | string, unknown>

interface Saved {
  /** The live map last saved, to notice when a restore or reset replaced it whole. */
  source: Rows | null
  rows: Map<number | string, unknown>
}

function completedKeys(db: Database): Map<string, IdempotencyRecord> {
  const keys = new Map<string, IdempotencyRecord>()
  // In-flight keys belong to requests still running; only finished ones are state.
  for (const [scope, record] of db.idempotency)
    if (record.state === 'completed') keys.set(scope, record)
  return keys
}

function groupByChunk(rows: Rows): Map<number, unknown[]> {
  const chunks = new Map<number, unknown[]>()
  for (const [key, row] of rows) {
    const chunk = chunkOf(key)
    const list = chunks.get(chunk)
    if (list) list.push(row)
    else chunks.set(chunk, [row])
  }
  return chunks
}

/** Every row a chunk holds now (none: the chunk is deleted). */
function rowsOfChunk(rows: Rows, chunk: number): unknown[] {
  const found: unknown[] = []
  const [first] = rows.keys()
  if (typeof first === 'number') {
    for (let id = chunk * CHUNK_ROWS; id < (chunk + 1) * CHUNK_ROWS; id++) {
      const row = rows.get(id)
      if (row !== undefined) found.push(row)
    }
    return found
  }
  for (const [key, row] of rows) if (chunkOf(key) === chunk) found.push(row)
  return found
}

/**
 * Finds what changed in the mock's data since the last save, by reference: the core never mutates
 * a row in place (an update stores a new object), and a restore or reset builds new tables. So a
 * save compares pointers, about 1 ms for 100,000 orders, and rewrites only the chunks (of 500 rows)
 * holding a changed row, instead of serialising the whole state.
 */
export class ChangeTracker {
  private saved = new Map<StoreName, Saved>()

  /** `tables`: the declaration's tables, each kept in the store under its name. */
  private readonly tables: readonly string[]
  constructor(tables: readonly string[]) {
    this.tables = tables
  }

  /** Marks the current data as saved (after loading it from the store). */
  markSaved(db: Database) {
    const next = this.diff(db)
    next.commit()
  }

  /** The changes to write, and `commit` to call once they are stored. */
  diff(db: Database): {
    stores: StoreChanges['stores']
    commit(): void
  } {
    const stores: StoreChanges['stores'] = {}
    const commits: (() => void)[] = []
    const live: [StoreName, Rows, Rows][] = [
      ...this.tables.map((name): [StoreName, Rows, Rows] => [
        name,
        db.table(name).rows,
        db.table(name).rows,
      ]),
      [IDEMPOTENCY, db.idempotency, completedKeys(db)],
    ]
    for (const [name, source, rows] of live) {
      const saved = this.saved.get(name)
      if (!saved || saved.source !== source) {
        const copy = new Map(rows)
        stores[name] = { replace: true, chunks: [...groupByChunk(copy)] }
        commits.push(() => this.saved.set(name, { source, rows: copy }))
        continue
      }
      const put: [number | string, unknown][] = []
      const remove: (number | string)[] = []
      let added = 0
      for (const [key, row] of rows) {
        const before = saved.rows.get(key)
        if (before === row) continue
        if (before === undefined) added += 1
        put.push([key, row])
      }
      // Some saved key is gone only when fewer of them remain than were saved.
      if (rows.size - added < saved.rows.size) {
        for (const key of saved.rows.keys())
          if (!rows.has(key)) remove.push(key)
      }
      if (put.length === 0 && remove.length === 0) continue
      const dirty = new Set(
        [...put.map(([key]) => key), ...remove].map(chunkOf),
      )
      stores[name] = {
        replace: false,
        chunks: [...dirty].map((chunk) => [chunk, rowsOfChunk(rows, chunk)]),
      }
      commits.push(() => {
        for (const [key, row] of put) saved.rows.set(key, row)
        for (const key of remove) saved.rows.delete(key)
      })
    }
    return { stores, commit: () => commits.forEach((commit) => commit()) }
  }
}
