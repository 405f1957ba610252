import {
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises'
import { join } from 'node:path'
import {
  MAX_STORED_EVENTS,
  type AnyRecord,
  type ChangeSet,
  type Id,
  type IdempotencyRecord,
  type MockStore,
  type StoredEvent,
  type StoredSettings,
  type StoredState,
} from 'hypermock-api/store'

/** What the store holds, each row and key as its JSON text: nothing written later leaks in. */
interface Held {
  tables: Map<string, Map<Id, string>>
  keys: Map<string, string>
  settings: string | null
  /** The event log's tail, oldest first. */
  events: string[]
}

/** Beside the tables' files: their order, the idempotency keys, the settings and the events. */
interface Index {
  tables: string[]
  keys: IdempotencyRecord[]
  settings: StoredSettings | null
  events?: StoredEvent[]
}

const tableFile = (table: string) => `${encodeURIComponent(table)}.json`

/**
 * A mock's state as one JSON file per resource in a folder. Each commit writes a new generation
 * (`g1/`, `g2/`, …) and then points `current` at it with one rename, so a crash leaves the last
 * whole commit in place.
 */
export class JsonFileStore implements MockStore {
  readonly description: string
  private readonly dir: string
  private held: Held | null
  private generation: number

  private constructor(dir: string, held: Held | null, generation: number) {
    this.dir = dir
    this.held = held
    this.generation = generation
    this.description = `JSON files ${dir}`
  }

  static async open(dir: string): Promise<JsonFileStore> {
    await mkdir(dir, { recursive: true })
    const current = await readFile(join(dir, 'current'), 'utf8').catch(
      () => null,
    )
    // A generation a crash left half written is not `current`: it goes.
    for (const entry of await readdir(dir))
      if (/^g\d+$/.test(entry) && entry !== current)
        await rm(join(dir, entry), { recursive: true, force: true })
    if (current === null) return new JsonFileStore(dir, null, 0)
    const folder = join(dir, current)
    const index = JSON.parse(
      await readFile(join(folder, 'index.json'), 'utf8'),
    ) as Index
    const tables = new Map<string, Map<Id, string>>()
    for (const table of index.tables) {
      const rows = JSON.parse(
        await readFile(join(folder, tableFile(table)), 'utf8'),
      ) as [Id, AnyRecord][]
      tables.set(
        table,
        new Map(rows.map(([id, row]) => [id, JSON.stringify(row)])),
      )
    }
    const held: Held = {
      tables,
      keys: new Map(index.keys.map((key) => [key.scope, JSON.stringify(key)])),
      settings: index.settings === null ? null : JSON.stringify(index.settings),
      events: (index.events ?? []).map((event) => JSON.stringify(event)),
    }
    return new JsonFileStore(dir, held, Number(current.slice(1)))
  }

  load(): StoredState | null {
    if (!this.held) return null
    const tables: Record<string, AnyRecord[]> = {}
    for (const [table, rows] of this.held.tables)
      tables[table] = [...rows.values()].map((row) => JSON.parse(row))
    return {
      tables,
      idempotencyKeys: [...this.held.keys.values()].map((key) =>
        JSON.parse(key),
      ),
      settings:
        this.held.settings === null ? null : JSON.parse(this.held.settings),
      events: this.held.events.map((event) => JSON.parse(event)),
    }
  }

  async commit(changes: ChangeSet) {
    // The next state is built (every row serialised) before a file is written: a row JSON cannot
    // hold fails the commit with nothing changed.
    const before = this.held ?? {
      tables: new Map(),
      keys: new Map(),
      settings: null,
      events: [],
    }
    const tables = new Map(before.tables)
    for (const table of changes.replaced) tables.set(table, new Map())
    for (const [table, written] of changes.rows) {
      const rows = new Map(tables.get(table))
      for (const [id, row] of written)
        if (row === null) rows.delete(id)
        else rows.set(id, JSON.stringify(row))
      tables.set(table, rows)
    }
    const keys = new Map(changes.keysReplaced ? [] : before.keys)
    for (const [scope, key] of changes.keys)
      if (key === null) keys.delete(scope)
      else keys.set(scope, JSON.stringify(key))
    const settings =
      changes.settings === null
        ? before.settings
        : JSON.stringify(changes.settings)
    // The last MAX_STORED_EVENTS events are kept.
    const events = [
      ...before.events,
      ...(changes.events ?? []).map((event) => JSON.stringify(event)),
    ].slice(-MAX_STORED_EVENTS)

    const generation = this.generation + 1
    const folder = join(this.dir, `g${generation}`)
    await rm(folder, { recursive: true, force: true })
    await mkdir(folder)
    for (const [table, rows] of tables)
      await writeFile(
        join(folder, tableFile(table)),
        `[${[...rows].map(([id, row]) => `[${JSON.stringify(id)},${row}]`).join(',\n')}]\n`,
      )
    await writeFile(
      join(folder, 'index.json'),
      `{"tables":${JSON.stringify([...tables.keys()])},"keys":[${[...keys.values()].join(',')}],"settings":${settings ?? 'null'},"events":[${events.join(',')}]}\n`,
    )
    await writeFile(join(this.dir, 'current.next'), `g${generation}`)
    await rename(join(this.dir, 'current.next'), join(this.dir, 'current'))
    await rm(join(this.dir, `g${this.generation}`), {
      recursive: true,
      force: true,
    })
    this.held = { tables, keys, settings, events }
    this.generation = generation
  }

  async clear() {
    // Without `current` the folder is an empty store, whatever else is left in it.
    await rm(join(this.dir, 'current'), { force: true })
    await rm(join(this.dir, `g${this.generation}`), {
      recursive: true,
      force: true,
    })
    this.held = null
  }

  close() {
    // Nothing stays open between commits.
  }
}
