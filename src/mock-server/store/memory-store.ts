import type { AnyRecord, Id } from '../declare/types.ts'
import type {
  ChangeSet,
  MockStore,
  StoredSettings,
  StoredState,
} from './mock-store.ts'
import type { IdempotencyRecord } from './types.ts'
import type { StoredEvent } from './state-event.ts'
import { MAX_STORED_EVENTS } from './state-event.ts'

/**
 * A store in this process's memory: what outlives one mock instance but not the process (a test
 * that restarts a mock, a page that rebuilds its mock). Rows are kept as their JSON text, as a
 * durable store keeps them, so nothing written later leaks into what was committed.
 */
export class MemoryStore implements MockStore {
  readonly description = 'memory'
  private tables = new Map<string, Map<Id, string>>()
  private keys = new Map<string, string>()
  private settings: string | null = null
  /** The event log's tail, each event as its JSON text, oldest first (the last `MAX_STORED_EVENTS`). */
  private events: string[] = []
  private written = false

  load(): StoredState | null {
    if (!this.written) return null
    const tables: Record<string, AnyRecord[]> = {}
    for (const [name, rows] of this.tables)
      tables[name] = [...rows.values()].map(
        (row) => JSON.parse(row) as AnyRecord,
      )
    return {
      tables,
      idempotencyKeys: [...this.keys.values()].map(
        (record) => JSON.parse(record) as IdempotencyRecord,
      ),
      settings:
        this.settings === null
          ? null
          : (JSON.parse(this.settings) as StoredSettings),
      events: this.events.map((event) => JSON.parse(event) as StoredEvent),
    }
  }

  commit(changes: ChangeSet) {
    // Serialised first: a row that cannot be written fails the commit before anything changes.
    const rows = [...changes.rows].map(
      ([table, written]) =>
        [
          table,
          [...written].map(
            ([id, row]) =>
              [id, row === null ? null : JSON.stringify(row)] as const,
          ),
        ] as const,
    )
    const keys = [...changes.keys].map(
      ([scope, record]) =>
        [scope, record === null ? null : JSON.stringify(record)] as const,
    )
    const settings =
      changes.settings === null ? null : JSON.stringify(changes.settings)
    const events = (changes.events ?? []).map((event) => JSON.stringify(event))
    for (const table of changes.replaced) this.tables.set(table, new Map())
    for (const [table, written] of rows) {
      let stored = this.tables.get(table)
      if (!stored) this.tables.set(table, (stored = new Map()))
      for (const [id, row] of written)
        if (row === null) stored.delete(id)
        else stored.set(id, row)
    }
    if (changes.keysReplaced) this.keys.clear()
    for (const [scope, record] of keys)
      if (record === null) this.keys.delete(scope)
      else this.keys.set(scope, record)
    if (settings !== null) this.settings = settings
    if (events.length > 0) {
      this.events.push(...events)
      if (this.events.length > MAX_STORED_EVENTS)
        this.events.splice(0, this.events.length - MAX_STORED_EVENTS)
    }
    this.written = true
  }

  clear() {
    this.tables.clear()
    this.keys.clear()
    this.settings = null
    this.events = []
    this.written = false
  }

  close() {}
}
