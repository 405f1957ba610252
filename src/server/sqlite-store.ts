import type * as sqlite from 'node:sqlite'
import type { DatabaseSync, StatementSync } from 'node:sqlite'

type SqliteModule = typeof sqlite
import type {
  AnyRecord,
  ChangeSet,
  Id,
  IdempotencyRecord,
  MockStore,
  StoredEvent,
  StoredSettings,
  StoredState,
} from '../store.ts'
import { MAX_STORED_EVENTS } from '../store.ts'

const SCHEMA_VERSION = '1'

/**
 * A store in one SQLite file, through Node's built-in `node:sqlite` (no native build to install).
 * Every commit is one transaction in write-ahead-log mode with `synchronous = FULL`: a commit is on
 * disk before the response leaves, and a process killed mid-write leaves the last commit whole.
 * The file is locked for as long as the store is open, so a second process gets a clear error
 * instead of two mocks overwriting each other's rows.
 */
export class SqliteStore implements MockStore {
  readonly description: string
  private readonly db: DatabaseSync
  private readonly statements: {
    upsertRow: StatementSync
    deleteRow: StatementSync
    deleteTable: StatementSync
    upsertKey: StatementSync
    deleteKey: StatementSync
    setMeta: StatementSync
    addEvent: StatementSync
    trimEvents: StatementSync
  }
  private seq: number
  private closed = false

  private constructor(db: DatabaseSync, file: string) {
    this.db = db
    this.description = `SQLite ${file}`
    this.statements = {
      upsertRow: db.prepare(
        'INSERT INTO rows (tbl, id, seq, body) VALUES (?, ?, ?, ?) ON CONFLICT (tbl, id) DO UPDATE SET body = excluded.body',
      ),
      deleteRow: db.prepare('DELETE FROM rows WHERE tbl = ? AND id = ?'),
      deleteTable: db.prepare('DELETE FROM rows WHERE tbl = ?'),
      upsertKey: db.prepare(
        'INSERT INTO keys (scope, seq, body) VALUES (?, ?, ?) ON CONFLICT (scope) DO UPDATE SET body = excluded.body',
      ),
      deleteKey: db.prepare('DELETE FROM keys WHERE scope = ?'),
      setMeta: db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      addEvent: db.prepare(
        'INSERT INTO events (seq, body) VALUES (?, ?) ON CONFLICT (seq) DO UPDATE SET body = excluded.body',
      ),
      trimEvents: db.prepare(
        'DELETE FROM events WHERE seq NOT IN (SELECT seq FROM events ORDER BY seq DESC LIMIT ?)',
      ),
    }
    const max = db
      .prepare(
        'SELECT MAX(seq) AS seq FROM (SELECT seq FROM rows UNION ALL SELECT seq FROM keys)',
      )
      .get() as { seq: number | null } | undefined
    this.seq = max?.seq ?? 0
  }

  /**
   * Opens (or creates) the file and locks it. Throws a readable error on Node without
   * `node:sqlite`, for a file another process holds, and for a file that is not a hypermock store.
   */
  static async open(file: string): Promise<SqliteStore> {
    const sqlite = await loadSqlite()
    let db: DatabaseSync
    try {
      db = new sqlite.DatabaseSync(file, { timeout: 0 })
    } catch (error) {
      throw new Error(
        `Failed to open the data file ${file}: ${(error as Error).message}.`,
        { cause: error },
      )
    }
    try {
      db.exec('PRAGMA journal_mode = WAL')
      db.exec('PRAGMA synchronous = FULL')
      // Held from the first write until close: a second process cannot read or write the file.
      db.exec('PRAGMA locking_mode = EXCLUSIVE')
      db.exec('BEGIN EXCLUSIVE')
      db.exec(`
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS rows (
          tbl TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
          PRIMARY KEY (tbl, id));
        CREATE TABLE IF NOT EXISTS keys (
          scope TEXT PRIMARY KEY, seq INTEGER NOT NULL, body TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
        INSERT INTO meta (key, value) VALUES ('schema', '${SCHEMA_VERSION}')
          ON CONFLICT (key) DO NOTHING;
      `)
      db.exec('COMMIT')
    } catch (error) {
      db.close()
      const message = (error as Error).message
      if (/locked|busy/i.test(message))
        throw new Error(
          `Failed to open the data file ${file}: another process is using it (a second hypermock on the same file?). Stop that process, or pass another file: --data ./other.db.`,
          { cause: error },
        )
      throw new Error(
        `Failed to open the data file ${file}: ${message}. Is it a hypermock data file? Pass a new path to start afresh.`,
        { cause: error },
      )
    }
    const schema = db
      .prepare("SELECT value FROM meta WHERE key = 'schema'")
      .get() as { value: string } | undefined
    if (schema?.value !== SCHEMA_VERSION) {
      db.close()
      throw new Error(
        `Failed to open the data file ${file}: it was written by another version of hypermock (data format ${String(schema?.value)}, this one reads ${SCHEMA_VERSION}).`,
      )
    }
    return new SqliteStore(db, file)
  }

