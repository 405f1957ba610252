import { createControls } from '../mock-server/controls.ts'
import { createRuntime } from '../mock-server/create-runtime.ts'
import type { FaultRule, MockApi, MockEvent, MockListener } from '../index.ts'
import { resolveOptions } from '../mock-server/options.ts'
import { shopApi } from '../domains/shop/index.ts'
import { ownsUrl } from '../mock-server/owns-url.ts'
import { buildOperations } from '../operations/build-operations.ts'
import {
  deserializeResponse,
  serializeRequest,
  type HubEvent,
  type HubHello,
  type HubMessage,
  type LegacySave,
  type Mirror,
  type Operation,
  type PortLike,
  type SerializedRequest,
  type SerializedResponse,
  type TabMessage,
} from './protocol.ts'

/** A virtual clock the tab runs on; the shared mock follows it while answering the tab. */
export interface SharedModeClock {
  now(): number
  sleep(ms: number): Promise<void>
}

/** What a tab can do with the shared mock beyond `MockApi`. */
export interface SharedMockHandle {
  /** A notice for the page when stored data had to be discarded at start, else null. */
  readonly startupNotice: string | null
  /** Told when another tab changed the data, so views that read over HTTP can fetch again. */
  onRemoteChange(listener: () => void): () => void
  /** Told of save failures (quota, private mode) and recoveries, as sentences for the page. */
  onNotice(listener: (message: string) => void): () => void
  /** Hands the old `localStorage` save over; false when the shared mock already held data. */
  migrate(legacy: LegacySave): Promise<boolean>
  /** Resolves once every change this tab made so far is applied and stored. */
  settled(): Promise<void>
}

/** A `MockApi` whose mock runs elsewhere (a SharedWorker), shared with the origin's other tabs. */
export interface SharedMockApi extends MockApi {
  readonly shared: SharedMockHandle
}

export function isSharedMockApi(api: MockApi): api is SharedMockApi {
  return 'shared' in api
}

const UNSAFE_OPERATIONS = new Set<Operation['name']>([
  'faults.add',
  'faults.remove',
  'faults.clear',
  'config.update',
  'state.restore',
  'journal.clear',
  'clock.advance',
  'reset',
  'migrate',
])

/**
 * Connects a tab to the shared mock through `port`. Reads stay synchronous: the tab keeps a copy of
 * what the views show (state, rules, settings, journal), updated by the hub's events. A change made
 * here is checked and applied to that copy at once, as the in-page mock would, then sent on; the
 * hub applies the changes of every tab in the order they arrive, and its events correct the copy.
 */
export async function connectToHub(
  port: PortLike,
  hello: HubHello,
  tabClock?: SharedModeClock,
): Promise<SharedMockApi> {
  const remote = createRemoteMockApi(hello, tabClock)
  await remote.attach(port)
  return remote.api
}

const LOST: SerializedResponse = {
  error: true,
  status: 0,
  statusText: '',
  headers: [],
  body: null,
}

/**
 * The tab's side, before it reaches a hub: `attach` connects it (again, when the tab running the
 * hub closed and another took over; what was in flight then ends as a network error).
 */
