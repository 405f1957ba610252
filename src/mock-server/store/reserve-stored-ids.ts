import type { Runtime } from '../runtime.ts'
import type { StoredState } from './mock-store.ts'

/**
 * Keeps the ids of every stored row from being allocated again: with `report`, the rows left out
 * stay stored, and a new row must not take one's id and overwrite it.
 */
export function reserveStoredIds(
  runtime: Runtime,
  tables: StoredState['tables'],
) {
  for (const [name, rows] of Object.entries(tables))
    if (runtime.api.resources.has(name))
      for (const row of rows) runtime.db.table(name).reserve(row.id)
}
