import type { AnyRecord, Id } from '../declare/types.ts'
import type { ChangeSet } from './mock-store.ts'
import type { IdempotencyRecord } from './types.ts'
import type { StoredEvent } from './state-event.ts'

/** A change set that changes nothing, to record writes into. */
export function emptyChangeSet(): ChangeSet {
  return {
    rows: new Map(),
    replaced: new Set(),
    keys: new Map(),
    keysReplaced: false,
    settings: null,
  }
}

/** Whether committing the change set would change nothing. */
export function isEmptyChangeSet(changes: ChangeSet): boolean {
  return (
    changes.rows.size === 0 &&
    changes.replaced.size === 0 &&
    changes.keys.size === 0 &&
    !changes.keysReplaced &&
    changes.settings === null &&
    (changes.events?.length ?? 0) === 0
  )
}

/** Records a row written (`null`: deleted) into a change set; a row written again keeps its place. */
export function recordRow(
  changes: ChangeSet,
  table: string,
  id: Id,
  row: AnyRecord | null,
) {
  let rows = changes.rows.get(table)
  if (!rows) changes.rows.set(table, (rows = new Map()))
  // A replaced table starts empty: a row deleted after the replace was never there. A row written
  // again keeps its place (Map order), as it does in the table.
  if (row === null && changes.replaced.has(table)) rows.delete(id)
  else rows.set(id, row)
}

/** Records an idempotency key completed (`null`: forgotten) into a change set. */
export function recordKey(
  changes: ChangeSet,
  scope: string,
  record: IdempotencyRecord | null,
) {
  if (record === null && changes.keysReplaced) changes.keys.delete(scope)
  else changes.keys.set(scope, record)
}

/** `later` applied after `earlier`, as one change set. */
export function mergeChangeSets(earlier: ChangeSet, later: ChangeSet) {
  for (const table of later.replaced) {
    earlier.replaced.add(table)
    earlier.rows.delete(table)
  }
  for (const [table, rows] of later.rows)
    for (const [id, row] of rows) recordRow(earlier, table, id, row)
  if (later.keysReplaced) {
    earlier.keysReplaced = true
    earlier.keys.clear()
  }
  for (const [scope, record] of later.keys) recordKey(earlier, scope, record)
  if (later.settings) earlier.settings = later.settings
  if (later.events?.length) (earlier.events ??= []).push(...later.events)
  return earlier
}

/** A change set as JSON-ready values (Maps and Sets as entry arrays), for a log that crosses processes. */
export interface ChangeSetJson {
  rows: [string, [Id, AnyRecord | null][]][]
  replaced: string[]
  keys: [string, IdempotencyRecord | null][]
  keysReplaced: boolean
  settings: ChangeSet['settings']
  events?: StoredEvent[]
}

/** A change set as JSON-ready values, for a log that crosses processes (`changeSetFromJson` reads it back). */
export function changeSetToJson(changes: ChangeSet): ChangeSetJson {
  return {
    rows: [...changes.rows].map(([table, rows]) => [table, [...rows]]),
    replaced: [...changes.replaced],
    keys: [...changes.keys],
    keysReplaced: changes.keysReplaced,
    settings: changes.settings,
    ...(changes.events?.length && { events: changes.events }),
  }
}

/** The change set `changeSetToJson` wrote. */
export function changeSetFromJson(json: ChangeSetJson): ChangeSet {
  return {
    rows: new Map(json.rows.map(([table, rows]) => [table, new Map(rows)])),
    replaced: new Set(json.replaced),
    keys: new Map(json.keys),
    keysReplaced: json.keysReplaced,
    settings: json.settings,
    ...(json.events?.length && { events: json.events }),
  }
}
