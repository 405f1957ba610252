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
  idempotency = new Map<string, IdempotencyRecord>()

  constructor(snapshot: StateSnapshot) {
    this.load(snapshot)
  }

  load(snapshot: StateSnapshot) {
    this.customers = new Table(snapshot.customers)
    this.orders = new Table(snapshot.orders)
    this.payments = new Table(snapshot.payments)
    this.accounts = new Table(snapshot.accounts)
    this.transfers = new Table(snapshot.transfers)
    this.idempotency = new Map(
      snapshot.idempotencyKeys.map((record) => [record.scope, record]),
    )
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
