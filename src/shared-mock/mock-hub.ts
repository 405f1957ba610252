import type { DeclaredMockOptions } from '../mock-server/control/remote-mock-api.ts'
import type { FaultRule, MockApi } from '../mock-server/index.ts'
import { mockApiOf } from '../mock-server/mock-api-of.ts'
import { createRuntime } from '../mock-server/create-runtime.ts'
import { resolveOptions } from '../mock-server/options.ts'
import type { Runtime } from '../mock-server/runtime.ts'
import {
  controlCommands,
  runControlCommand,
} from '../mock-server/control/control-commands.ts'
import { ChangeTracker } from './change-tracker.ts'
import { checkStoredRows } from '../mock-server/store/check-stored-rows.ts'
import type { AnyRecord } from '../mock-server/declare/types.ts'
import type { IdempotencyRecord } from '../mock-server/store/types.ts'
import { HubClock } from './hub-clock.ts'
import type { MockStore, StoreLoad } from './mock-store.ts'
import {
  deserializeRequest,
  serializeResponse,
  type HubEvent,
  type HubMessage,
  type Mirror,
  type HubCommand,
  type PortLike,
  type TabMessage,
} from './protocol.ts'

export interface MockHubOptions {
  /**
   * The mock's options, the declaration among them: they stay where the hub runs (the leading
   * tab), so functions in them never cross a port.
   */
  options: DeclaredMockOptions
  /** The database to keep the mock in, or false to keep it in memory only. */
  database: string | false
  /** Opens the database (IndexedDB in a browser); told the tables the declaration holds. */
  openStore: (name: string, tables: readonly string[]) => Promise<MockStore>
  /** Where unexpected errors go (the console). */
  report?: (error: unknown) => void
  /** Where a report on the stored data goes (rows left out, settings refused): the console. */
  warn?: (message: string) => void
}

export interface MockHub {
  /** Serves one tab: its hello, requests and control commands, in the order it sent them. */
  connect(port: PortLike): void
  /** The mock every tab shares, once the first hello has created it (for tests). */
  readonly api: MockApi | undefined
  /** Resolves once every change so far is stored (or failed to be). */
  flush(): Promise<void>
}

/** `QuotaExceededError: …` names what the browser refused; a plain Error's message says enough. */
const errorText = (error: unknown) =>
  error instanceof Error
    ? error.name === 'Error'
      ? error.message
      : `${error.name}: ${error.message}`
    : String(error)

const isWrite = (name: string) =>
  name in controlCommands &&
  controlCommands[name as keyof typeof controlCommands].write

const faultNumber = (rule: FaultRule) => Number(rule.id.replace(/^\D+/, ''))

/**
 * The one mock an origin's tabs share. It runs where every tab can reach it (a SharedWorker), answers
 * each tab's forwarded requests, applies their control commands, keeps the data in a store (a
 * write is stored before its answer leaves) and tells every tab what changed.
 */
