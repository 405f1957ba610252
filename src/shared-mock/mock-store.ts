import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { FaultRuleInput, MockConfig, StateSnapshot } from '../index.ts'

export const tableNames = [
  'customers',
  'orders',
  'payments',
  'accounts',
  'transfers',
] as const
export type TableName = (typeof tableNames)[number]

/** One object store per table, and one for idempotency records, so a write touches its chunks only. */
export type StoreName = TableName | 'idempotencyKeys'
export const storeNames: readonly StoreName[] = [
  ...tableNames,
  'idempotencyKeys',
]

/**
 * Rows are stored in chunks: ids 0–499 in chunk 0, and so on (idempotency records by a hash of their
 * scope). One IndexedDB record per row made a 100,000-order import 100,000 requests; per chunk it is
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
  stores: Partial<
    Record<StoreName, { replace: boolean; chunks: [number, unknown[]][] }>
  >
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

interface MockDb extends DBSchema {
  customers: { key: number; value: unknown[] }
  orders: { key: number; value: unknown[] }
  payments: { key: number; value: unknown[] }
  accounts: { key: number; value: unknown[] }
  transfers: { key: number; value: unknown[] }
  idempotencyKeys: { key: number; value: unknown[] }
  meta: { key: string; value: unknown }
}

const SETTINGS_KEY = 'settings'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The mock's data in IndexedDB (through `idb`): one object store per table, so a request that pays
 * an order writes two rows, not the whole state, and 100,000 orders fit where `localStorage` did not.
 */
export async function openMockStore(name: string): Promise<MockStore> {
  const db: IDBPDatabase<MockDb> = await openDB<MockDb>(name, 1, {
    upgrade(database) {
      for (const store of storeNames) database.createObjectStore(store)
      database.createObjectStore('meta')
    },
  })
  const allStores = [...storeNames, 'meta'] as const

  return {
    async load() {
      const tx = db.transaction(allStores, 'readonly')
      const [settings, ...rows] = await Promise.all([
        tx.objectStore('meta').get(SETTINGS_KEY),
        ...storeNames.map((store) => tx.objectStore(store).getAll()),
      ])
      await tx.done
      if (rows.some((chunks) => !chunks.every(Array.isArray)))
        return {
          kind: 'corrupted',
          reason: 'a stored chunk of rows is not a list',
        }
      const byStore = new Map(
        storeNames.map((store, i) => [store, rows[i]!.flat()]),
      )
      if (settings === undefined) {
        if ([...byStore.values()].every((list) => list.length === 0))
          return { kind: 'empty' }
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
      const state = { schemaVersion: 1 } as Record<string, unknown>
      for (const table of tableNames) state[table] = byStore.get(table)
      state.idempotencyKeys = byStore.get('idempotencyKeys')
      return {
        kind: 'loaded',
        value: {
          // Validated by the mock when it is restored; a failure there is reported the same way.
          state: state as unknown as StateSnapshot,
          faults: settings.faults as FaultRuleInput[],
          config: settings.config as unknown as MockConfig,
        },
      }
    },

    async write(changes) {
      const touched = Object.keys(changes.stores) as StoreName[]
      const tx = db.transaction([...touched, 'meta'], 'readwrite')
      const pending: Promise<unknown>[] = []
      try {
        for (const name of touched) {
          const change = changes.stores[name]!
          const store = tx.objectStore(name)
          if (change.replace) pending.push(store.clear())
          for (const [chunk, rows] of change.chunks)
            pending.push(
              rows.length > 0 ? store.put(rows, chunk) : store.delete(chunk),
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
      const tx = db.transaction(allStores, 'readwrite')
      await Promise.all([
        ...allStores.map((store) => tx.objectStore(store).clear()),
        tx.done,
      ])
    },

    close: () => db.close(),
  }
}