  load(): StoredState | null {
    const written = this.db
      .prepare("SELECT value FROM meta WHERE key = 'written'")
      .get()
    if (!written) return null
    const tables: Record<string, AnyRecord[]> = {}
    for (const row of this.db
      .prepare('SELECT tbl, body FROM rows ORDER BY seq')
      .all() as { tbl: string; body: string }[])
      (tables[row.tbl] ??= []).push(JSON.parse(row.body) as AnyRecord)
    const idempotencyKeys = (
      this.db.prepare('SELECT body FROM keys ORDER BY seq').all() as {
        body: string
      }[]
    ).map((row) => JSON.parse(row.body) as IdempotencyRecord)
    const settings = this.db
      .prepare("SELECT value FROM meta WHERE key = 'settings'")
      .get() as { value: string } | undefined
    const events = (
      this.db.prepare('SELECT body FROM events ORDER BY seq').all() as {
        body: string
      }[]
    ).map((row) => JSON.parse(row.body) as StoredEvent)
    return {
      tables,
      idempotencyKeys,
      settings: settings
        ? (JSON.parse(settings.value) as StoredSettings)
        : null,
      events,
    }
  }

  commit(changes: ChangeSet) {
    const s = this.statements
    this.db.exec('BEGIN IMMEDIATE')
    try {
      for (const table of changes.replaced) s.deleteTable.run(table)
      for (const [table, rows] of changes.rows)
        for (const [id, row] of rows)
          if (row === null) s.deleteRow.run(table, idText(id))
          else
            s.upsertRow.run(table, idText(id), ++this.seq, JSON.stringify(row))
      if (changes.keysReplaced) this.db.exec('DELETE FROM keys')
      for (const [scope, record] of changes.keys)
        if (record === null) s.deleteKey.run(scope)
        else s.upsertKey.run(scope, ++this.seq, JSON.stringify(record))
      if (changes.settings)
        s.setMeta.run('settings', JSON.stringify(changes.settings))
      if (changes.events?.length) {
        for (const event of changes.events)
          s.addEvent.run(event.seq, JSON.stringify(event))
        s.trimEvents.run(MAX_STORED_EVENTS)
      }
      s.setMeta.run('written', '1')
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  clear() {
    this.db.exec('BEGIN IMMEDIATE')
    this.db.exec(
      "DELETE FROM rows; DELETE FROM keys; DELETE FROM events; DELETE FROM meta WHERE key <> 'schema'",
    )
    this.db.exec('COMMIT')
  }

  close() {
    if (this.closed) return
    this.closed = true
    this.db.close()
  }
}

/** Ids keep their type: 1 and "1" are two rows. */
const idText = (id: Id) => JSON.stringify(id)

async function loadSqlite(): Promise<SqliteModule> {
  try {
    return await import('node:sqlite')
  } catch (error) {
    throw new Error(
      `Failed to open a data file: it needs Node.js 22.13 or later (node:sqlite), and this is Node.js ${process.versions.node}. Upgrade Node.js (22.13+ or 24; 22.5 to 22.12 have node:sqlite only behind --experimental-sqlite), or serve without --data to keep the data in memory.`,
      { cause: error },
    )
  }
}