export function createMockHub({
  options,
  database,
  openStore,
  report = (error) => console.error(error),
  warn = (message) => console.warn(message),
}: MockHubOptions): MockHub {
  const ports = new Set<PortLike>()
  let api: MockApi | undefined
  let runtime: Runtime | undefined
  let ready: Promise<void> | undefined
  let store: MockStore | null = null
  let startedEmpty = false
  let startupNotice: string | null = null
  let nextFault = 1
  let dirty = false
  /** Stored data that could not be read stays untouched until the page resets the mock. */
  let paused = false
  let saving: Promise<void> = Promise.resolve()
  let saveFailed = false
  let tracker: ChangeTracker
  const clock = new HubClock()

  const post = (port: PortLike, message: HubMessage) =>
    port.postMessage(message)
  const broadcast = (message: HubMessage) => {
    for (const port of ports) post(port, message)
  }

  const clockOffsetMs = () => runtime!.clock.now() - runtime!.options.now()

  function mirror(): Mirror {
    return {
      state: api!.state.snapshot(),
      faults: api!.faults.list(),
      config: api!.config.get(),
      journal: api!.journal.list(),
      clockOffsetMs: clockOffsetMs(),
      nextFault,
    }
  }

  function toEvent(
    event: Parameters<Parameters<MockApi['subscribe']>[0]>[0],
  ): HubEvent {
    switch (event.type) {
      case 'request':
        return {
          type: 'request',
          entry: event.entry,
          faults: api!.faults.list(),
        }
      case 'state':
        return { type: 'state' }
      case 'faults': {
        const faults = api!.faults.list()
        for (const rule of faults)
          nextFault = Math.max(nextFault, faultNumber(rule) + 1)
        return { type: 'faults', faults, nextFault }
      }
      case 'config':
        return { type: 'config', config: api!.config.get() }
      case 'clock':
        return { type: 'clock', clockOffsetMs: clockOffsetMs() }
      case 'journal':
        return { type: 'journal', journal: api!.journal.list() }
      case 'reset':
        nextFault = 1
        return { type: 'reset', mirror: mirror() }
    }
  }

  async function save() {
    if (!store || !dirty || paused) return
    dirty = false
    const changes = tracker.diff(runtime!.db)
    try {
      await store.write({
        stores: changes.stores,
        settings: {
          version: 1,
          faults: api!.faults
            .list()
            .map(({ id: _id, matched: _m, fired: _f, ...rule }) => rule),
          config: api!.config.get(),
        },
      })
      changes.commit()
      if (saveFailed) {
        saveFailed = false
        broadcast({
          kind: 'notice',
          message:
            'Saving to browser storage works again: every change is stored.',
        })
      }
    } catch (error) {
      // What failed stays unsaved, so the next save tries it again.
      dirty = true
      if (!saveFailed) {
        saveFailed = true
        broadcast({
          kind: 'notice',
          message: `Could not save the mock to browser storage (${errorText(error)}). It keeps working in memory, but changes from now on are lost when the last tab closes. Free some space (or leave private browsing) to save again.`,
        })
      }
    }
  }

  function flush() {
    saving = saving.then(save)
    return saving
  }

  async function start() {
    const resolved = resolveOptions({
      now: clock.now,
      sleep: clock.sleep,
      ...options,
    })
    runtime = createRuntime(resolved)
    tracker = new ChangeTracker([...runtime.api.resources.keys()])
    api = mockApiOf(runtime) as unknown as MockApi
    if (database !== false) {
      try {
        store = await openStore(database, [...runtime.api.resources.keys()])
      } catch (error) {
        startupNotice = `Browser storage is unavailable (${errorText(error)}); the mock works in memory and starts from its seed data on every visit.`
      }
    }
    const loaded: StoreLoad = store
      ? await store.load().catch((error: unknown) => ({
          kind: 'corrupted' as const,
          reason: `the browser could not read it: ${errorText(error)}`,
        }))
      : { kind: 'empty' }
    // Loading never changes what is stored: only a change made afterwards is written.
    let unfit = false
    if (loaded.kind === 'empty') startedEmpty = true
    if (loaded.kind === 'corrupted') {
      paused = true
      startupNotice = `Saved mock data could not be read (${loaded.reason}). The mock runs from its seed data in memory and leaves what is stored untouched; api.reset() replaces it and saving resumes.`
    }
    if (loaded.kind === 'loaded') {
      const notices: string[] = []
      const stored = loaded.value.state as unknown as Record<string, unknown>
      const tables: Record<string, AnyRecord[]> = {}
      for (const [name, rows] of Object.entries(stored))
        if (name !== 'schemaVersion' && name !== 'idempotencyKeys')
          tables[name] = Array.isArray(rows) ? (rows as AnyRecord[]) : []
      const report = checkStoredRows(runtime.api, {
        tables,
        idempotencyKeys: Array.isArray(stored.idempotencyKeys)
          ? (stored.idempotencyKeys as IdempotencyRecord[])
          : [],
        settings: null,
      })
      // Already checked and copied: loaded as is (100,000 rows are not parsed twice).
      const now = runtime.clock.now()
      report.fitting.idempotencyKeys = report.fitting.idempotencyKeys.filter(
        (record) => Date.parse(record.expiresAt) > now,
      )
      runtime.db.load(report.fitting)
      if (!report.fits) {
        unfit = true
        notices.push(
          `${report.message}\nThose rows were left out; they stay stored until the mock's data next changes, which keeps only the rows that fit (api.reset() starts over from the seed).`,
        )
      }
      try {
        api.config.update(loaded.value.config)
      } catch (error) {
        notices.push(`The stored settings were left out: ${errorText(error)}`)
      }
      for (const rule of loaded.value.faults) {
        try {
          api.faults.add(rule)
        } catch (error) {
          notices.push(`A stored fault rule was left out: ${errorText(error)}`)
        }
      }
      if (notices.length > 0) startupNotice = notices.join(' ')
    }
    nextFault = Math.max(1, ...api.faults.list().map((r) => faultNumber(r) + 1))
    if (loaded.kind === 'loaded' && !unfit) tracker.markSaved(runtime.db)
    else if (loaded.kind === 'empty' && store) {
      // An empty database takes the seed whole.
      dirty = true
      await flush()
    }
    // With rows left out, nothing is marked saved: the first change writes every table whole.
    if (startupNotice !== null) warn(startupNotice)
    api.subscribe((event) => {
      if (event.type === 'reset' && paused) {
        // The page chose to replace what could not be read.
        paused = false
        saving = saving.then(() => store?.clear()).catch(() => {})
      }
      if (event.type !== 'request' || event.entry.fault !== null) {
        if (event.type !== 'journal' && event.type !== 'clock') dirty = true
      }
      broadcast({ kind: 'event', event: toEvent(event) })
    })
  }

  function apply(op: HubCommand): unknown {
    const mock = api!
    switch (op.name) {
      case 'migrate': {
        // Only into an empty database, once: later tabs find the migrated data already there.
        if (!startedEmpty) return false
        startedEmpty = false
        try {
          mock.state.restore(op.legacy.state)
          mock.config.update(op.legacy.config)
          mock.faults.clear()
          for (const rule of op.legacy.faults) mock.faults.add(rule)
        } catch (error) {
          mock.reset()
          throw error
        }
        return true
      }
      case 'pull':
        return mirror()
      default:
        return runControlCommand(mock, op.name, op.input as never)
    }
  }

  const sleeping = new Map<number, () => void>()
  let nextSleep = 1
  function askToSleep(port: PortLike, ms: number) {
    const id = nextSleep++
    return new Promise<void>((resolve) => {
      sleeping.set(id, resolve)
      post(port, { kind: 'sleep', id, ms })
    })
  }

  async function handle(port: PortLike, message: TabMessage) {
    if (message.kind === 'woke') {
      sleeping.get(message.id)?.()
      sleeping.delete(message.id)
      return
    }
    if (message.kind === 'hello') {
      ready ??= start()
      await ready
      ports.add(port)
      post(port, { kind: 'welcome', mirror: mirror(), notice: startupNotice })
      // The notice is for the tabs that saw the data discarded, not for every later one.
      startupNotice = null
      return
    }
    await ready
    if (message.kind === 'fetch') {
      clock.follow(
        message.now ?? null,
        message.now === undefined ? null : (ms) => askToSleep(port, ms),
      )
      const response = await api!.fetch(deserializeRequest(message.request))
      const serialized = await serializeResponse(response)
      await flush()
      port.postMessage(
        {
          kind: 'response',
          id: message.id,
          response: serialized,
        } satisfies HubMessage,
        serialized.body ? [serialized.body] : [],
      )
      return
    }
    let reply: HubMessage
    try {
      const value = apply(message.command)
      if (message.command.name === 'migrate' || isWrite(message.command.name)) {
        if (message.command.name === 'migrate') dirty = true
        await flush()
      }
      reply = { kind: 'reply', id: message.id, ok: true, value }
    } catch (error) {
      reply = {
        kind: 'reply',
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }
    }
    post(port, reply)
  }

  return {
    connect(port) {
      port.addEventListener('message', (event: MessageEvent) => {
        handle(port, event.data as TabMessage).catch(report)
      })
      port.start?.()
    },
    get api() {
      return api
    },
    flush,
  }
}
