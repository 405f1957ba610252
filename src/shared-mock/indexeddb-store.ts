import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb'
import type {
  AnyRecord,
  ChangeSet,
  Id,
  IdempotencyRecord,
  MockStore,
  StoredEvent,
  StoredSettings,
  StoredState,
} from '../store.ts'
import { MAX_STORED_EVENTS } from '../store.ts'
import { chunkOf } from './chunk-of.ts'
import type { LayoutSchema, RowEntry, StoredMeta } from './indexeddb-layout.ts'
import { migrateLayout } from './migrate-layout.ts'

export const LAYOUT_VERSION = 3
const STATE = 'state'
/** The event log's keys in `meta`: `event:` and the number, padded to sort as numbers do. */
const eventKey = (seq: number) => `event:${String(seq).padStart(16, '0')}`
/** Every key of the event log (made when asked: IDBKeyRange exists only where IndexedDB does). */
const eventRange = () => IDBKeyRange.bound('event:', 'event:~')

/** Every key of one table's chunks (arrays sort after numbers). */
const tableRange = (table: string) => IDBKeyRange.bound([table], [table, []])

const isEntry = (value: unknown): value is RowEntry =>
  Array.isArray(value) &&
  value.length === 3 &&
  (typeof value[0] === 'number' || typeof value[0] === 'string') &&
  typeof value[1] === 'number' &&
  typeof value[2] === 'string'

/**
 * The browser's store: a mock's state in one IndexedDB database (through `idb`), used by a shared
 * mock's leading tab and by a page's mock kept with `persist`. Each commit is one readwrite
 * transaction over every object store, so a change set lands whole or not at all (a quota error,
 * a tab closed mid-write); rows are kept as their JSON text, so a row loads member for member as it
 * was written, and tables keep their row order through each row's `seq`.
 *
 * @example
 * const store = await IndexedDbStore.open('hotel-mock')
 * const api = createMockApi({ api: hotel, store })
 */
export class IndexedDbStore implements MockStore {
  readonly description: string
  private readonly db: IDBPDatabase<LayoutSchema>

  private constructor(db: IDBPDatabase<LayoutSchema>, name: string) {
    this.db = db
    this.description = `IndexedDB "${name}"`
  }

