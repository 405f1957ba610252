import { Socket } from 'node:net'
import type pg from 'pg'
import {
  changeSetFromJson,
  changeSetToJson,
  MAX_STORED_EVENTS,
  type AnyRecord,
  type ChangeSet,
  type ChangeSetJson,
  type CommitWatch,
  type Id,
  type IdempotencyRecord,
  type JournalRecord,
  type MockStore,
  type ReplicaState,
  type SharedCommit,
  type SharedState,
  type SharedStore,
  type SharedUnit,
  type StoredEvent,
  type StoredSettings,
  type StoredState,
} from '../store.ts'

/** The lock every unit of work of one mock takes (`pg_advisory_xact_lock`): one mock per database. */
const UNIT_LOCK = 7_261_302_113
/** Held while migrating, so that replicas starting together migrate once. */
const MIGRATION_LOCK = UNIT_LOCK + 1
/** Log entries kept behind the newest: a replica further behind loads the whole state instead. */
const LOG_KEPT = 1_000
/** Journal entries kept; each replica's journal keeps its own limit of the newest. */
const JOURNAL_KEPT = 5_000
/** The channel each commit is announced on (`pg_notify` in the commit's own transaction). */
const COMMIT_CHANNEL = 'hypermock_commit'
/** The first wait before opening the watch connection again; it doubles up to `RECONNECT_MAX_MS`. */
const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 5_000
/**
 * How often the watch connection proves it is alive with a `SELECT 1`, and how long the answer may
 * take. A connection that died without a FIN or RST reaching us (a proxy, NAT or firewall that
 * stopped forwarding) looks open forever, and LISTEN alone never writes to it; 15 s stays under the
 * idle timeouts proxies are commonly given (HAProxy's `timeout client`/`timeout server`, often
 * 30 s), so the query also keeps such a proxy from cutting the connection.
 */
const HEARTBEAT_MS = 15_000
const HEARTBEAT_TIMEOUT_MS = 5_000
/** The oldest PostgreSQL the store's SQL is written for. */
const MIN_SERVER_VERSION = 120_000

