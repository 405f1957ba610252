import { limits } from '../limits.ts'
import { ProblemError } from '../problems/problem-error.ts'
import type {
  Account,
  Customer,
  IdempotencyRecord,
  Order,
  Payment,
  StateSnapshot,
  Tables,
  Transfer,
} from './types.ts'

type Row = { id: number }

/** One table: rows by id, in id order (ids only grow), plus the next id to hand out. */
export class Table<T extends Row> {
  readonly rows = new Map<number, T>()
  private nextId = 1

  constructor(rows: readonly T[]) {
    for (const row of rows) this.rows.set(row.id, row)
    this.nextId = rows.reduce((max, row) => Math.max(max, row.id), 0) + 1
  }

  get(id: number): T | undefined {
    return this.rows.get(id)
  }

  all(): T[] {
    return [...this.rows.values()]
  }

  insert(make: (id: number) => T): T {
    if (this.nextId > limits.maxId) {
      // Refused before anything changes: an operation inserts before it touches other rows.
      throw new ProblemError('limit-exceeded', {
        detail: `Every id up to ${limits.maxId}, the largest a row may have, is spent in this table. Reset the mock or restore a snapshot with smaller ids.`,
        extensions: { limit: 'maxId', max: limits.maxId },
      })
    }
    const row = make(this.nextId++)
    this.rows.set(row.id, row)
    return row
  }

  /** Replaces an existing row; a row deleted meanwhile is never brought back. */
  update(row: T): T {
    if (!this.rows.has(row.id)) {
      throw new Error(`Failed to update row ${row.id}: it no longer exists.`)
    }
    this.rows.set(row.id, row)
    return row
  }

  delete(id: number): boolean {
    return this.rows.delete(id)
  }

  get size() {
    return this.rows.size
  }
}

/**
 * The mock's data: plain typed tables, mutated only by the resource handlers. Every operation runs
 * synchronously between two awaits, so a multi-row change (a transfer moving money) is atomic.
 */
export class Database {
  customers!: Table<Customer>
  orders!: Table<Order>
  payments!: Table<Payment>
  accounts!: Table<Account>
  transfers!: Table<Transfer>
  /** Keys by scope, oldest first: expiry order, so that a sweep stops at the first live key. */
  idempotency = new Map<string, IdempotencyRecord>()
  /** Bumped by every load: a request that wrote into an older generation knows its write is gone. */
  generation = 0

  constructor(snapshot: StateSnapshot) {
    this.load(snapshot)
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
    this.customers = new Table(snapshot.customers)
    this.orders = new Table(snapshot.orders)
    this.payments = new Table(snapshot.payments)
    this.accounts = new Table(snapshot.accounts)
    this.transfers = new Table(snapshot.transfers)
    const keys = [...snapshot.idempotencyKeys].sort(
      (a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt),
    )
    this.idempotency = new Map(keys.map((record) => [record.scope, record]))
    for (const record of inFlight)
      if (!this.idempotency.has(record.scope))
        this.idempotency.set(record.scope, record)
    this.generation += 1
  }

  /**
   * Forgets expired completed keys (a key still in flight belongs to a running request). `all`
   * looks at every key, before refusing a new one at the limit; otherwise the sweep stops at the
   * first live key, so each request pays only for what it removes.
   */
  sweepExpired(now: number, all = false) {
    for (const [scope, record] of this.idempotency) {
      if (record.state === 'in-flight') continue
      if (Date.parse(record.expiresAt) <= now) this.idempotency.delete(scope)
      else if (!all) break
    }
  }

  tables(): Tables {
    return {
      customers: this.customers.all(),
      orders: this.orders.all(),
      payments: this.payments.all(),
      accounts: this.accounts.all(),
      transfers: this.transfers.all(),
    }
  }

  /** A deep copy: later changes never leak into a snapshot already handed out. */
  snapshot(): StateSnapshot {
    return structuredClone({
      schemaVersion: 1,
      ...this.tables(),
      // In-flight keys belong to requests of this process; they are not state to restore.
      idempotencyKeys: [...this.idempotency.values()].filter(
        (r) => r.state === 'completed',
      ),
    })
  }
}
