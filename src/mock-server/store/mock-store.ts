import type { AnyRecord, Id } from '../declare/types.ts'
import type { FaultRule } from '../faults/fault-rule.ts'
import type { MockConfig } from '../mock-config.ts'
import type { JournalRecord } from '../journal.ts'
import type { IdempotencyRecord } from './types.ts'
import type { StoredEvent } from './state-event.ts'

/**
 * The storage seam: where one mock's state lives beyond its process (or its page).
 *
 * ## How the engine uses a store: a unit of work
 *
 * Handlers, `api.data` and user hooks keep their synchronous `TableHandle`: they read and write a
 * working set in memory (`Database`), and every write there is also recorded in a change set. Each
 * operation's change set is cut the moment its synchronous step ends, completed with its idempotency
 * record once its response is known, and committed through `commit()` (one transaction: all or
 * nothing) before the response leaves. Commits run one at a time in the order the operations ran,
 * so a later operation's row never lands under an earlier one's. A request that changed nothing (a
 * read) commits nothing and awaits nothing.
 *
 * `load()` is read once when the store is attached: the working set starts from what it holds
 * (null: an empty store, which then receives the seed rows as its first commit).
 *
 * ## What a store holds
 *
 * - tables: rows by id, each row's members in their own order (a row is stored as its JSON text),
 *   and the tables' row order;
 * - completed idempotency records, each with its stored response (status, body bytes, headers),
 *   until they expire (later writes delete them, `EXPIRED_KEYS_PER_WRITE` at most per write);
 *   in-flight claims belong to the running process and are never stored: a crash before the commit
 *   loses the operation and its claim together, so a retry executes once;
 * - settings: the live config, the clock's offset, and the fault rules with their `matched` and
 *   `fired` counters (a rule with `times` stays spent after a restart).
 *
 * ## The next store: PostgreSQL with several replicas
 *
 * The same interface carries it, without changing handlers or stages:
 * - `commit()` is one `BEGIN … COMMIT`: upserts (`INSERT … ON CONFLICT (tbl, id) DO UPDATE`) and
 *   deletes of the rows in `changes.rows`, a `DELETE` of every table in `changes.replaced` first.
 * - Replicas see each other's writes by refreshing the working set before an operation: the store
 *   opens the transaction, `SELECT … FOR UPDATE` the rows of the tables the route touches (a
 *   compiled route knows its resource and its relations), loads them into the working set, the
 *   synchronous operation runs, and the same transaction commits its change set. Row locks make a
 *   multi-row operation atomic across replicas exactly as the single thread makes it atomic here.
 * - An idempotency claim is `INSERT … ON CONFLICT (scope) DO NOTHING RETURNING`: one replica wins,
 *   the other gets the in-flight 409 or, once committed, the stored response. The completed record
 *   is written in the operation's own transaction, as `changes.keys` is here.
 * - A fault rule's counters are `UPDATE … SET fired = fired + 1 WHERE id = $1 AND (times IS NULL
 *   OR fired < times) RETURNING`, so `times: 2` fires twice in all; settings and the clock offset
 *   are rows like any other.
 * A store may implement every method asynchronously; one that commits synchronously (SQLite) returns
 * nothing from `commit()`, and then the engine needs no await at all.
 *
 * A store several processes serve from at once offers `shared` (the PostgreSQL store does); the
 * engine then attaches it through `attachSharedStore`, which runs each request as one exclusive
 * unit of work across every replica (see `SharedStore`).
 */
export interface MockStore {
  /** What it is, for messages: `memory`, `sqlite ./hypermock.db`. */
  readonly description: string
  /** Everything stored; `null` when the store is empty (never written or cleared). */
  load(): Promisable<StoredState | null>
  /** Applies one change set atomically: after a crash, all of it is there or none of it. */
  commit(changes: ChangeSet): Promisable<void>
  /** Forgets everything: the next `load()` answers `null`. */
  clear(): Promisable<void>
  /** Releases the store (file handles, locks); the store is unusable afterwards. */
  close(): Promisable<void>
  /** Present on a store several processes share: how they take turns and see each other's writes. */
  readonly shared?: SharedStore
}

/**
 * A store that replicas of one mock share (PostgreSQL). Every request is one unit of work: `begin`
 * takes the store's lock (held until `commit` or `rollback`, so units run one at a time across
 * every replica) and hands over what other replicas committed since this one last looked, from a
 * log with one number per commit; the replica applies it to its working set, the request runs
 * against it synchronously as everywhere else, and `commit` writes its changes and its log entry
 * in the same transaction before the response leaves. A quiet replica pays one query to learn
 * that nothing changed.
 */