export function createRemoteMockApi(
  hello: HubHello,
  tabClock?: SharedModeClock,
): {
  api: SharedMockApi
  attach(port: PortLike): Promise<void>
} {
  // A declaration cannot cross postMessage: the shared mock serves the built-in shop.
  const defaults = resolveOptions({ api: shopApi, ...hello.options })
  // Checks each change here exactly as the hub's mock will (same errors), before the copy takes it.
  // The controls alone: the tab never answers a request itself, so it ships no request pipeline.
  const scratch = createControls(
    createRuntime(
      resolveOptions({
        api: shopApi,
        ...hello.options,
        onUnhandledError: () => {},
      }),
    ),
  )
  const listeners = new Set<MockListener>()
  const remoteListeners = new Set<() => void>()
  const noticeListeners = new Set<(message: string) => void>()
  const waiting = new Map<
    number,
    {
      kind: 'fetch' | 'op'
      /** Sent again to a new hub: a read, or a write with an idempotency key (it runs once). */
      again: TabMessage | null
      resolve(value: unknown): void
      reject(error: Error): void
    }
  >()
  let port: PortLike | undefined
  let welcomes = 0
  const inFlight = new Set<Promise<unknown>>()
  let nextId = 1
  let ownWrites = 0
  let mirror: Mirror
  let stateVersion = 0
  let pulledVersion = 0
  let pulling = false
  let startupNotice: string | null = null

  const emit = (event: MockEvent) => {
    for (const listener of listeners) listener(event)
  }
  const notice = (message: string) => {
    for (const listener of noticeListeners) listener(message)
  }
  const remoteChange = () => {
    for (const listener of remoteListeners) listener()
  }

  function send(
    message:
      | { kind: 'op'; op: Operation }
      | { kind: 'fetch'; request: SerializedRequest; now?: number },
    transfer: Transferable[] = [],
    write = false,
  ): Promise<unknown> {
    const id = nextId++
    if (write) ownWrites += 1
    const again =
      message.kind === 'fetch' &&
      (!write ||
        message.request.headers.some(
          ([name]) => name.toLowerCase() === 'idempotency-key',
        ))
        ? { ...message, id }
        : null
    const answer = new Promise<unknown>((resolve, reject) =>
      waiting.set(id, { kind: message.kind, again, resolve, reject }),
    ).finally(() => {
      if (write) ownWrites -= 1
      inFlight.delete(answer)
    })
    inFlight.add(answer)
    port!.postMessage({ ...message, id }, transfer)
    return answer
  }

  function operate(op: Operation) {
    const write = UNSAFE_OPERATIONS.has(op.name)
    return send({ kind: 'op', op }, [], write)
  }

  /** Sends a change already applied here; should the hub refuse it, take the hub's copy again. */
  function forward(op: Operation) {
    operate(op).catch((error: Error) => {
      notice(
        `A change made in this tab may not have been applied (${error.message}); the views show the mock as it is now.`,
      )
      void resync()
    })
  }

  // The hub answers on the same port as it sends events, so a copy covers every event before it.
  async function resync() {
    mirror = (await operate({ name: 'pull' })) as Mirror
    pulledVersion = stateVersion
    emit({ type: 'reset' })
  }

  function pullState() {
    if (pulling) return
    pulling = true
    operate({ name: 'pull-state' })
      .then((state) => {
        mirror.state = state as Mirror['state']
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

  function onEvent(event: HubEvent) {
    switch (event.type) {
      case 'request':
        mirror.journal.push(event.entry)
        if (mirror.journal.length > defaults.journalLimit * 1.5)
          mirror.journal = mirror.journal.slice(-defaults.journalLimit)
        mirror.faults = event.faults
        return emit({ type: 'request', entry: event.entry })
      case 'state':
        stateVersion += 1
        if (ownWrites === 0) remoteChange()
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
        if (ownWrites === 0) remoteChange()
        return emit({ type: 'reset' })
    }
  }

  const api: SharedMockApi = {
    basePath: defaults.basePath,
    origin: defaults.origin,
    controlPath: defaults.controlPath,
    declaration: defaults.api.declaration as MockApi['declaration'],
    get data(): MockApi['data'] {
      throw new Error(
        'Failed to read api.data: a shared mock runs in a SharedWorker; read its data with api.state.snapshot().',
      )
    },
    owns: (url) => ownsUrl(defaults, url),
    async fetch(request) {
      const serialized = await serializeRequest(request)
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(request.method)
      const answer = await send(
        {
          kind: 'fetch',
          request: serialized,
          ...(tabClock && { now: tabClock.now() }),
        },
        serialized.body ? [serialized.body] : [],
        write,
      )
      return deserializeResponse(
        answer as Parameters<typeof deserializeResponse>[0],
      )
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    state: {
      snapshot() {
        // The latest copy this tab holds; when it is behind, a fresh one is on its way (event 'state').
        if (pulledVersion !== stateVersion) pullState()
        return structuredClone(mirror.state)
      },
      restore(snapshot) {
        scratch.state.restore(snapshot)
        const parsed = scratch.state.snapshot() as Mirror['state']
        scratch.reset()
        mirror.state = parsed
        emit({ type: 'state' })
        forward({ name: 'state.restore', snapshot: parsed })
      },
    },
    config: {
      get: () => structuredClone(mirror.config),
      update(patch) {
        scratch.config.update(mirror.config)
        mirror.config = scratch.config.update(patch)
        emit({ type: 'config' })
        forward({ name: 'config.update', patch })
        return structuredClone(mirror.config)
      },
    },
    faults: {
      list: () => structuredClone(mirror.faults),
      add(input) {
        const checked = scratch.faults.add(input)
        scratch.faults.clear()
        // The id the hub will give it, unless another tab adds a rule in the same instant.
        const rule: FaultRule = {
          ...checked,
          id: `fault-${mirror.nextFault++}`,
        }
        mirror.faults.push(rule)
        emit({ type: 'faults' })
        forward({ name: 'faults.add', input })
        return structuredClone(rule)
      },
      remove(id) {
        const before = mirror.faults.length
        mirror.faults = mirror.faults.filter((rule) => rule.id !== id)
        const removed = mirror.faults.length < before
        if (removed) emit({ type: 'faults' })
        forward({ name: 'faults.remove', id })
        return removed
      },
      clear() {
        mirror.faults = []
        emit({ type: 'faults' })
        forward({ name: 'faults.clear' })
      },
    },
    journal: {
      list: () => mirror.journal.slice(-defaults.journalLimit),
      clear() {
        mirror.journal = []
        emit({ type: 'journal' })
        forward({ name: 'journal.clear' })
      },
    },
    operations: {
      // The same fold the hub's mock would run, over this tab's copy of the journal.
      list: () =>
        buildOperations(
          mirror.journal.slice(-defaults.journalLimit),
          (tabClock?.now() ?? Date.now()) + mirror.clockOffsetMs,
        ),
    },
    clock: {
      now: () => new Date(Date.now() + mirror.clockOffsetMs).toISOString(),
      advance(ms) {
        scratch.clock.advance(ms)
        mirror.clockOffsetMs += ms
        emit({ type: 'clock' })
        forward({ name: 'clock.advance', ms })
        return api.clock.now()
      },
    },
    reset() {
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
      forward({ name: 'reset' })
    },
    shared: {
      get startupNotice() {
        return startupNotice
      },
      onRemoteChange(listener) {
        remoteListeners.add(listener)
        return () => remoteListeners.delete(listener)
      },
      onNotice(listener) {
        noticeListeners.add(listener)
        return () => noticeListeners.delete(listener)
      },
      async migrate(legacy) {
        const migrated = (await operate({ name: 'migrate', legacy })) as boolean
        if (migrated) await resync()
        return migrated
      },
      async settled() {
        await Promise.allSettled([...inFlight])
      },
    },
  }

  function receive(message: HubMessage, welcomed: () => void) {
    switch (message.kind) {
      case 'welcome':
        mirror = message.mirror
        stateVersion += 1
        pulledVersion = stateVersion
        welcomes += 1
        if (welcomes === 1) startupNotice = message.notice
        else {
          // Another tab took over the mock: what this tab shows is read afresh.
          emit({ type: 'reset' })
          remoteChange()
        }
        return welcomed()
      case 'reply': {
        const entry = waiting.get(message.id)
        waiting.delete(message.id)
        if (message.ok) entry?.resolve(message.value)
        else entry?.reject(new Error(message.error))
        return
      }
      case 'response': {
        const entry = waiting.get(message.id)
        waiting.delete(message.id)
        entry?.resolve(message.response)
        return
      }
      case 'event':
        return onEvent(message.event)
      case 'notice':
        return notice(message.message)
      case 'sleep': {
        const from = port
        const wait = tabClock
          ? tabClock.sleep(message.ms)
          : new Promise<void>((resolve) => setTimeout(resolve, message.ms))
        void wait.then(() =>
          from?.postMessage({
            kind: 'woke',
            id: message.id,
          } satisfies TabMessage),
        )
        return
      }
    }
  }

  function attach(next: PortLike): Promise<void> {
    const resend: TabMessage[] = []
    for (const [id, entry] of waiting) {
      if (entry.again) {
        resend.push(entry.again)
        continue
      }
      waiting.delete(id)
      if (entry.kind === 'fetch') entry.resolve(LOST)
      else
        entry.reject(
          new Error('the tab running the shared mock closed before answering'),
        )
    }
    port = next
    return new Promise((welcomed) => {
      next.addEventListener('message', (event: MessageEvent) => {
        if (port === next) receive(event.data as HubMessage, welcomed)
      })
      next.start?.()
      next.postMessage(hello satisfies TabMessage)
      for (const message of resend) next.postMessage(message)
    })
  }

  return { api, attach }
}
