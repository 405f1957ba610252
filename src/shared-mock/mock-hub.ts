import type { FaultRule, MockApi } from '../index.ts'
import { mockApiOf } from '../mock-server/mock-api-of.ts'
import { createRuntime } from '../mock-server/create-runtime.ts'
import { resolveOptions } from '../mock-server/options.ts'
import { shopApi } from '../domains/shop/index.ts'
import type { Runtime } from '../mock-server/runtime.ts'
import { ChangeTracker } from './change-tracker.ts'
import { HubClock } from './hub-clock.ts'
import type { MockStore, StoreLoad } from './mock-store.ts'
import {
  deserializeRequest,
  serializeResponse,
  type HubEvent,
  type HubHello,
  type HubMessage,
  type Mirror,
  type Operation,
  type PortLike,
  type TabMessage,
} from './protocol.ts'

export interface MockHubOptions {
  /** Opens the database named in the first tab's hello (IndexedDB in a browser). */
  openStore: (name: string) => Promise<MockStore>
  /** Where unexpected errors go (the console in a worker). */
  report?: (error: unknown) => void
}

export interface MockHub {
  /** Serves one tab: its hello, requests and operations, in the order it sent them. */
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

const faultNumber = (rule: FaultRule) => Number(rule.id.replace(/^\D+/, ''))

/**
 * The one mock an origin's tabs share. It runs where every tab can reach it (a SharedWorker), answers
 * each tab's forwarded requests, applies their control operations, keeps the data in a store (a
 * write is stored before its answer leaves) and tells every tab what changed.
 */
export function createMockHub({
  openStore,
  report = (error) => console.error(error),
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
  let saving: Promise<void> = Promise.resolve()
  let saveFailed = false
  const tracker = new ChangeTracker()
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
    if (!store || !dirty) return
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

  async function start(hello: HubHello) {
    const resolved = resolveOptions({
      // A declaration cannot cross postMessage: the shared mock serves the built-in shop.
      api: shopApi,
      ...hello.options,
      now: clock.now,
      sleep: clock.sleep,
    })
    runtime = createRuntime(resolved)
    api = mockApiOf(runtime) as unknown as MockApi
    if (hello.database !== false) {
      try {
        store = await openStore(hello.database)
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
    if (loaded.kind === 'empty') startedEmpty = true
    if (loaded.kind === 'corrupted')
      startupNotice = `Saved mock data could not be read (${loaded.reason}); it was discarded and the mock started from its seed data.`
    if (loaded.kind === 'loaded') {
      try {
        api.state.restore(loaded.value.state)
        api.config.update(loaded.value.config)
        for (const rule of loaded.value.faults) api.faults.add(rule)
      } catch (error) {
        api.reset()
        startupNotice = `Saved mock data was invalid (${error instanceof Error ? error.message : String(error)}); it was discarded and the mock started from its seed data.`
      }
    }
    nextFault = Math.max(1, ...api.faults.list().map((r) => faultNumber(r) + 1))
    if (loaded.kind === 'loaded' && startupNotice === null) {
      tracker.markSaved(runtime.db)
    } else if (store) {
      // Nothing usable was stored: write the starting data whole.
      if (loaded.kind !== 'empty') await store.clear().catch(() => {})
      dirty = true
      await flush()
    }
    api.subscribe((event) => {
      if (event.type !== 'request' || event.entry.fault !== null) {
        if (event.type !== 'journal' && event.type !== 'clock') dirty = true
      }
      broadcast({ kind: 'event', event: toEvent(event) })
    })
  }

  function apply(op: Operation): unknown {
    const mock = api!
    switch (op.name) {
      case 'faults.add':
        return mock.faults.add(op.input)
      case 'faults.remove':
        return mock.faults.remove(op.id)
      case 'faults.clear':
        return mock.faults.clear()
      case 'config.update':
        return mock.config.update(op.patch)
      case 'state.restore':
        return mock.state.restore(op.snapshot)
      case 'journal.clear':
        return mock.journal.clear()
      case 'clock.advance':
        return mock.clock.advance(op.ms)
      case 'reset':
        return mock.reset()
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
      case 'pull-state':
        return mock.state.snapshot()
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
      ready ??= start(message)
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
      const value = apply(message.op)
      if (message.op.name !== 'pull' && message.op.name !== 'pull-state') {
        if (message.op.name === 'migrate') dirty = true
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