/** The versioned migrations: each runs once, in order, in one transaction, recorded in `hypermock_migrations`. */
const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE SEQUENCE hypermock_order;
      CREATE TABLE hypermock_rows (
        tbl text NOT NULL, id text NOT NULL, ord bigint NOT NULL, body text NOT NULL,
        PRIMARY KEY (tbl, id));
      CREATE TABLE hypermock_keys (scope text PRIMARY KEY, ord bigint NOT NULL, body text NOT NULL);
      CREATE TABLE hypermock_meta (key text PRIMARY KEY, value text NOT NULL);
      CREATE TABLE hypermock_journal (id bigint PRIMARY KEY, body text NOT NULL);
      CREATE TABLE hypermock_log (seq bigint PRIMARY KEY, body text NOT NULL);`,
  },
  {
    // The state events' log: the last MAX_STORED_EVENTS, numbered across every replica.
    version: 2,
    sql: `CREATE TABLE hypermock_events (seq bigint PRIMARY KEY, body text NOT NULL);`,
  },
]
const LATEST = MIGRATIONS.at(-1)!.version

export interface PostgresStoreOptions {
  /** How long to wait for a connection before answering 503 (ms). @default 2000 */
  connectTimeoutMs?: number
  /** How long one statement may run, waiting for the lock included, before it fails (ms). @default 5000 */
  queryTimeoutMs?: number
  /** Connections per process. @default 4 */
  poolSize?: number
  /**
   * How often the connection that listens for other replicas' commits runs `SELECT 1`, so that a
   * connection a proxy or firewall silently stopped forwarding is noticed and opened again (ms).
   * @default 15000
   */
  heartbeatMs?: number
  /** How long that `SELECT 1` may take before the connection counts as dead (ms). @default 5000 */
  heartbeatTimeoutMs?: number
}

interface LogJson {
  changes: ChangeSetJson
  replica: ReplicaState | null
  journalCleared: boolean
  journal: JournalRecord[]
}

/**
 * A store in a PostgreSQL database that any number of `serve` replicas share, through `pg`'s
 * connection pool. PostgreSQL is the source of truth: each request is one transaction that takes
 * the mock's advisory lock, reads the log of commits this replica has not seen, and writes the
 * request's rows, keys, settings, counters, journal entries and its own log entry before
 * `COMMIT`, announcing the commit's number on a channel (`pg_notify`, delivered at `COMMIT`) that
 * `watch` listens on. Connections and statements have timeouts, so a database out of reach fails
 * a request in bounded time (the engine answers 503) and the next request tries again.
 */
export class PostgresStore implements MockStore, SharedStore {
  readonly description: string
  readonly shared: SharedStore = this
  private readonly pool: pg.Pool
  private readonly connect: () => pg.Client
  private readonly heartbeat: { everyMs: number; timeoutMs: number }
  private readonly watches = new Set<CommitWatch>()
  /** The pool's connections, each with its socket, and those idle in the pool. */
  private readonly sockets: Map<pg.Client, Socket>
  private readonly idle = new Set<pg.Client>()
  private closed = false

  private constructor(
    pool: pg.Pool,
    description: string,
    connect: () => pg.Client,
    heartbeat: { everyMs: number; timeoutMs: number },
    sockets: Map<pg.Client, Socket>,
  ) {
    this.pool = pool
    this.description = description
    this.connect = connect
    this.heartbeat = heartbeat
    this.sockets = sockets
    pool.on('release', (_error, connection) => this.idle.add(connection))
    pool.on('acquire', (connection) => this.idle.delete(connection))
  }

  /**
   * Connects, checks the server and migrates the tables (`hypermock_*`). Throws a readable error
   * for a database out of reach, too old, without permission, or migrated by a newer hypermock.
   */
  static async open(
    url: string,
    options: PostgresStoreOptions = {},
  ): Promise<PostgresStore> {
    const where = describeUrl(url)
    for (const name of ['heartbeatMs', 'heartbeatTimeoutMs'] as const) {
      const value = options[name]
      if (value !== undefined && !(Number.isFinite(value) && value > 0))
        throw new Error(
          `${name} is a number of milliseconds above 0, got ${String(value)}.`,
        )
    }
    const queryTimeout = options.queryTimeoutMs ?? 5_000
    // Loaded here: a server on a file or in memory never pays for the client.
    const { default: client } = await import('pg')
    const connectTimeout = options.connectTimeoutMs ?? 2_000
    // Each pooled connection on a socket of its own making, so that `close` can end one that is
    // still connecting or waiting for an answer instead of waiting for its timeout.
    const sockets = new Map<pg.Client, Socket>()
    class PooledClient extends client.Client {
      constructor(config?: pg.ClientConfig) {
        const socket = new Socket()
        super({ ...config, stream: () => socket })
        sockets.set(this, socket)
        socket.once('close', () => sockets.delete(this))
      }
    }
    const pool = new client.Pool({
      Client: PooledClient,
      connectionString: url,
      max: options.poolSize ?? 4,
      connectionTimeoutMillis: connectTimeout,
      // Client side (a server that stopped answering) and server side (a statement or a lock wait).
      query_timeout: queryTimeout,
      statement_timeout: queryTimeout,
      idle_in_transaction_session_timeout: queryTimeout * 2,
      idleTimeoutMillis: 10_000,
      keepAlive: true,
      application_name: 'hypermock',
    })
    // An idle connection the server closed (a restart) is dropped by the pool; nothing to do here.
    pool.on('error', () => {})
    // A connection that dies while checked out (a unit of work in flight) also emits 'error' on
    // its client, which the pool no longer listens to; the query in flight rejects and the unit
    // fails with a 503, so the event itself needs no handling, only a listener.
    pool.on('connect', (connection) => connection.on('error', () => {}))
    // The watch connection stays out of the pool: it holds LISTEN for as long as the store is open.
    const connect = () =>
      new client.Client({
        connectionString: url,
        connectionTimeoutMillis: connectTimeout,
        query_timeout: queryTimeout,
        // TCP keepalive keeps a NAT entry warm and, after the kernel's probes (minutes), ends a
        // connection whose peer is gone; a proxy answers the probes itself, hence the heartbeat.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        application_name: 'hypermock-watch',
      })
    const heartbeat = {
      everyMs: options.heartbeatMs ?? HEARTBEAT_MS,
      timeoutMs: options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS,
    }
    const store = new PostgresStore(
      pool,
      `PostgreSQL ${where}`,
      connect,
      heartbeat,
      sockets,
    )
    try {
      await store.migrate()
    } catch (error) {
      await pool.end().catch(() => {})
      throw new Error(`Failed to use PostgreSQL ${where}: ${reason(error)}`, {
        cause: error,
      })
    }
    return store
  }

  private async migrate() {
    const client = await this.pool.connect()
    try {
      const version = await client.query<{ server_version_num: string }>(
        'SHOW server_version_num',
      )
      const number = Number(version.rows[0]!.server_version_num)
      if (number < MIN_SERVER_VERSION)
        throw new Error(
          `the server runs PostgreSQL ${Math.floor(number / 10_000)}; hypermock needs 12 or later.`,
        )
      await client.query('BEGIN')
      await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`)
      await client.query(
        'CREATE TABLE IF NOT EXISTS hypermock_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      const applied = await client.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM hypermock_migrations',
      )
      const current = applied.rows[0]?.version ?? 0
      if (current > LATEST)
        throw new Error(
          `its hypermock tables are at version ${current}, made by a newer hypermock (this one knows up to version ${LATEST}). Upgrade hypermock on every replica, or use another database.`,
        )
      for (const migration of MIGRATIONS) {
        if (migration.version <= current) continue
        await client.query(migration.sql)
        await client.query(
          'INSERT INTO hypermock_migrations (version) VALUES ($1)',
          [migration.version],
        )
      }
      await client.query('COMMIT')
      client.release()
    } catch (error) {
      client.release(true)
      throw error
    }
  }

  async begin(seen: number): Promise<PostgresUnit> {
    const client = await this.pool.connect()
    let head: number
    let since: SharedCommit[] | null = null
    try {
      // One round trip: a quiet replica learns that nothing changed from one row.
      const seenText = String(Math.floor(seen))
      const results = (await client.query(
        seen < 0
          ? `BEGIN; SELECT pg_advisory_xact_lock(${UNIT_LOCK}); SELECT max(seq) AS seq, NULL AS body FROM hypermock_log`
          : `BEGIN; SELECT pg_advisory_xact_lock(${UNIT_LOCK}); SELECT seq, CASE WHEN seq > ${seenText} THEN body END AS body FROM hypermock_log WHERE seq > ${seenText} OR seq = (SELECT max(seq) FROM hypermock_log) ORDER BY seq`,
      )) as unknown as pg.QueryResult<{
        seq: string | null
        body: string | null
      }>[]
      const rows = results[2]!.rows
      head = Number(rows.at(-1)?.seq ?? 0)
      if (seen >= 0 && head >= seen) {
        const newer = rows.filter((row) => Number(row.seq) > seen)
        // Contiguous from the next commit on; a gap means the log was trimmed past what we saw.
        if (newer.length === 0 || Number(newer[0]!.seq) === seen + 1)
          since = newer.map((row) => commitFromJson(row.body!))
      }
    } catch (error) {
      client.release(true)
      throw error
    }
    return new PostgresUnit(client, head, since)
  }

  async load(): Promise<StoredState | null> {
    const unit = await this.begin(-1)
    try {
      const whole = await unit.whole()
      if (!whole) return null
      const { tables, idempotencyKeys, settings, events = [] } = whole
      return { tables, idempotencyKeys, settings, events }
    } finally {
      await unit.rollback()
    }
  }

  async commit(changes: ChangeSet): Promise<void> {
    const unit = await this.begin(-1)
    await unit.commit({
      changes,
      replica: null,
      journalCleared: false,
      journal: [],
    })
  }

  async clear(): Promise<void> {
    const unit = await this.begin(-1)
    try {
      await unit.query(
        'DELETE FROM hypermock_rows; DELETE FROM hypermock_keys; DELETE FROM hypermock_meta; DELETE FROM hypermock_journal; DELETE FROM hypermock_log; DELETE FROM hypermock_events',
      )
      await unit.query('COMMIT')
      unit.release()
    } catch (error) {
      await unit.rollback()
      throw error
    }
  }

  /**
   * Opens a connection of its own that LISTENs on the commit channel, so that a replica with
   * listeners sees another replica's commit at once. When the connection drops (PostgreSQL
   * restarted, a proxy closed it), it is opened again after a growing wait, and `onCommit(null)`
   * then says that commits may have been missed meanwhile. A heartbeat (`SELECT 1` every
   * `heartbeatMs`) notices a connection that died without closing, and ends it the same way.
   */
  async watch(onCommit: (seq: number | null) => void): Promise<CommitWatch> {
    let client: pg.Client | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let beat: ReturnType<typeof setTimeout> | undefined
    let wait = RECONNECT_MIN_MS
    let stopped = false
    const watch = {
      live: false,
      close: async () => {
        stopped = true
        watch.live = false
        clearTimeout(retry)
        clearTimeout(beat)
        this.watches.delete(watch)
        const open = client
        client = null
        await open?.end().catch(() => {})
      },
    }
    const again = () => {
      if (stopped || retry !== undefined) return
      retry = setTimeout(() => {
        retry = undefined
        void listen(true)
      }, wait)
      retry.unref?.()
      wait = Math.min(wait * 2, RECONNECT_MAX_MS)
    }
    const listen = async (reconnect: boolean) => {
      const next = this.connect()
      const dropped = () => {
        if (client !== next) return
        client = null
        watch.live = false
        clearTimeout(beat)
        again()
      }
      // One `SELECT 1` at a time; no answer in time ends the connection (with a query in flight,
      // `end()` destroys the socket rather than wait for a goodbye that cannot arrive).
      const heartbeat = () => {
        beat = setTimeout(() => void check(), this.heartbeat.everyMs)
        beat.unref?.()
      }
      const check = async () => {
        let late: ReturnType<typeof setTimeout> | undefined
        const answered = await Promise.race([
          next.query('SELECT 1').then(
            () => true,
            () => false,
          ),
          new Promise<false>((resolve) => {
            late = setTimeout(() => resolve(false), this.heartbeat.timeoutMs)
            late.unref?.()
          }),
        ])
        clearTimeout(late)
        if (client !== next) return
        if (answered) return heartbeat()
        dropped()
        next.end().catch(() => {})
      }
      next.on('error', dropped)
      next.on('end', dropped)
      next.on('notification', (message) => {
        if (message.channel !== COMMIT_CHANNEL || client !== next) return
        const seq = Number(message.payload)
        onCommit(Number.isSafeInteger(seq) ? seq : null)
      })
      client = next
      try {
        await next.connect()
        await next.query(`LISTEN ${COMMIT_CHANNEL}`)
      } catch {
        next.end().catch(() => {})
        dropped()
        return
      }
      if (stopped || client !== next) {
        await next.end().catch(() => {})
        return
      }
      watch.live = true
      wait = RECONNECT_MIN_MS
      heartbeat()
      if (reconnect) onCommit(null)
    }
    this.watches.add(watch)
    await listen(false)
    return watch
  }

  /**
   * Closes the watch and the pool: idle connections say goodbye; one still connecting or waiting
   * for an answer (a catch-up with the database out of reach) is ended at once, not after its
   * timeout. A mock's store flushes before it closes, so no request of the mock is in flight.
   */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.all([...this.watches].map((watch) => watch.close()))
    const ended = this.pool.end()
    for (const [connection, socket] of this.sockets)
      if (!this.idle.has(connection)) socket.destroy()
    await ended
  }
}

