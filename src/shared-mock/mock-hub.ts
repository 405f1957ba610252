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
import {
  attachStore,
  StoredRowsMismatchError,
  type AttachedStore,
} from '../mock-server/store/attach-store.ts'
import type { MockStore } from '../mock-server/store/mock-store.ts'
import { HubClock } from './hub-clock.ts'
import { mismatchNotice, type StoredDataMismatch } from './mismatch-notice.ts'
import { retryingStore } from './retrying-store.ts'
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
  /** Opens the database (IndexedDB in a browser). */
  openStore: (name: string) => Promise<MockStore>
  /**
   * Stored rows that no longer fit the declaration: see `StoredDataMismatch`.
   * @default 'report'
   */
  onMismatch?: StoredDataMismatch
  /** Where unexpected errors go (the console). */
  report?: (error: unknown) => void
  /** Where notices on browser storage go (unavailable, unreadable, a save failed): the console. */
  warn?: (message: string) => void
  /** Where the report of stored rows that no longer fit goes: the console, as an error. */
  mismatch?: (message: string) => void
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
 * The one mock an origin's tabs share. It runs where every tab can reach it (the leading tab), answers
 * each tab's forwarded requests, applies their control commands, keeps the data in a store (a
 * write is stored before its answer leaves) and tells every tab what changed.
 */
export function createMockHub({
  options,
  database,
  openStore,
  onMismatch = 'report',
  report = (error) => console.error(error),
  warn = (message) => console.warn(message),
  mismatch = (message) => console.error(message),
}: MockHubOptions): MockHub {
  const ports = new Set<PortLike>()
  let api: MockApi | undefined
  let runtime: Runtime | undefined
  let ready: Promise<void> | undefined
  let store: MockStore | null = null
  let attached: AttachedStore | null = null
  let startedEmpty = false
  let startupNotice: string | null = null
  /** Why the hub did not start (stored rows refused): every tab that says hello is told. */
  let refused: string | null = null
  let nextFault = 1
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

  /** Resolves once every change so far is in the store (or failed to be, with a notice). */
  function flush() {
    return attached?.flush() ?? Promise.resolve()
  }

  const notice = (message: string) => broadcast({ kind: 'notice', message })

  async function openKept(name: string) {
    try {
      return retryingStore(await openStore(name), {
        failed: (error) =>
          notice(
            `Could not save the mock to browser storage (${errorText(error)}). It keeps working in memory, but changes from now on are lost when the last tab closes. Free some space (or leave private browsing) to save again.`,
          ),
        recovered: () =>
          notice(
            'Saving to browser storage works again: every change is stored.',
          ),
      })
    } catch (error) {
      startupNotice = `Browser storage is unavailable (${errorText(error)}); the mock works in memory and starts from its seed data on every visit.`
      return null
    }
  }

  /** Makes the store the mock's home: it resumes from the store, or the store takes the seed. */
  async function attach(kept: MockStore) {
    try {
      attached = await attachStore(runtime!, kept, { onMismatch })
    } catch (error) {
      if (error instanceof StoredRowsMismatchError) {
        refused = mismatchNotice(error.report, kept, 'refuse')
        mismatch(refused)
        return
      }
      // Unreadable: left untouched until the page chooses to replace it (api.reset()).
      startupNotice = `Saved mock data could not be read (${errorText(error)}). The mock runs from its seed data in memory and leaves what is stored untouched; api.reset() replaces it and saving resumes.`
      return
    }
    startedEmpty = attached.started === 'empty'
    if (attached.report) {
      startupNotice = mismatchNotice(attached.report, kept, onMismatch)
      mismatch(startupNotice)
    }
  }

  async function start() {
    const resolved = resolveOptions({
      now: clock.now,
      sleep: clock.sleep,
      ...options,
    })
    runtime = createRuntime(resolved)
    api = mockApiOf(runtime) as unknown as MockApi
    if (database !== false) store = await openKept(database)
    if (store) await attach(store)
    else startedEmpty = true
    if (refused !== null) return
    if (startupNotice !== null && !attached?.report) warn(startupNotice)
    nextFault = Math.max(1, ...api.faults.list().map((r) => faultNumber(r) + 1))
    api.subscribe((event) => {
      if (event.type === 'reset' && store && !attached) {
        // The page chose to replace what could not be read: the store starts again from here.
        const kept = store
        void (async () => {
          await kept.clear()
          attached = await attachStore(runtime!, kept)
        })().catch(report)
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

  /** The event streams a tab reads, by port and fetch id: each chunk read when the tab pulls. */
  const streams = new Map<
    PortLike,
    Map<number, ReadableStreamDefaultReader<Uint8Array>>
  >()

  async function pullStream(
    port: PortLike,
    message: { kind: 'pull' | 'cancel'; id: number },
  ) {
    const open = streams.get(port)
    const reader = open?.get(message.id)
    if (!open || !reader) return
    const done = () => {
      open.delete(message.id)
      if (open.size === 0) streams.delete(port)
    }
    if (message.kind === 'cancel') {
      done()
      await reader.cancel().catch(() => {})
      return
    }
    try {
      const next = await reader.read()
      if (next.done) {
        done()
        post(port, { kind: 'end', id: message.id })
      } else post(port, { kind: 'chunk', id: message.id, bytes: next.value })
    } catch (error) {
      done()
      post(port, {
        kind: 'end',
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }

  async function handle(port: PortLike, message: TabMessage) {
    if (message.kind === 'woke') {
      sleeping.get(message.id)?.()
      sleeping.delete(message.id)
      return
    }
    if (message.kind === 'pull' || message.kind === 'cancel')
      return pullStream(port, message)
    if (message.kind === 'hello') {
      ready ??= start()
      await ready
      if (refused !== null) {
        post(port, { kind: 'refused', message: refused })
        return
      }
      ports.add(port)
      post(port, { kind: 'welcome', mirror: mirror(), notice: startupNotice })
      // The notice is for the tabs that saw the data discarded, not for every later one.
      startupNotice = null
      return
    }
    await ready
    if (refused !== null) return
    if (message.kind === 'fetch') {
      clock.follow(
        message.now ?? null,
        message.now === undefined ? null : (ms) => askToSleep(port, ms),
      )
      const response = await api!.fetch(deserializeRequest(message.request))
      const serialized = await serializeResponse(response)
      if (serialized.stream) {
        const open = streams.get(port) ?? new Map()
        streams.set(port, open)
        open.set(message.id, response.body!.getReader())
      }
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
      if (message.command.name === 'migrate' || isWrite(message.command.name))
        await flush()
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
