import type { ApiDeclaration } from '../declare/types.ts'
import { buildOperations } from '../../operations/build-operations.ts'
import { createControls } from '../controls.ts'
import { createRuntime } from '../create-runtime.ts'
import type { FaultRule } from '../faults/fault-rule.ts'
import type { MockApi } from '../create-mock-api.ts'
import type { MockEvent, MockListener } from '../events.ts'
import { resolveOptions, type MockApiOptions } from '../options.ts'
import { ownsUrl } from '../owns-url.ts'
import type { StateSnapshot } from '../store/types.ts'
import type { CommandInput, ControlCommandName } from './control-commands.ts'
import type {
  ControlTransport,
  LegacySave,
  Mirror,
  RemoteEvent,
} from './control-transport.ts'

/** What a page can do with a mock that runs elsewhere, beyond `MockApi`. */
export interface SharedMockHandle {
  /** A notice for the page when stored data had to be discarded at start, else null. */
  readonly startupNotice: string | null
  /** Told when someone else changed the data, so views that read over HTTP can fetch again. */
  onRemoteChange(listener: () => void): () => void
  /** Told of save failures (quota, private mode) and recoveries, as sentences for the page. */
  onNotice(listener: (message: string) => void): () => void
  /** Hands the old `localStorage` save over; false when the mock already held data. */
  migrate(legacy: LegacySave): Promise<boolean>
  /** Resolves once every change this page made so far is applied (and stored). */
  settled(): Promise<void>
}

/** A `MockApi` whose mock runs elsewhere: the tab leading a shared mock, or a server. */
export interface SharedMockApi<
  A extends ApiDeclaration = ApiDeclaration,
> extends MockApi<A> {
  readonly shared: SharedMockHandle
}

export function isSharedMockApi<A extends ApiDeclaration>(
  api: MockApi<A>,
): api is SharedMockApi<A> {
  return 'shared' in api
}

/** A mock's options with its declaration given (the engine has no default API). */
export type DeclaredMockOptions = MockApiOptions<ApiDeclaration> & {
  api: ApiDeclaration
}

export interface RemoteMockOptions {
  /** The mock's options as this page knows them (paths, the declaration, limits). */
  options: DeclaredMockOptions
  /** Where the mock runs, for messages: "a SharedWorker", "a server". */
  where: string
  /** The page's clock, when it runs on a virtual one. */
  now?: () => number
  /**
   * A reset applies to the copy at once (the page holds the declaration and its seed); otherwise
   * the copy waits for the far end's.
   */
  resetLocally: boolean
}

/**
 * One client for a mock that runs elsewhere, over any transport. Reads stay synchronous: the page
 * keeps a copy of what the views show (state, rules, settings, journal), updated by the far end's
 * events. A change is checked here exactly as the far end will check it (same errors), applied to
 * the copy at once and sent on, in order; should the far end refuse it, the copy is read afresh
 * and a notice says so.
 */