class PostgresUnit implements SharedUnit {
  readonly head: number
  readonly since: SharedCommit[] | null
  private client: pg.PoolClient | null

  constructor(
    client: pg.PoolClient,
    head: number,
    since: SharedCommit[] | null,
  ) {
    this.client = client
    this.head = head
    this.since = since
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ) {
    if (!this.client) throw new Error('The unit of work has ended.')
    return this.client.query<R>(text, values)
  }

  release(broken = false) {
    this.client?.release(broken)
    this.client = null
  }

  async whole(): Promise<SharedState | null> {
    const written = await this.query(
      "SELECT 1 FROM hypermock_meta WHERE key = 'written'",
    )
    if (written.rowCount === 0) return null
    const tables: Record<string, AnyRecord[]> = {}
    const rows = await this.query<{ tbl: string; body: string }>(
      'SELECT tbl, body FROM hypermock_rows ORDER BY ord',
    )
    for (const row of rows.rows)
      (tables[row.tbl] ??= []).push(JSON.parse(row.body) as AnyRecord)
    const keys = await this.query<{ body: string }>(
      'SELECT body FROM hypermock_keys ORDER BY ord',
    )
    const meta = await this.query<{ key: string; value: string }>(
      "SELECT key, value FROM hypermock_meta WHERE key IN ('settings', 'replica')",
    )
    const value = (key: string) =>
      meta.rows.find((row) => row.key === key)?.value
    const settings = value('settings')
    const replica = value('replica')
    const journal = await this.query<{ body: string }>(
      `SELECT body FROM (SELECT id, body FROM hypermock_journal ORDER BY id DESC LIMIT ${JOURNAL_KEPT}) AS newest ORDER BY id`,
    )
    const events = await this.query<{ body: string }>(
      `SELECT body FROM (SELECT seq, body FROM hypermock_events ORDER BY seq DESC LIMIT ${MAX_STORED_EVENTS}) AS newest ORDER BY seq`,
    )
    return {
      events: events.rows.map((row) => JSON.parse(row.body) as StoredEvent),
      tables,
      idempotencyKeys: keys.rows.map(
        (row) => JSON.parse(row.body) as IdempotencyRecord,
      ),
      settings: settings ? (JSON.parse(settings) as StoredSettings) : null,
      replica: replica ? (JSON.parse(replica) as ReplicaState) : null,
      journal: journal.rows.map((row) => JSON.parse(row.body) as JournalRecord),
    }
  }

