import { buildOperations } from '../../operations/build-operations.ts'
import type {
  FaultRule,
  JournalEntry,
  MockApi,
  MockConfig,
  MockEvent,
  MockListener,
  StateSnapshot,
} from '../../index.ts'
import { createMockApi } from '../../index.ts'
import type { SharedMockApi } from '../../msw/browser.ts'

/** The paths a served page reads from its `<meta name="hypermock-server">`. */
export interface ServerConnection {
  basePath: string
  controlPath: string
}

/** The connection the server wrote into the page, or null in the in-browser mode. */
export function serverConnection(
  doc: Document = document,
): ServerConnection | null {
  const content = doc
    .querySelector('meta[name="hypermock-server"]')
    ?.getAttribute('content')
  if (!content) return null
  const parsed = JSON.parse(content) as Partial<ServerConnection>
  if (
    typeof parsed.basePath !== 'string' ||
    typeof parsed.controlPath !== 'string'
  )
    return null
  return { basePath: parsed.basePath, controlPath: parsed.controlPath }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** How often the page asks the server what changed: often enough to feel live, cheap to answer. */
const POLL_MS = 1_000

interface Mirror {
  state: StateSnapshot | null
  faults: FaultRule[]
  config: MockConfig
  journal: JournalEntry[]
  /** The server clock's lead over this page's `Date.now()`. */
  clockOffsetMs: number
}

/**
 * A `MockApi` whose mock is a running server (`hypermock-api serve --playground`), reached over
 * its API and control API. Reads stay synchronous from a copy the page keeps, refreshed by polling
 * the control API; a change is checked here as the server will check it, applied to the copy at
 * once and sent on; should the server refuse it, the copy is read afresh and a notice says so.
 */
export async function connectToServer(
  connection: ServerConnection,
  baseFetch: typeof fetch = (input, init) => window.fetch(input, init),
): Promise<SharedMockApi> {
  const { basePath, controlPath } = connection
  const control = (path: string, init?: RequestInit) =>
    baseFetch(`${controlPath}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...init?.headers },
    }).then(async (response) => {
      if (!response.ok)
        throw new Error(
          `${init?.method ?? 'GET'} ${controlPath}${path} answered ${response.status}: ${((await response.json().catch(() => ({}))) as { detail?: string }).detail ?? ''}`,
        )
      return response.status === 204
        ? null
        : ((await response.json()) as unknown)
    })
  // Checks each change here exactly as the server will (same errors), before the copy takes it.
  const scratch = createMockApi({
    basePath,
    controlPath,
    onUnhandledError: () => {},
  })
  const listeners = new Set<MockListener>()
  const remoteListeners = new Set<() => void>()
  const noticeListeners = new Set<(message: string) => void>()
  const emit = (event: MockEvent) => {
    for (const listener of listeners) listener(event)
  }
  const notice = (message: string) => {
    for (const listener of noticeListeners) listener(message)
  }
  const inFlight = new Set<Promise<unknown>>()
  /** `METHOD path` of the writes this page sent and the journal has not shown yet. */
  const ownWrites: string[] = []

  const readAll = async (): Promise<Mirror> => {
    const [faults, config, journal, clock] = (await Promise.all([
      control('/faults'),
      control('/config'),
      control('/journal'),
      control('/clock'),
    ])) as [
      { rules: FaultRule[] },
      MockConfig,
      { entries: JournalEntry[] },
      { now: string },
    ]
    return {
      state: null,
      faults: faults.rules,
      config,
      journal: journal.entries,
      clockOffsetMs: Date.parse(clock.now) - Date.now(),
    }
  }
  let mirror = await readAll()
  let pulling = false
  const pullState = () => {
    if (pulling) return
    pulling = true
    control('/state')
      .then((state) => {
        mirror.state = state as StateSnapshot
        emit({ type: 'state' })
      })
      .catch((error: Error) =>
        notice(`Could not read the mock's data: ${error.message}`),
      )
      .finally(() => {
        pulling = false
      })
  }
  mirror.state = (await control('/state')) as StateSnapshot

  /**
   * Sends a change already applied to the copy, after every change sent before it (a reset then a
   * scenario's faults must reach the server in that order); a refusal puts the server's copy back.
   */
  let queue: Promise<unknown> = Promise.resolve()
  const forward = (path: string, init: RequestInit) => {
    const sent = queue
      .then(() => control(path, init))
      .catch((error: Error) => {
        notice(
          `A change may not have been applied (${error.message}); the views show the mock as it is now.`,
        )
        return refresh(true)
      })
      .finally(() => inFlight.delete(sent))
    queue = sent
    inFlight.add(sent)
    return sent
  }

  const same = (a: unknown, b: unknown) =>
    JSON.stringify(a) === JSON.stringify(b)
  /** One poll: what changed on the server becomes the events the views follow. */
  async function refresh(force = false) {
    const next = await readAll()
    const last = mirror.journal.at(-1)?.id ?? 0
    const restarted =
      next.journal.length < mirror.journal.length ||
      (next.journal.at(-1)?.id ?? 0) < last
    if (restarted || force) {
      mirror = { ...next, state: mirror.state }
      pullState()
      emit({ type: 'reset' })
      for (const listener of remoteListeners) listener()
      return
    }
    const fresh = next.journal.filter((entry) => entry.id > last)
    const faultsChanged = !same(next.faults, mirror.faults)
    const configChanged = !same(next.config, mirror.config)
    const clockMoved =
      Math.abs(next.clockOffsetMs - mirror.clockOffsetMs) > 1_000
    mirror = { ...next, state: mirror.state }
    for (const entry of fresh) emit({ type: 'request', entry })
    const writes = fresh.filter((entry) => !SAFE.has(entry.method))
    if (writes.length > 0) {
      pullState()
      // This page's own writes already refreshed what it shows: only another's reads again.
      const remote = writes.filter((entry) => {
        const own = ownWrites.indexOf(`${entry.method} ${entry.path}`)
        if (own === -1) return true
        ownWrites.splice(own, 1)
        return false
      })
      if (remote.length > 0) for (const listener of remoteListeners) listener()
    }
    if (faultsChanged) emit({ type: 'faults' })
    if (configChanged) emit({ type: 'config' })
    if (clockMoved) emit({ type: 'clock' })
  }
  let polling = false
  setInterval(() => {
    // A hidden tab waits; one poll at a time, so a slow server never piles them up.
    if (
      polling ||
      (typeof document !== 'undefined' && document.visibilityState === 'hidden')
    )
      return
    polling = true
    refresh()
      .catch(() => {})
      .finally(() => {
        polling = false
      })
  }, POLL_MS)

  const api: SharedMockApi = {
    basePath,
    origin: '',
    controlPath,
    declaration: scratch.declaration,
    get data(): MockApi['data'] {
      throw new Error(
        'Failed to read api.data: the mock runs on a server; read its data with api.state.snapshot().',
      )
    },
    owns: (url) => scratch.owns(url),
    fetch(request) {
      if (!SAFE.has(request.method)) {
        ownWrites.push(`${request.method} ${new URL(request.url).pathname}`)
        // Bounded: a write the server never journalled (refused early) must not pile up.
        if (ownWrites.length > 100) ownWrites.shift()
      }
      return baseFetch(request)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    state: {
      snapshot: () => structuredClone(mirror.state ?? scratch.state.snapshot()),
      restore(snapshot) {
        mirror.state = snapshot as StateSnapshot
        emit({ type: 'state' })
        forward('/state', { method: 'PUT', body: JSON.stringify(snapshot) })
      },
    },
    config: {
      get: () => structuredClone(mirror.config),
      update(patch) {
        scratch.config.update(mirror.config)
        mirror.config = scratch.config.update(patch)
        emit({ type: 'config' })
        forward('/config', { method: 'PATCH', body: JSON.stringify(patch) })
        return structuredClone(mirror.config)
      },
    },
    faults: {
      list: () => structuredClone(mirror.faults),
      add(input) {
        const checked = scratch.faults.add(input)
        scratch.faults.clear()
        mirror.faults.push(checked)
        emit({ type: 'faults' })
        // The server gives the rule its id; the next poll brings it.
        void forward('/faults', {
          method: 'POST',
          body: JSON.stringify(input),
        }).then(() => refresh())
        return structuredClone(checked)
      },
      remove(id) {
        const before = mirror.faults.length
        mirror.faults = mirror.faults.filter((rule) => rule.id !== id)
        const removed = mirror.faults.length < before
        if (removed) emit({ type: 'faults' })
        forward(`/faults/${encodeURIComponent(id)}`, { method: 'DELETE' })
        return removed
      },
      clear() {
        mirror.faults = []
        emit({ type: 'faults' })
        forward('/faults', { method: 'DELETE' })
      },
    },
    operations: {
      // The same fold the server runs, over this page's copy of its journal.
      list: () =>
        buildOperations(mirror.journal, Date.now() + mirror.clockOffsetMs),
    },
    journal: {
      list: () => mirror.journal.slice(),
      clear() {
        mirror.journal = []
        emit({ type: 'journal' })
        forward('/journal', { method: 'DELETE' })
      },
    },
    clock: {
      now: () => new Date(Date.now() + mirror.clockOffsetMs).toISOString(),
      advance(ms) {
        scratch.clock.advance(ms)
        mirror.clockOffsetMs += ms
        emit({ type: 'clock' })
        forward('/clock', {
          method: 'POST',
          body: JSON.stringify({ advanceMs: ms }),
        })
        return api.clock.now()
      },
    },
    reset() {
      forward('/reset', { method: 'POST' }).then(() => refresh(true))
    },
    shared: {
      startupNotice: null,
      onRemoteChange(listener) {
        remoteListeners.add(listener)
        return () => remoteListeners.delete(listener)
      },
      onNotice(listener) {
        noticeListeners.add(listener)
        return () => noticeListeners.delete(listener)
      },
      migrate: () => Promise.resolve(false),
      async settled() {
        await Promise.allSettled([...inFlight])
      },
    },
  }
  return api
}
