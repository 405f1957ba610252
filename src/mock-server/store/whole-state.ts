import type { Id } from '../declare/types.ts'
import type { Runtime } from '../runtime.ts'
import { emptyChangeSet, recordKey, recordRow } from './change-set.ts'
import { settingsOf } from './persistence.ts'

/** Every row, key and setting of the mock as it is, as one change set that replaces the store's. */
export function wholeState(runtime: Runtime) {
  const changes = emptyChangeSet()
  for (const [table, rows] of Object.entries(runtime.db.tables())) {
    changes.replaced.add(table)
    for (const row of rows) recordRow(changes, table, row.id as Id, row)
  }
  changes.keysReplaced = true
  for (const record of runtime.db.idempotency.values())
    if (record.state === 'completed') recordKey(changes, record.scope, record)
  changes.settings = settingsOf(runtime)
  const events = runtime.stateEvents.log.all()
  if (events.length > 0) changes.events = events
  return changes
}