  async commit(entry: SharedCommit): Promise<number> {
    const seq = this.head + 1
    const { changes } = entry
    try {
      // Deletes first, in their own statements: the inserts below must see them.
      if (changes.replaced.size > 0)
        await this.query('DELETE FROM hypermock_rows WHERE tbl = ANY($1)', [
          [...changes.replaced],
        ])
      const gone = { tbl: [] as string[], id: [] as string[] }
      const written = {
        tbl: [] as string[],
        id: [] as string[],
        body: [] as string[],
      }
      for (const [table, rows] of changes.rows)
        for (const [id, row] of rows)
          if (row === null) {
            gone.tbl.push(table)
            gone.id.push(idText(id))
          } else {
            written.tbl.push(table)
            written.id.push(idText(id))
            written.body.push(JSON.stringify(row))
          }
      if (gone.id.length > 0)
        await this.query(
          'DELETE FROM hypermock_rows AS r USING unnest($1::text[], $2::text[]) AS d(tbl, id) WHERE r.tbl = d.tbl AND r.id = d.id',
          [gone.tbl, gone.id],
        )
      const keys = { scope: [] as string[], body: [] as string[] }
      const keysGone: string[] = []
      for (const [scope, record] of changes.keys)
        if (record === null) keysGone.push(scope)
        else {
          keys.scope.push(scope)
          keys.body.push(JSON.stringify(record))
        }
      if (changes.keysReplaced) await this.query('DELETE FROM hypermock_keys')
      if (keysGone.length > 0)
        await this.query('DELETE FROM hypermock_keys WHERE scope = ANY($1)', [
          keysGone,
        ])
      if (entry.journalCleared)
        await this.query('DELETE FROM hypermock_journal')
      const meta = { key: ['written'], value: ['1'] }
      if (changes.settings) {
        meta.key.push('settings')
        meta.value.push(JSON.stringify(changes.settings))
      }
      if (entry.replica) {
        meta.key.push('replica')
        meta.value.push(JSON.stringify(entry.replica))
      }
      const log: LogJson = {
        changes: changeSetToJson(changes),
        replica: entry.replica,
        journalCleared: entry.journalCleared,
        journal: entry.journal,
      }
      // Every write of the unit in one statement, one round trip.
      await this.query(
        `WITH r AS (
           INSERT INTO hypermock_rows (tbl, id, ord, body)
           SELECT tbl, id, nextval('hypermock_order'), body
             FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(tbl, id, body, n) ORDER BY n
           ON CONFLICT (tbl, id) DO UPDATE SET body = excluded.body),
         k AS (
           INSERT INTO hypermock_keys (scope, ord, body)
           SELECT scope, nextval('hypermock_order'), body
             FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS u(scope, body, n) ORDER BY n
           ON CONFLICT (scope) DO UPDATE SET body = excluded.body),
         m AS (
           INSERT INTO hypermock_meta (key, value) SELECT * FROM unnest($6::text[], $7::text[])
           ON CONFLICT (key) DO UPDATE SET value = excluded.value),
         j AS (
           INSERT INTO hypermock_journal (id, body) SELECT * FROM unnest($8::bigint[], $9::text[])
           ON CONFLICT (id) DO UPDATE SET body = excluded.body),
         e AS (
           INSERT INTO hypermock_events (seq, body) SELECT * FROM unnest($12::bigint[], $13::text[])
           ON CONFLICT (seq) DO UPDATE SET body = excluded.body)
         INSERT INTO hypermock_log (seq, body) VALUES ($10, $11)
         RETURNING pg_notify('${COMMIT_CHANNEL}', seq::text)`,
        [
          written.tbl,
          written.id,
          written.body,
          keys.scope,
          keys.body,
          meta.key,
          meta.value,
          entry.journal.map((record) => record.id),
          entry.journal.map((record) => JSON.stringify(record)),
          seq,
          JSON.stringify(log),
          (changes.events ?? []).map((event) => event.seq),
          (changes.events ?? []).map((event) => JSON.stringify(event)),
        ],
      )
      // Trimmed now and then, never below what a replica catching up or a reader needs.
      if (seq % 100 === 0) {
        await this.query('DELETE FROM hypermock_log WHERE seq <= $1', [
          seq - LOG_KEPT,
        ])
        await this.query(
          `DELETE FROM hypermock_events WHERE seq <= (SELECT max(seq) FROM hypermock_events) - ${MAX_STORED_EVENTS}`,
        )
        const last = entry.replica?.journalCounter
        if (last !== undefined)
          await this.query('DELETE FROM hypermock_journal WHERE id <= $1', [
            last - JOURNAL_KEPT,
          ])
      }
      await this.query('COMMIT')
    } catch (error) {
      this.release(true)
      throw error
    }
    this.release()
    return seq
  }