export interface SharedStore {
  /**
   * Takes the lock and reads the log after commit `seen` (`-1`: nothing seen yet). Rejects, within
   * a bounded time, when the store cannot be reached.
   */
  begin(seen: number): Promise<SharedUnit>
  /**
   * Tells `onCommit` of each commit any replica makes, the moment it is made (PostgreSQL's
   * LISTEN/NOTIFY), with its number; `null` when commits may have been missed (the channel was
   * down and is back): catch up. Resolves once the channel is open, or once opening it failed (it
   * then keeps trying, and `live` stays false until it succeeds). A store without it is polled.
   */
  watch?(onCommit: (seq: number | null) => void): Promise<CommitWatch>
}

/** An open watch on a shared store's commits. */
export interface CommitWatch {
  /** Whether commits are announced now; when not, the replica polls until they are again. */
  readonly live: boolean
  /** Stops watching. Never rejects. */
  close(): Promise<void>
}

/** One unit of work holding the store's lock. */
export interface SharedUnit {
  /** The number of the last commit in the store (0: none yet). */
  readonly head: number
  /**
   * The commits after `seen`, oldest first; `null` when the replica must load the whole state
   * instead (it saw nothing yet, or the log no longer reaches back to what it saw).
   */
  readonly since: SharedCommit[] | null
  /** Everything stored, read under the lock; `null` for a store never written. */
  whole(): Promise<SharedState | null>
  /** Writes the unit's changes and its log entry, commits, releases the lock; resolves with the commit's number. */
  commit(entry: SharedCommit): Promise<number>
  /** Releases the lock, writing nothing. Never rejects. */
  rollback(): Promise<void>
}

/** What a replica keeps beside the tables and settings, so that every replica counts the same. */
export interface ReplicaState {
  /** Requests numbered so far: request ids (`req-…`) are unique across replicas. */
  requests: number
  /** The journal's last entry number. */
  journalCounter: number
  /** Rate-limit windows by principal. */
  windows: [string, { startedAt: number; used: number }][]
}

/** One commit, as the log carries it to the other replicas. */
export interface SharedCommit {
  /** The unit's writes. */
  changes: ChangeSet
  /** `null` for a commit made outside a replica (`commit()` itself). */
  replica: ReplicaState | null
  /** The journal was emptied (a reset) before `journal` applies. */
  journalCleared: boolean
  /** Requests journaled by this unit, oldest first. */
  journal: JournalRecord[]
}

/** The whole shared state: what a replica starting (or fallen behind) loads. */
export interface SharedState extends StoredState {
  /** The counters replicas share; `null` before a replica committed any. */
  replica: ReplicaState | null
  /** The journal, oldest first. */
  journal: JournalRecord[]
}

/** A value, or a promise of it: a store may answer synchronously or not. */
export type Promisable<T> = T | PromiseLike<T>

/**
 * What to do with stored rows the declaration no longer accepts: `refuse` to start, `keep` the
 * rows that fit (the others leave the store), `reset` the store to the seed rows, or `report`
 * (load the rows that fit and leave the store as it is).
 */
export type DataMismatch = 'refuse' | 'keep' | 'reset' | 'report'

/** The live settings a store keeps beside the tables. */
export interface StoredSettings {
  /** The live config (`api.config`). */
  config: MockConfig
  /** How far the mock clock runs ahead of real time. */
  clockOffsetMs: number
  /** The fault rules in order, with their counters. */
  faults: FaultRule[]
  /** The number the next fault rule's id takes. */
  nextFault: number
}

/** Everything a store holds: what `load()` answers. */
export interface StoredState {
  /** Rows by table, in the tables' order. */
  tables: Record<string, AnyRecord[]>
  /** Completed keys only. */
  idempotencyKeys: IdempotencyRecord[]
  /** The live settings; `null` when none were committed yet. */
  settings: StoredSettings | null
  /** The event log's tail, oldest first (absent from a store that keeps no events). */
  events?: StoredEvent[]
}

/**
 * One unit of work's writes. Rows map to their new value, or `null` for a delete; a table in
 * `replaced` lost every row it held before (a restore or a reset), and `rows` then holds its new
 * rows in order.
 */
export interface ChangeSet {
  /** Rows written, by table and id, in the order written; `null` for a row deleted. */
  rows: Map<string, Map<Id, AnyRecord | null>>
  /** Tables emptied before `rows` applies. */
  replaced: Set<string>
  /** Completed records by scope, `null` for a key forgotten (expired). */
  keys: Map<string, IdempotencyRecord | null>
  /** Every key forgotten before `keys` applies (a restore or a reset). */
  keysReplaced: boolean
  /** The live settings when they changed (they are stored whole), else `null`: keep the stored ones. */
  settings: StoredSettings | null
  /**
   * State events the unit's writes made, oldest first, to append to the store's event log (which
   * keeps the last `limits.events`); absent or empty when none.
   */
  events?: StoredEvent[]
}