export async function createRemoteMockApi(
  transport: ControlTransport,
  { options, where, now = () => Date.now(), resetLocally }: RemoteMockOptions,
): Promise<SharedMockApi> {
  const defaults = resolveOptions(options)
  // The controls alone: the page never answers a request itself, so it runs no request pipeline.
  const scratch = createControls(
    createRuntime(resolveOptions({ ...options, onUnhandledError: () => {} })),
  )
  const listeners = new Set<MockListener>()
  const remoteListeners = new Set<() => void>()
  const noticeListeners = new Set<(message: string) => void>()
  const inFlight = new Set<Promise<unknown>>()
  let mirror: Mirror
  let stateVersion = 0
  let pulledVersion = 0
  let pulling = false

  const emit = (event: MockEvent) => {
    for (const listener of listeners) listener(event)
  }
  const notice = (message: string) => {
    for (const listener of noticeListeners) listener(message)
  }
  const remoteChange = () => {
    for (const listener of remoteListeners) listener()
  }

  function track<T>(sent: Promise<T>) {
    inFlight.add(sent)
    void sent.then(
      () => inFlight.delete(sent),
      () => inFlight.delete(sent),
    )
    return sent
  }

  const send = <N extends ControlCommandName>(
    name: N,
    input: CommandInput<N>,
  ) => track(transport.call(name, input))

  /** Sends a change already applied to the copy; should it be refused, take the far end's copy. */
  function forward<N extends ControlCommandName>(
    name: N,
    input: CommandInput<N>,
  ) {
    return send(name, input).catch((error: Error) => {
      notice(
        `A change made here may not have been applied (${error.message}); the views show the mock as it is now.`,
      )
      void resync()
      return undefined
    })
  }

  async function resync() {
    mirror = await transport.pull()
    pulledVersion = stateVersion
    emit({ type: 'reset' })
  }

  function pullState() {
    if (pulling) return
    pulling = true
    send('state.snapshot', undefined)
      .then((state) => {
        mirror.state = state
        pulledVersion = stateVersion
        emit({ type: 'state' })
      })
      .catch((error: Error) =>
        notice(`Could not read the mock's data: ${error.message}`),
      )
      .finally(() => {
        pulling = false
      })
  }

  function onEvent(event: RemoteEvent) {
    switch (event.type) {
      case 'request':
        mirror.journal.push(event.entry)
        if (mirror.journal.length > defaults.journalLimit * 1.5)
          mirror.journal = mirror.journal.slice(-defaults.journalLimit)
        mirror.faults = event.faults
        return emit({ type: 'request', entry: event.entry })
      case 'state':
        stateVersion += 1
        if (event.remote) remoteChange()
        return emit({ type: 'state' })
      case 'faults':
        mirror.faults = event.faults
        mirror.nextFault = event.nextFault
        return emit({ type: 'faults' })
      case 'config':
        mirror.config = event.config
        return emit({ type: 'config' })
      case 'clock':
        mirror.clockOffsetMs = event.clockOffsetMs
        return emit({ type: 'clock' })
      case 'journal':
        mirror.journal = event.journal
        return emit({ type: 'journal' })
      case 'reset':
        mirror = event.mirror
        stateVersion += 1
        pulledVersion = stateVersion
        if (event.remote) remoteChange()
        return emit({ type: 'reset' })
      case 'notice':
        return notice(event.message)
    }
  }

  const opened = await transport.open(onEvent)
  mirror = opened.mirror
  const startupNotice = opened.notice

  const api: SharedMockApi = {
    basePath: defaults.basePath,
    origin: defaults.origin,
    controlPath: defaults.controlPath,
    declaration: defaults.api.declaration as MockApi['declaration'],
    get data(): MockApi['data'] {
      throw new Error(
        `Failed to read api.data: this mock runs in ${where}; read its data with api.state.snapshot().`,
      )
    },
    owns: (url) => ownsUrl(defaults, url),
    fetch: (request) => track(transport.fetch(request)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    state: {
      snapshot() {
        // The latest copy held here; when it is behind, a fresh one is on its way (event 'state').
        if (pulledVersion !== stateVersion) pullState()
        return structuredClone(mirror.state) as ReturnType<
          MockApi['state']['snapshot']
        >
      },
      restore(snapshot) {
        scratch.state.restore(snapshot)
        const parsed = scratch.state.snapshot() as StateSnapshot
        scratch.reset()
        mirror.state = parsed
        emit({ type: 'state' })
        void forward('state.restore', parsed)
      },
    },
    config: {
      get: () => structuredClone(mirror.config),
      update(patch) {
        scratch.config.update(mirror.config)
        mirror.config = scratch.config.update(patch)
        emit({ type: 'config' })
        void forward('config.update', patch)
        return structuredClone(mirror.config)
      },
    },
    faults: {
      list: () => structuredClone(mirror.faults),
      add(input) {
        const checked = scratch.faults.add(input)
        scratch.faults.clear()
        // The id the far end will give it, unless someone else adds a rule in the same instant;
        // its answer corrects it.
        const guess = `fault-${mirror.nextFault++}`
        const rule: FaultRule = { ...checked, id: guess }
        mirror.faults.push(rule)
        emit({ type: 'faults' })
        void forward('faults.add', input).then((stored) => {
          const index = mirror.faults.findIndex((r) => r.id === guess)
          if (!stored || stored.id === guess || index === -1) return
          mirror.faults[index] = stored
          emit({ type: 'faults' })
        })
        return structuredClone(rule)
      },
      remove(id) {
        const before = mirror.faults.length
        mirror.faults = mirror.faults.filter((rule) => rule.id !== id)
        const removed = mirror.faults.length < before
        if (removed) emit({ type: 'faults' })
        // Only a rule the copy held is removed over there (a server answers 404 for another).
        if (removed) void forward('faults.remove', id)
        return removed
      },
      clear() {
        mirror.faults = []
        emit({ type: 'faults' })
        void forward('faults.clear', undefined)
      },
    },
    journal: {
      list: () => mirror.journal.slice(-defaults.journalLimit),
      clear() {
        mirror.journal = []
        emit({ type: 'journal' })
        void forward('journal.clear', undefined)
      },
    },
    operations: {
      // The same fold the far end would run, over this copy of its journal.
      list: () =>
        buildOperations(
          mirror.journal.slice(-defaults.journalLimit),
          now() + mirror.clockOffsetMs,
        ),
    },
    clock: {
      now: () => new Date(Date.now() + mirror.clockOffsetMs).toISOString(),
      advance(ms) {
        scratch.clock.advance(ms)
        mirror.clockOffsetMs += ms
        emit({ type: 'clock' })
        void forward('clock.advance', ms)
        return api.clock.now()
      },
    },
    reset() {
      if (resetLocally) {
        mirror = {
          state: defaults.seed(
            defaults.config.seed,
          ) as unknown as Mirror['state'],
          faults: [],
          config: structuredClone(defaults.config),
          journal: [],
          clockOffsetMs: 0,
          nextFault: 1,
        }
        stateVersion += 1
        pulledVersion = stateVersion
        emit({ type: 'reset' })
      }
      void forward('reset', undefined)
    },
    shared: {
      startupNotice,
      onRemoteChange(listener) {
        remoteListeners.add(listener)
        return () => remoteListeners.delete(listener)
      },
      onNotice(listener) {
        noticeListeners.add(listener)
        return () => noticeListeners.delete(listener)
      },
      async migrate(legacy) {
        const migrated = await transport.migrate(legacy)
        if (migrated) await resync()
        return migrated
      },
      async settled() {
        await Promise.allSettled([...inFlight])
      },
    },
  }
  return api
}