  async rollback(): Promise<void> {
    const client = this.client
    if (!client) return
    this.client = null
    try {
      await client.query('ROLLBACK')
      client.release()
    } catch (error) {
      client.release(error as Error)
    }
  }
}

function commitFromJson(text: string): SharedCommit {
  const log = JSON.parse(text) as LogJson
  return {
    changes: changeSetFromJson(log.changes),
    replica: log.replica,
    journalCleared: log.journalCleared,
    journal: log.journal,
  }
}

/** Ids keep their type: 1 and "1" are two rows. */
const idText = (id: Id) => JSON.stringify(id)

/** Host, port and database, never the user's password. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`
  } catch {
    return '(an unreadable URL)'
  }
}

/** Whether `--data` names a PostgreSQL database rather than a file. */
export const isPostgresUrl = (value: string) =>
  /^postgres(ql)?:\/\//i.test(value)

/** What went wrong, in words a user can act on. */
function reason(error: unknown): string {
  const code = (error as { code?: string }).code
  const message = (error as Error).message ?? String(error)
  if (code === 'ECONNREFUSED')
    return 'nothing answers there (is PostgreSQL running, on that host and port?).'
  if (code === '42501')
    return `no permission (${message}). Grant the user CREATE and USAGE on the schema, or connect as its owner.`
  if (code === '3D000') return `${message}. Create it first: createdb <name>.`
  if (code === '28P01' || code === '28000')
    return `${message}. Check the user and password in the URL.`
  return message.endsWith('.') ? message : `${message}.`
}
