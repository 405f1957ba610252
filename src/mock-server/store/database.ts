import type { ApiModel } from '../model/compiled-api.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import {
  newId,
  nextOwnId,
  settleKey,
  settleOwnId,
  type IpFormat,
} from '../declare/new-id.ts'
import type { AnyRecord, Id, TableHandle } from '../declare/types.ts'
import { limits } from '../limits.ts'
import { ProblemError } from '../problems/problem-error.ts'
import { emptyChangeSet, recordKey, recordRow } from './change-set.ts'
import type { ChangeSet } from './mock-store.ts'
import type { IdempotencyRecord, StateSnapshot } from './types.ts'
import type { StoredEvent } from './state-event.ts'

/**
 * Expired idempotency keys one write forgets at most: however many expired at once (a mock left
 * alone for a day, a restart), a request's work stays bounded, and the rest go with the next writes.
 */
export const EXPIRED_KEYS_PER_WRITE = 64

/** A row written: `before` is undefined for an insert, `after` null for a delete. */
export type RowObserver = (
  table: string,
  id: Id,
  before: AnyRecord | undefined,
  after: AnyRecord | null,
) => void

type RowWritten = (
  id: Id,
  row: AnyRecord | null,
  before: AnyRecord | undefined,
) => void

const capitalise = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1)

/** Changes a table remembers for views of it to catch up with (`changesSince`). */
const CHANGE_LOG_LIMIT = 1024

/**
 * One table: rows by id, in insertion order (id order for integer ids), and the next id. Rows are
 * replaced, never changed in place; every change moves `version` and is remembered (the last
 * `CHANGE_LOG_LIMIT` of them) with the row it replaced, so a sorted view of the table
 * (`collections/sorted-view.ts`) moves only the rows that changed.
 */
export class Table<T extends AnyRecord = AnyRecord> {
  readonly rows = new Map<Id, T>()
  /** Moves on every change of a row. */
  version = 0
  private log: { version: number; id: Id; before: T | undefined }[] = []
  /** The oldest version `changesSince` can answer from. */
  private logFloor = 0
  private nextId = 1
  private readonly kind: CompiledResource['idKind']
  private readonly written: RowWritten
  private readonly prefix: string | undefined
  private readonly format: IpFormat | undefined

  constructor(
    rows: readonly T[],
    kind: CompiledResource['idKind'],
    written: RowWritten = () => {},
    /** New string ids start with it (`cus_`). */
    prefix?: string,
    /** New ids are IP addresses of this version. */
    format?: IpFormat,
  ) {
    this.kind = kind
    this.written = written
    this.prefix = prefix
    this.format = format
    for (const row of rows) {
      this.rows.set(row.id as Id, row)
      if (typeof row.id === 'number' && row.id >= this.nextId)
        this.nextId = row.id + 1
    }
  }

  get(id: Id): T | undefined {
    return this.rows.get(id)
  }

  all(): T[] {
    return [...this.rows.values()]
  }

  /** A new id: the next integer (refused past the limit, never wrapped), or a fresh random one. */
  allocate(random: () => number): Id {
    if (this.kind !== 'integer') {
      const make = () => newId(this.kind, 0, random, this.prefix, this.format)
      let id = make()
      while (this.rows.has(id)) id = make()
      return id
    }
    if (this.nextId > limits.maxId) {
      // Refused before anything changes: an operation inserts before it touches other rows.
      throw new ProblemError('limit-exceeded', {
        detail: `Every id up to ${limits.maxId}, the largest a row may have, is spent in this table. Reset the mock or restore a snapshot with smaller ids.`,
        extensions: { limit: 'maxId', max: limits.maxId },
      })
    }
    return this.nextId++
  }

  /** Keeps an id from being allocated again (a row still stored, though not loaded). */
  reserve(id: unknown) {
    if (typeof id === 'number' && id >= this.nextId) this.nextId = id + 1
  }

  /**
   * The rows changed since `version`, each with the row it had then (undefined: it had none), or
   * null when the table no longer remembers that far back.
   */
  changesSince(version: number): Map<Id, T | undefined> | null {
    if (version < this.logFloor) return null
    const changed = new Map<Id, T | undefined>()
    for (let i = this.log.length - 1; i >= 0; i--) {
      const entry = this.log[i]!
      if (entry.version <= version) break
      // Walking back, the last one seen is the oldest: the row as it was at `version`.
      changed.set(entry.id, entry.before)
    }
    return changed
  }