  /** Opens (or creates) the database; a layout of an earlier version is moved over, rows kept. */
  static async open(name: string): Promise<IndexedDbStore> {
    if (typeof indexedDB === 'undefined')
      throw new Error('this browser has no IndexedDB')
    const db = await openDB<LayoutSchema>(name, LAYOUT_VERSION, {
      async upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion === 0) {
          database.createObjectStore('rows')
          database.createObjectStore('keys')
          database.createObjectStore('meta')
          return
        }
        await migrateLayout(
          database as unknown as IDBPDatabase<unknown>,
          oldVersion,
          transaction as unknown as IDBPTransaction<
            unknown,
            ArrayLike<string>,
            'versionchange'
          >,
        )
      },
      // Another tab opens a later layout: let it, this one's next write fails and says so.
      blocking() {
        db.close()
      },
    })
    return new IndexedDbStore(db, name)
  }

  private unreadable(why: string): Error {
    return new Error(
      `Failed to read the stored data (${this.description}): ${why}.`,
    )
  }

  async load(): Promise<StoredState | null> {
    const tx = this.db.transaction(['rows', 'keys', 'meta'], 'readonly')
    const [stateMeta, chunkKeys, chunks, keys, eventTexts] = await Promise.all([
      tx.objectStore('meta').get(STATE),
      tx.objectStore('rows').getAllKeys(),
      tx.objectStore('rows').getAll(),
      tx.objectStore('keys').getAll(),
      tx.objectStore('meta').getAll(eventRange()),
    ])
    const meta = stateMeta as StoredMeta | undefined
    await tx.done
    if (meta === undefined) {
      if (chunks.length === 0 && keys.length === 0) return null
      throw this.unreadable('rows were stored without their settings')
    }
    const byTable = new Map<string, RowEntry[]>()
    for (const [i, [table]] of chunkKeys.entries()) {
      const chunk = chunks[i]
      if (!Array.isArray(chunk) || !chunk.every(isEntry))
        throw this.unreadable(
          `a stored chunk of "${table}" is not a list of rows`,
        )
      const list = byTable.get(table)
      if (list) list.push(...chunk)
      else byTable.set(table, [...chunk])
    }
    try {
      const tables: Record<string, AnyRecord[]> = {}
      for (const [table, entries] of byTable)
        tables[table] = entries
          .sort((a, b) => a[1] - b[1])
          .map(([, , json]) => JSON.parse(json) as AnyRecord)
      return {
        tables,
        idempotencyKeys: keys.map(
          (json) => JSON.parse(json) as IdempotencyRecord,
        ),
        settings:
          meta.settings === null
            ? null
            : (JSON.parse(meta.settings) as StoredSettings),
        events: eventTexts.map(
          (text) => JSON.parse(text as string) as StoredEvent,
        ),
      }
    } catch (error) {
      throw this.unreadable((error as Error).message)
    }
  }

  async commit(changes: ChangeSet): Promise<void> {
    // Serialised first: a row that cannot be written fails the commit before anything changes.
    const tables = [...changes.rows].map(([table, written]) => {
      const byChunk = new Map<number, [Id, string | null][]>()
      for (const [id, row] of written) {
        const chunk = chunkOf(id)
        let list = byChunk.get(chunk)
        if (!list) byChunk.set(chunk, (list = []))
        list.push([id, row === null ? null : JSON.stringify(row)])
      }
      return [table, byChunk] as const
    })
    const keys = [...changes.keys].map(
      ([scope, record]) =>
        [scope, record === null ? null : JSON.stringify(record)] as const,
    )
    const settings =
      changes.settings === null ? null : JSON.stringify(changes.settings)
    const events = (changes.events ?? []).map(
      (event) => [event.seq, JSON.stringify(event)] as const,
    )

    const tx = this.db.transaction(['rows', 'keys', 'meta'], 'readwrite')
    try {
      const rows = tx.objectStore('rows')
      const meta = ((await tx.objectStore('meta').get(STATE)) as
        | StoredMeta
        | undefined) ?? {
        seq: 0,
        settings: null,
      }
      for (const table of changes.replaced) await rows.delete(tableRange(table))
      for (const [table, byChunk] of tables) {
        const replaced = changes.replaced.has(table)
        for (const [chunk, written] of byChunk) {
          // A replaced table's chunks were just deleted: nothing to read back.
          const entries = replaced
            ? []
            : ((await rows.get([table, chunk])) ?? [])
          const at = new Map(entries.map((entry, i) => [entry[0], i]))
          const gone = new Set<Id>()
          for (const [id, json] of written) {
            const i = at.get(id)
            if (json === null) gone.add(id)
            else if (i === undefined) {
              at.set(id, entries.push([id, ++meta.seq, json]) - 1)
              gone.delete(id)
            } else {
              entries[i] = [id, entries[i]![1], json]
              gone.delete(id)
            }
          }
          const kept = entries.filter(([id]) => !gone.has(id))
          if (kept.length > 0) await rows.put(kept, [table, chunk])
          else await rows.delete([table, chunk])
        }
      }
      const keyStore = tx.objectStore('keys')
      if (changes.keysReplaced) await keyStore.clear()
      for (const [scope, json] of keys)
        if (json === null) await keyStore.delete(scope)
        else await keyStore.put(json, scope)
      if (settings !== null) meta.settings = settings
      await tx.objectStore('meta').put(meta, STATE)
      if (events.length > 0) {
        const metaStore = tx.objectStore('meta')
        for (const [seq, text] of events)
          await metaStore.put(text, eventKey(seq))
        // The last MAX_STORED_EVENTS are kept; numbers are consecutive, so older ones go by range.
        const oldest = events.at(-1)![0] - MAX_STORED_EVENTS
        if (oldest > 0)
          await metaStore.delete(IDBKeyRange.bound('event:', eventKey(oldest)))
      }
    } catch (error) {
      // A request refused outright (quota, a closed database): keep none of this commit.
      try {
        tx.abort()
      } catch {
        // Already aborted by the failed request.
      }
      await tx.done.catch(() => {})
      throw error
    }
    // A request that failed later aborts the transaction; `done` then rejects with the reason.
    await tx.done
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['rows', 'keys', 'meta'], 'readwrite')
    await Promise.all([
      tx.objectStore('rows').clear(),
      tx.objectStore('keys').clear(),
      tx.objectStore('meta').clear(),
      tx.done,
    ])
  }

  close(): void {
    this.db.close()
  }
}
