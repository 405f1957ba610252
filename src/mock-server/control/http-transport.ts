import type { FaultRule } from '../faults/fault-rule.ts'
import type { JournalEntry } from '../journal.ts'
import type { MockConfig } from '../mock-config.ts'
import type { StateSnapshot } from '../store/types.ts'
import {
  controlCommands,
  type ControlCommand,
  type ControlCommandName,
} from './control-commands.ts'
import type {
  ControlTransport,
  Mirror,
  RemoteEvent,
} from './control-transport.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** How often the page asks the server what changed: often enough to feel live, cheap to answer. */
const POLL_MS = 1_000

export interface HttpTransportOptions {
  controlPath: string
  /** The page's `fetch` (a test's, pointed at a server). */
  fetch?: typeof fetch
  /** Whether to skip a poll (a hidden tab waits). */
  idle?: () => boolean
}

/** What `GET <control path>/changes` answers: counts of the server's changes so far. */
interface Changes {
  instance: string
  all: number
  state: number
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const nextFaultOf = (faults: FaultRule[]) =>
  Math.max(0, ...faults.map((rule) => Number(rule.id.replace(/^\D+/, '')))) + 1

/**
 * The control API over HTTP, to a running server (`hypermock-api serve`): each command goes to its
 * method and path under the control path, in order. The server's changes are heard by polling:
 * each second one small request asks whether anything changed (`/changes`); only then are the
 * journal, rules, settings and clock read again, and the rows only when they changed. What changed
 * becomes the same events a shared mock's hub sends.
 */
export function createHttpTransport({
  controlPath,
  fetch: baseFetch = (input, init) => globalThis.fetch(input, init),
  idle = () =>
    typeof document !== 'undefined' && document.visibilityState === 'hidden',
}: HttpTransportOptions): ControlTransport {
  async function request(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    const response = await baseFetch(`${controlPath}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    if (!response.ok)
      throw new Error(
        `${method} ${controlPath}${path} answered ${response.status}: ${((await response.json().catch(() => ({}))) as { detail?: string }).detail ?? ''}`,
      )
    return response.status === 204 ? undefined : await response.json()
  }

  async function run(name: ControlCommandName, input: unknown) {
    const spec = controlCommands[name] as ControlCommand<unknown, unknown>
    const wire = spec.request?.(input) ?? {}
    const json = await request(spec.method, wire.path ?? spec.path, wire.body)
    return spec.read ? spec.read(json) : json
  }

  let queue: Promise<unknown> = Promise.resolve()
  /** Commands go one after another: a reset then a scenario's faults reach the server in order. */
  function call(name: ControlCommandName, input: unknown) {
    const sent = queue.then(() => run(name, input))
    queue = sent.catch(() => {})
    return sent
  }

  /** The server's data; its rows only when asked (they may be many), else the ones known. */
  async function pull(withState = true): Promise<Mirror> {
    const [faults, config, journal, now, state] = await Promise.all([
      run('faults.list', undefined) as Promise<FaultRule[]>,
      run('config.get', undefined) as Promise<MockConfig>,
      run('journal.list', undefined) as Promise<JournalEntry[]>,
      run('clock.now', undefined) as Promise<string>,
      withState
        ? (run('state.snapshot', undefined) as Promise<StateSnapshot>)
        : Promise.resolve(known.state),
    ])
    return {
      state,
      faults,
      config,
      journal,
      clockOffsetMs: Date.parse(now) - Date.now(),
      nextFault: nextFaultOf(faults),
    }
  }

  let listener: (event: RemoteEvent) => void = () => {}
  let known: Mirror
  /** `METHOD path` of the writes this page sent and the journal has not shown yet. */
  const ownWrites: string[] = []

  /** One poll: what changed on the server becomes the events a hub would have sent. */
  async function refresh(force = false, withState = true) {
    const next = await pull(withState)
    const last = known.journal.at(-1)?.id ?? 0
    const restarted =
      next.journal.length < known.journal.length ||
      (next.journal.at(-1)?.id ?? 0) < last
    const before = known
    known = next
    if (restarted || force) {
      listener({ type: 'reset', mirror: structuredClone(next), remote: true })
      return
    }
    const fresh = next.journal.filter((entry) => entry.id > last)
    for (const entry of fresh)
      listener({ type: 'request', entry, faults: next.faults })
    const writes = fresh.filter((entry) => !SAFE.has(entry.method))
    if (writes.length > 0) {
      // This page's own writes already refreshed what it shows: only another's reads again.
      const remote = writes.filter((entry) => {
        const own = ownWrites.indexOf(`${entry.method} ${entry.path}`)
        if (own === -1) return true
        ownWrites.splice(own, 1)
        return false
      })
      listener({ type: 'state', remote: remote.length > 0 })
    }
    if (!same(next.faults, before.faults))
      listener({
        type: 'faults',
        faults: next.faults,
        nextFault: next.nextFault,
      })
    if (!same(next.config, before.config))
      listener({ type: 'config', config: next.config })
    if (Math.abs(next.clockOffsetMs - before.clockOffsetMs) > 1_000)
      listener({ type: 'clock', clockOffsetMs: next.clockOffsetMs })
  }

  /** The server's counts of changes when last asked (`GET /changes`); null: ask for everything. */
  let counted: Changes | null = null
  /** False once the server answered that it has no `/changes` (an older one): every poll pulls all. */
  let countsChanges = true

  /** Whether anything changed since the last poll, and the rows among it; everything when unknown. */
  async function changes(): Promise<{ any: boolean; state: boolean }> {
    if (!countsChanges) return { any: true, state: true }
    const response = await baseFetch(`${controlPath}/changes`)
    if (response.status === 404) {
      countsChanges = false
      return { any: true, state: true }
    }
    if (!response.ok)
      throw new Error(`GET ${controlPath}/changes answered ${response.status}`)
    const now = (await response.json()) as Changes
    const before = counted
    counted = now
    if (before === null || before.instance !== now.instance)
      return { any: true, state: true }
    return { any: now.all !== before.all, state: now.state !== before.state }
  }

  let polling = false
  function poll() {
    // One poll at a time, so a slow server never piles them up.
    if (polling || idle()) return
    polling = true
    changes()
      .then((changed) => {
        if (!changed.any) return
        return refresh(false, changed.state)
      })
      .catch(() => {
        counted = null // asked again in full next time
      })
      .finally(() => {
        polling = false
      })
  }

  return {
    async open(heard) {
      // Counted first: a change between the two reads is pulled again, never missed.
      await changes().catch(() => {
        counted = null
      })
      known = await pull()
      listener = heard
      setInterval(poll, POLL_MS)
      return { mirror: structuredClone(known), notice: null }
    },
    call: (name, input) =>
      call(name, input).then(async (value) => {
        // A reset is seen at once, not on the next poll.
        if (name === 'reset') {
          counted = null
          await refresh(true)
        }
        return value
      }) as never,
    pull,
    fetch(request) {
      if (!SAFE.has(request.method)) {
        ownWrites.push(`${request.method} ${new URL(request.url).pathname}`)
        // Bounded: a write the server never journalled (refused early) must not pile up.
        if (ownWrites.length > 100) ownWrites.shift()
      }
      return baseFetch(request)
    },
    migrate: () => Promise.resolve(false),
  }
}