  /** Puts a row in (null: takes it out), remembering the one it replaces, which it returns. */
  private put(id: Id, row: T | null): T | undefined {
    const before = this.rows.get(id)
    if (row === null) this.rows.delete(id)
    else this.rows.set(id, row)
    this.version += 1
    this.log.push({ version: this.version, id, before })
    if (this.log.length > CHANGE_LOG_LIMIT) {
      const kept = this.log.slice(CHANGE_LOG_LIMIT / 2)
      this.logFloor = kept[0]!.version - 1
      this.log = kept
    }
    return before
  }

  insert(row: T): T {
    const before = this.put(row.id as Id, row)
    this.written(row.id as Id, row, before)
    if (typeof row.id === 'number' && row.id >= this.nextId)
      this.nextId = row.id + 1
    return row
  }

  /** Takes a row another replica wrote, in its place if it exists, recording nothing. */
  adopt(row: T) {
    this.put(row.id as Id, row)
    if (typeof row.id === 'number' && row.id >= this.nextId)
      this.nextId = row.id + 1
  }

  /** Replaces an existing row; a row deleted meanwhile is never brought back. */
  update(row: T): T {
    if (!this.rows.has(row.id as Id)) {
      throw new Error(
        `Failed to update row ${String(row.id)}: it no longer exists.`,
      )
    }
    const before = this.put(row.id as Id, row)
    this.written(row.id as Id, row, before)
    return row
  }

  delete(id: Id): boolean {
    if (!this.rows.has(id)) return false
    const before = this.put(id, null)
    this.written(id, null, before)
    return true
  }

  /** Takes out a row another replica deleted, recording nothing. */
  forget(id: Id) {
    if (this.rows.has(id)) this.put(id, null)
  }

  get size() {
    return this.rows.size
  }
}

/**
 * The mock's data: one table per declared resource, mutated only by the operations. Every operation
 * runs synchronously between two awaits, so a multi-row change (one that writes two tables) is atomic.
 */
export class Database {
  /** A table whose seed is drawn on first read (see `seedRows`) is built when first asked for. */
  private tablesByName = new Map<string, Table | (() => Table)>()
  /**
   * Keys by scope, oldest first: expiry order, so that a sweep stops at the first live key. Read it
   * freely; write it only through `claimKey`, `completeKey` and `releaseKey`, which keep the change set.
   */
  idempotency = new Map<string, IdempotencyRecord>()
  /**
   * What changed since the last `takeChanges()`, while a store is attached (`track()`); `null`
   * otherwise, and then writes cost nothing more.
   */
  private changes: ChangeSet | null = null
  /** Bumped by every load: a request that wrote into an older generation knows its write is gone. */
  generation = 0
  private readonly api: ApiModel
  private readonly now: () => string
  private readonly random: () => number

  constructor(
    api: ApiModel,
    snapshot: StateSnapshot,
    now: () => string,
    random: () => number,
  ) {
    this.api = api
    this.now = now
    this.random = random
    this.load(snapshot)
  }

  table<T extends AnyRecord = AnyRecord>(name: string): Table<T> {
    const table = this.built(name)
    if (!table)
      throw new Error(
        `Failed to read the table "${name}": no resource has that name; declared: ${[...this.tablesByName.keys()].join(', ')}.`,
      )
    return table as unknown as Table<T>
  }

  private built(name: string): Table | undefined {
    const entry = this.tablesByName.get(name)
    if (typeof entry !== 'function') return entry
    const table = entry()
    this.tablesByName.set(name, table)
    return table
  }

