import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPTransaction,
} from 'idb'
import type {
  FaultRuleInput,
  MockConfig,
  StateSnapshot,
} from '../mock-server/index.ts'

/**
 * A table's name, or `idempotencyKeys` for the stored idempotency records (a snapshot holds them
 * beside the tables under that name, so no table can take it).
 */
export type StoreName = string
export const IDEMPOTENCY = 'idempotencyKeys'

/**
 * Rows are stored in chunks: ids 0–499 in chunk 0, and so on (string ids and idempotency records by
 * a hash). One IndexedDB record per row made a 100,000-order import 100,000 requests; per chunk it is
 * 200, and a request that pays an order rewrites two chunks.
 */
export const CHUNK_ROWS = 500
const KEY_BUCKETS = 64

export function chunkOf(key: number | string): number {
  if (typeof key === 'number') return Math.floor(key / CHUNK_ROWS)
  let hash = 0
  for (let i = 0; i < key.length; i++)
    hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0
  return Math.abs(hash) % KEY_BUCKETS
}

/** What one save changes: per store, the chunks to write (an empty one is deleted), or all anew. */
export interface StoreChanges {
  stores: Record<StoreName, { replace: boolean; chunks: [number, unknown[]][] }>
  settings: StoredSettings
}

/** Kept beside the rows: the fault rules (without their counters) and the live settings. */
export interface StoredSettings {
  version: 1
  faults: FaultRuleInput[]
  config: MockConfig
}

export interface StoredMock {
  state: StateSnapshot
  faults: FaultRuleInput[]
  config: MockConfig
}

export type StoreLoad =
  | { kind: 'empty' }
  | { kind: 'loaded'; value: StoredMock }
  /** The database held something unreadable; the caller discards it and says why. */
  | { kind: 'corrupted'; reason: string }

export interface MockStore {
  load(): Promise<StoreLoad>
  /** One transaction: every change lands, or none does (a failed save leaves the last good one). */
  write(changes: StoreChanges): Promise<void>
  clear(): Promise<void>
  close(): void
}

/**
 * A generic layout: every table's chunks in one object store, keyed `[table, chunk]`. The tables
 * come from the declaration, which changes between visits: one store per table would need a
 * version upgrade for each added table (blocked while another tab holds the old version open),
 * while here a new table simply has no rows yet and a removed one's rows stay to be reported.
 */
interface MockDb extends DBSchema {
  rows: { key: [string, number]; value: unknown[] }
  meta: { key: string; value: unknown }
}

/** The first layout: one object store per table of the built-in shop. */
const SHOP_STORES = [
  'customers',
  'orders',
  'payments',
  'accounts',
  'transfers',
  'idempotencyKeys',
]

const SETTINGS_KEY = 'settings'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every key of one table's chunks (arrays sort after numbers). */
const tableRange = (table: string) => IDBKeyRange.bound([table], [table, []])

/**
 * The mock's data in IndexedDB (through `idb`), in chunks of rows, so a request that pays an order
 * rewrites one or two chunks, not the whole state, and 100,000 rows fit where `localStorage` did
 * not. `tables` are the declaration's: a declared table with nothing stored loads empty, and a
 * stored table the declaration no longer has is loaded too, for the mock to report.
 */
export async function openMockStore(
  name: string,
  tables: readonly string[],
): Promise<MockStore> {
  const db: IDBPDatabase<MockDb> = await openDB<MockDb>(name, 2, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      const rows = database.createObjectStore('rows')
      if (oldVersion === 0) {
        database.createObjectStore('meta')
        return
      }
      // Version 1 kept the shop's tables in stores of their own: move their chunks over.
      const old = transaction as unknown as IDBPTransaction<
        unknown,
        ArrayLike<string>,
        'versionchange'
      >
      for (const table of SHOP_STORES) {
        if (!database.objectStoreNames.contains(table as never)) continue
        const store = old.objectStore(table)
        const [keys, values] = await Promise.all([
          store.getAllKeys(),
          store.getAll(),
        ])
        await Promise.all(
          keys.map((chunk, i) =>
            rows.put(values[i]!, [table, chunk as number]),
          ),
        )
        database.deleteObjectStore(table as never)
      }
    },
  })

  return {
    async load() {
      const tx = db.transaction(['rows', 'meta'], 'readonly')
      const [settings, keys, chunks] = await Promise.all([
        tx.objectStore('meta').get(SETTINGS_KEY),
        tx.objectStore('rows').getAllKeys(),
        tx.objectStore('rows').getAll(),
      ])
      await tx.done
      if (!chunks.every(Array.isArray))
        return {
          kind: 'corrupted',
          reason: 'a stored chunk of rows is not a list',
        }
      const byTable = new Map<string, unknown[]>(
        [...tables, IDEMPOTENCY].map((table) => [table, []]),
      )
      keys.forEach(([table], i) => {
        const list = byTable.get(table)
        if (list) list.push(...chunks[i]!)
        else byTable.set(table, [...chunks[i]!])
      })
      if (settings === undefined) {
        if (chunks.length === 0) return { kind: 'empty' }
        return {
          kind: 'corrupted',
          reason: 'rows were stored without their settings',
        }
      }
      if (
        !isRecord(settings) ||
        settings.version !== 1 ||
        !Array.isArray(settings.faults) ||
        !isRecord(settings.config)
      ) {
        return {
          kind: 'corrupted',
          reason: 'the stored settings do not have the expected shape',
        }
      }
      const state: Record<string, unknown> = { schemaVersion: 1 }
      for (const [table, rows] of byTable) state[table] = rows
      return {
        kind: 'loaded',
        value: {
          // Checked by the mock when it is loaded; rows that no longer fit are reported there.
          state: state as unknown as StateSnapshot,
          faults: settings.faults as FaultRuleInput[],
          config: settings.config as unknown as MockConfig,
        },
      }
    },

    async write(changes) {
      const tx = db.transaction(['rows', 'meta'], 'readwrite')
      const rows = tx.objectStore('rows')
      const pending: Promise<unknown>[] = []
      try {
        for (const [table, change] of Object.entries(changes.stores)) {
          if (change.replace) pending.push(rows.delete(tableRange(table)))
          for (const [chunk, list] of change.chunks)
            pending.push(
              list.length > 0
                ? rows.put(list, [table, chunk])
                : rows.delete([table, chunk]),
            )
        }
        pending.push(tx.objectStore('meta').put(changes.settings, SETTINGS_KEY))
      } catch (error) {
        // A request refused outright (quota, an uncloneable row): keep none of this save.
        tx.abort()
        tx.done.catch(() => {})
        for (const p of pending) p.catch(() => {})
        throw error
      }
      // A failed request aborts the transaction; tx.done then rejects with the reason.
      await Promise.all([tx.done, ...pending.map((p) => p.catch(() => {}))])
    },

    async clear() {
      const tx = db.transaction(['rows', 'meta'], 'readwrite')
      await Promise.all([
        tx.objectStore('rows').clear(),
        tx.objectStore('meta').clear(),
        tx.done,
      ])
    },

    close: () => db.close(),
  }
}
