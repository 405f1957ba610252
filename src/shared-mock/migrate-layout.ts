import type { IDBPDatabase, IDBPTransaction } from 'idb'
import type { AnyRecord, FaultRule, Id, StoredSettings } from '../store.ts'
import { chunkOf } from './chunk-of.ts'
import type { RowEntry, StoredMeta } from './indexeddb-layout.ts'
import { isObject } from '../common/is-object.ts'

/** Layout 1 kept the built-in shop's tables in object stores of their own. */
const SHOP_STORES = ['customers', 'orders', 'payments', 'accounts', 'transfers']
/** Layouts 1 and 2 kept the idempotency records as a table of this name. */
const LEGACY_KEYS = 'idempotencyKeys'

/** Layouts 1 and 2 stored fault rules without ids or counters, and no clock offset. */
function settingsOf(legacy: unknown): string | null {
  if (
    !isObject(legacy) ||
    !Array.isArray(legacy.faults) ||
    !isObject(legacy.config)
  )
    return null
  const faults = legacy.faults.map(
    (rule, i) =>
      ({
        ...(rule as object),
        id: `fault-${i + 1}`,
        matched: 0,
        fired: 0,
      }) as FaultRule,
  )
  const settings: StoredSettings = {
    config: legacy.config as unknown as StoredSettings['config'],
    clockOffsetMs: 0,
    faults,
    nextFault: faults.length + 1,
  }
  return JSON.stringify(settings)
}

/**
 * Moves the data of an earlier layout (rows as objects in chunks, layout 1 with a store per shop
 * table) into the current one, inside the upgrade's transaction: all of it moves or, if the page
 * closes midway, none of it and the old layout stays. Rows keep their members and their order.
 */
export async function migrateLayout(
  database: IDBPDatabase<unknown>,
  oldVersion: number,
  tx: IDBPTransaction<unknown, ArrayLike<string>, 'versionchange'>,
) {
  const legacy: [table: string, rows: unknown[]][] = []
  const stores =
    oldVersion === 1
      ? [...SHOP_STORES, LEGACY_KEYS].map((table) => [table, table] as const)
      : [['rows', null] as const]
  for (const [storeName, table] of stores) {
    if (!database.objectStoreNames.contains(storeName)) continue
    const store = tx.objectStore(storeName)
    const [keys, values] = await Promise.all([
      store.getAllKeys(),
      store.getAll(),
    ])
    keys.forEach((key, i) => {
      const name = table ?? (key as [string, number])[0]
      const rows = values[i]
      if (Array.isArray(rows)) legacy.push([name, rows])
    })
    database.deleteObjectStore(storeName)
  }
  const meta = tx.objectStore('meta')
  const settings = settingsOf(await meta.get('settings'))
  await meta.clear()

  const rows = database.createObjectStore('rows')
  const keys = database.createObjectStore('keys')
  let seq = 0
  const chunks = new Map<string, RowEntry[]>()
  for (const [table, list] of legacy) {
    for (const row of list) {
      if (!isObject(row)) continue
      if (table === LEGACY_KEYS) {
        if (typeof row.scope === 'string')
          await keys.put(JSON.stringify(row), row.scope)
        continue
      }
      const id = (row as AnyRecord).id as Id
      if (typeof id !== 'number' && typeof id !== 'string') continue
      const at = JSON.stringify([table, chunkOf(id)])
      let entries = chunks.get(at)
      if (!entries) chunks.set(at, (entries = []))
      entries.push([id, ++seq, JSON.stringify(row)])
    }
  }
  for (const [at, entries] of chunks)
    await rows.put(entries, JSON.parse(at) as [string, number])
  if (settings !== null || seq > 0)
    await meta.put({ seq, settings } satisfies StoredMeta, 'state')
}