  /**
   * The table as handlers and `api.data` use it: inserts fill in the id, timestamps, version and
   * initial state; updates move the version and `updatedAt`.
   */
  handle<T extends AnyRecord = AnyRecord>(
    name: string,
  ): TableHandle<T> & { replace(id: Id, row: AnyRecord): T } {
    const table = this.table<T>(name)
    const resource = this.api.resources.get(name)!
    const { now, random } = this
    return {
      get: (id: Id) => table.get(id),
      rows: () => table.rows.values(),
      list: () => table.all(),
      insert(values: Partial<T>) {
        const row: AnyRecord = { ...values }
        // A record's own id beside another key moves aside: the store's id holds the key.
        settleOwnId(row, resource.ownId, () =>
          nextOwnId(resource, table.rows.values(), random),
        )
        // Whatever chose the id (a hook, a declaration, a caller of `api.data`, a key of the API's
        // own naming such as a username), an insert adds a row: it never replaces one, and it is
        // refused before anything changes.
        const chosen =
          resource.key.member === 'id'
            ? row.id
            : (row.id ?? row[resource.key.member])
        if (chosen != null && table.rows.has(chosen as Id))
          throw new ProblemError('already-exists', {
            detail: `${capitalise(resource.singular)} ${String(chosen)} exists already, and a create never replaces a record. Read it, or change it with PUT or PATCH; leave the id out to get a new one.`,
            extensions: { existing: { resource: name, id: chosen } },
          })
        settleKey(row, resource.key.member, () => table.allocate(random))
        const time = now()
        if (resource.has.createdAt && row.createdAt === undefined)
          row.createdAt = time
        if (resource.has.updatedAt && row.updatedAt === undefined)
          row.updatedAt = row.createdAt ?? time
        if (resource.has.version && row.version === undefined) row.version = 1
        if (resource.state && row[resource.state.field] === undefined)
          row[resource.state.field] = resource.state.initial
        return table.insert(row as T)
      },
      update: (id: Id, patch: Partial<T>) => change(id, patch, false),
      /** A `PUT`: the row becomes these values (the id, version and `updatedAt` still move). */
      replace: (id: Id, row: AnyRecord) => change(id, row, true),
      delete: (id: Id) => table.delete(id),
      get size() {
        return table.size
      },
    }
    function change(id: Id, patch: AnyRecord, whole: boolean) {
      const current = table.get(id)
      if (!current)
        throw new Error(
          `Failed to update ${name} ${String(id)}: it no longer exists.`,
        )
      const row: AnyRecord = whole ? { ...patch } : { ...current, ...patch }
      row.id = current.id
      if (resource.has.version) row.version = (current.version as number) + 1
      if (resource.has.updatedAt) row.updatedAt = now()
      return table.update(row as T)
    }
  }

  /**
   * Replaces every table. Keys claimed by requests still in flight move over (unless the snapshot
   * holds the same key completed): their operation will run against the new data, and its result
   * is stored beside it, so the key never executes twice.
   */
  load(snapshot: StateSnapshot) {
    const inFlight = [...this.idempotency.values()].filter(
      (record) => record.state === 'in-flight',
    )
    const tables = new Map<string, Table | (() => Table)>()
    for (const resource of this.api.resources.values()) {
      const build = (rows: AnyRecord[]) =>
        new Table(
          rows,
          resource.idKind,
          this.rowWritten(resource.name),
          resource.key.prefix,
          resource.key.format,
        )
      const descriptor = Object.getOwnPropertyDescriptor(
        snapshot,
        resource.name,
      )
      // A seed table drawn on first read stays undrawn until a request reads it, unless a store
      // records every row now.
      if (descriptor?.get && !this.changes) {
        const get = descriptor.get.bind(snapshot) as () => AnyRecord[]
        tables.set(resource.name, () => build(get()))
        continue
      }
      const rows = ((snapshot as Record<string, unknown>)[resource.name] ??
        []) as AnyRecord[]
      tables.set(resource.name, build(rows))
      if (this.changes) {
        this.changes.replaced.add(resource.name)
        this.changes.rows.delete(resource.name)
        for (const row of rows)
          recordRow(this.changes, resource.name, row.id as Id, row)
      }
    }
    this.tablesByName = tables
    const keys = [...snapshot.idempotencyKeys].sort(
      (a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt),
    )
    this.idempotency = new Map(keys.map((record) => [record.scope, record]))
    if (this.changes) {
      this.changes.keysReplaced = true
      this.changes.keys.clear()
      for (const record of keys)
        if (record.state === 'completed')
          recordKey(this.changes, record.scope, record)
    }
    for (const record of inFlight)
      if (!this.idempotency.has(record.scope))
        this.idempotency.set(record.scope, record)
    this.generation += 1
  }

