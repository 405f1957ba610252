import type { DBSchema } from 'idb'
import type { Id } from '../mock-server/declare/types.ts'

/** One row in a chunk: its id, its place in the table (`seq`) and its JSON text, members in order. */
export type RowEntry = [id: Id, seq: number, json: string]

/** Beside the rows: the last `seq` given out, and the settings as JSON text (null: none stored). */
export interface StoredMeta {
  seq: number
  settings: string | null
}

/**
 * A generic layout: every table's chunks in one object store, keyed `[table, chunk]`. The tables
 * come from the declaration, which changes between visits: one store per table would need a
 * version upgrade for each added table (blocked while another tab holds the old version open),
 * while here a new table simply has no rows yet and a removed one's rows stay to be reported.
 */
export interface LayoutSchema extends DBSchema {
  rows: { key: [string, number]; value: RowEntry[] }
  /** Completed idempotency records by scope, as JSON text (the stored response body inside). */
  keys: { key: string; value: string }
  /**
   * `state` (StoredMeta); its absence means an empty store. Beside it, the event log: each state
   * event as JSON text under `event:` and its number, zero-padded so that keys sort as numbers.
   */
  meta: { key: string; value: StoredMeta | string }
}