  /**
   * Forgets expired completed keys (a key still in flight belongs to a running request); with a
   * store attached, each one forgotten is deleted from it with the unit of work that swept it.
   * `all` looks at every key (a snapshot holds no expired key); otherwise the sweep stops at the
   * first live key (keys expire in the order they were made) or after `EXPIRED_KEYS_PER_WRITE`
   * keys, so each request pays for a bounded number.
   */
  sweepExpired(now: number, all = false) {
    let forgotten = 0
    for (const [scope, record] of this.idempotency) {
      if (record.state === 'in-flight') continue
      if (Date.parse(record.expiresAt) > now) {
        if (all) continue
        return
      }
      this.releaseKey(scope)
      if (!all && ++forgotten >= EXPIRED_KEYS_PER_WRITE) return
    }
  }

  /**
   * Applies what another replica committed, without recording it as a change of this one: rows
   * keep their places, new rows go last, a replaced table starts again from its new rows.
   */
  apply(changes: ChangeSet) {
    for (const name of changes.replaced) {
      const resource = this.api.resources.get(name)
      if (resource)
        this.tablesByName.set(
          name,
          new Table(
            [],
            resource.idKind,
            this.rowWritten(name),
            resource.key.prefix,
            resource.key.format,
          ),
        )
    }
    for (const [name, rows] of changes.rows) {
      const table = this.built(name)
      if (!table) continue
      for (const [id, row] of rows)
        if (row === null) table.forget(id)
        else table.adopt(row)
    }
    if (changes.keysReplaced)
      for (const [scope, record] of this.idempotency)
        if (record.state === 'completed') this.idempotency.delete(scope)
    for (const [scope, record] of changes.keys)
      if (record === null) this.idempotency.delete(scope)
      else this.idempotency.set(scope, record)
  }

  /** Starts recording every write into a change set (a store is attached). */
  track() {
    this.changes ??= emptyChangeSet()
  }

  /** The writes since the last call (an empty set when nothing changed); `null` when not tracking. */
  takeChanges(): ChangeSet | null {
    const changes = this.changes
    if (changes === null) return null
    this.changes = emptyChangeSet()
    return changes
  }

  /** Whether anything was written since the last `takeChanges()`. */
  get changed(): boolean {
    const c = this.changes
    return (
      c !== null &&
      (c.rows.size > 0 ||
        (c.events?.length ?? 0) > 0 ||
        c.replaced.size > 0 ||
        c.keys.size > 0 ||
        c.keysReplaced)
    )
  }

  /** Claims a key for a request that is about to run (never stored: it lives with the process). */
  claimKey(record: IdempotencyRecord) {
    this.idempotency.set(record.scope, record)
  }

  /** The key's operation ran: its response is state now, stored with the operation's own writes. */
  completeKey(record: IdempotencyRecord, changes: ChangeSet | null) {
    this.idempotency.set(record.scope, record)
    const into = changes ?? this.changes
    if (into) recordKey(into, record.scope, record)
  }

  /** Frees a key: an expired one, or the claim of a request whose result is not kept. */
  releaseKey(scope: string) {
    const record = this.idempotency.get(scope)
    if (!record) return
    this.idempotency.delete(scope)
    if (this.changes && record.state === 'completed')
      recordKey(this.changes, scope, null)
  }

  private rowWritten(table: string): RowWritten {
    return (id, row, before) => {
      if (this.changes) recordRow(this.changes, table, id, row)
      this.observer?.(table, id, before, row)
    }
  }

  /**
   * Told of every row an operation or `api.data` writes (a load, a restore or another replica's
   * commit tells it nothing): where state events are made.
   */
  observer: RowObserver | null = null

  /** Events made by the writes since the last cut: committed with them, in the same unit. */
  recordEvents(events: readonly StoredEvent[]) {
    if (this.changes) (this.changes.events ??= []).push(...events)
  }

  tables(): Record<string, AnyRecord[]> {
    const out: Record<string, AnyRecord[]> = {}
    for (const name of this.tablesByName.keys())
      out[name] = this.built(name)!.all()
    return out
  }

  /** A deep copy: later changes never leak into a snapshot already handed out. */
  snapshot(): StateSnapshot {
    return structuredClone(this.snapshotView())
  }

  /**
   * The state as a snapshot whose rows are the live ones, for a reader done with it before the next
   * change (an answer written as JSON at once): a deep copy of 100,000 rows costs about as much as
   * writing them.
   */
  snapshotView(): StateSnapshot {
    return {
      schemaVersion: 1,
      ...this.tables(),
      // In-flight keys belong to requests of this process; they are not state to restore.
      idempotencyKeys: [...this.idempotency.values()].filter(
        (r) => r.state === 'completed',
      ),
    } as StateSnapshot
  }
}
