import type { JournalEntry, MockApi } from '../../index.ts'

/** Entries remembered at most; the oldest are forgotten first. */
const LIMIT = 2000

/** Requests awaiting their journal entry at most, and for how long (real milliseconds). */
const PENDING_LIMIT = 100
const PENDING_MS = 60_000

/** The localStorage key: shared by the tabs of an origin, as the mock behind them is. */
export const OWN_REQUESTS_KEY = 'hypermock-playground-own-requests'

/** A request the playground sent whose journal entry has not been seen yet. */
interface Pending {
  method: string
  target: string
  /** The newest journal entry id known when it was sent: its own entry comes after. */
  afterId: number
  /** When it was sent (Date.now), to forget it once it can no longer be journalled. */
  sentAt: number
}

interface Saved {
  keys: string[]
  pending: Pending[]
}

/** A journal entry's identity: its request id and its time (ids start over with a new mock). */
export const entryKey = (entry: { requestId: string; time: string }) =>
  `${entry.requestId} ${entry.time}`

const byApi = new WeakMap<MockApi, OwnRequests>()

/**
 * The one `OwnRequests` of a mock, following its journal from the first call: a view mounted
 * again (or a provider made anew for the same mock) finds what was noted before.
 */
export function ownRequestsOf(
  api: MockApi,
  storage: Storage | null,
): OwnRequests {
  let own = byApi.get(api)
  if (!own) {
    own = new OwnRequests(api, storage)
    byApi.set(api, own)
  }
  return own
}

/**
 * The journal entries the playground caused itself: the reference client's requests and the reads
 * it sends to boot and to draw its views. "Other traffic" leaves them out. A request is paired with
 * the first entry of its method and URL journalled after it was sent; both the pairs and the
 * requests not yet paired are kept in `storage`, so that a reload (even one before a server's
 * journal was heard) or another tab of the playground still knows them.
 */
export class OwnRequests {
  private saved: Saved
  private known: Set<string>
  private readonly listeners = new Set<() => void>()
  private version = 0

  private readonly api: MockApi
  private readonly storage: Storage | null

  constructor(api: MockApi, storage: Storage | null = null) {
    this.api = api
    this.storage = storage
    this.saved = read(storage)
    this.known = new Set(this.saved.keys)
    // What a page before this one sent and never saw journalled is in the journal now.
    for (const entry of api.journal.list()) this.journalled(entry)
    api.subscribe((event) => {
      if (event.type === 'request') this.journalled(event.entry)
    })
  }

  /** Wraps the fetch the playground sends with, so that what it sends is noted. */
  readonly wrap =
    (fetch: (request: Request) => Promise<Response>) =>
    (request: Request): Promise<Response> => {
      const url = new URL(request.url)
      this.update((saved) => ({
        ...saved,
        pending: [
          ...saved.pending,
          {
            method: request.method.toUpperCase(),
            target: url.pathname + url.search,
            afterId: this.api.journal.list().at(-1)?.id ?? 0,
            sentAt: Date.now(),
          },
        ].slice(-PENDING_LIMIT),
      }))
      return fetch(request)
    }

  /** The keys (see `entryKey`) of every entry noted here, in other tabs or before a reload. */
  keysNow(): ReadonlySet<string> {
    this.reload()
    return this.known
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** Changes when an entry is noted: for useSyncExternalStore. */
  readonly getSnapshot = () => this.version

  private journalled(entry: JournalEntry) {
    this.reload()
    if (this.saved.pending.length === 0) return
    const key = entryKey(entry)
    if (this.known.has(key)) return
    const index = this.saved.pending.findIndex(
      (pending) =>
        pending.method === entry.method &&
        pending.target === entry.path + entry.search &&
        entry.id > pending.afterId,
    )
    if (index === -1) return
    this.update((saved) => ({
      keys: [...saved.keys, key].slice(-LIMIT),
      pending: saved.pending.filter((_, i) => i !== index),
    }))
    this.version += 1
    for (const listener of this.listeners) listener()
  }

  private update(change: (saved: Saved) => Saved) {
    this.reload()
    const now = Date.now()
    const next = change(this.saved)
    this.saved = {
      keys: next.keys,
      // A request not journalled within a minute never will be (one the mock does not own).
      pending: next.pending.filter(
        (pending) => now - pending.sentAt < PENDING_MS,
      ),
    }
    this.known = new Set(this.saved.keys)
    try {
      this.storage?.setItem(OWN_REQUESTS_KEY, JSON.stringify(this.saved))
    } catch {
      // Storage full or refused: this page still knows them.
    }
  }

  /** Takes in what other tabs noted since. */
  private reload() {
    if (!this.storage) return
    const stored = read(this.storage)
    if (
      stored.keys.every((key) => this.known.has(key)) &&
      same(stored.pending, this.saved.pending)
    )
      return
    this.saved = {
      keys: [...new Set([...stored.keys, ...this.saved.keys])].slice(-LIMIT),
      pending: stored.pending,
    }
    this.known = new Set(this.saved.keys)
  }
}

const same = (a: readonly Pending[], b: readonly Pending[]) =>
  a.length === b.length &&
  a.every(
    (p, i) =>
      p.method === b[i]!.method &&
      p.target === b[i]!.target &&
      p.sentAt === b[i]!.sentAt &&
      p.afterId === b[i]!.afterId,
  )

function read(storage: Storage | null): Saved {
  try {
    const parsed = JSON.parse(
      storage?.getItem(OWN_REQUESTS_KEY) ?? 'null',
    ) as Partial<Saved> | null
    const keys = Array.isArray(parsed?.keys)
      ? parsed.keys.filter((key): key is string => typeof key === 'string')
      : []
    const pending = Array.isArray(parsed?.pending)
      ? parsed.pending.filter(
          (p): p is Pending =>
            typeof p === 'object' &&
            p !== null &&
            typeof p.method === 'string' &&
            typeof p.target === 'string' &&
            typeof p.afterId === 'number' &&
            typeof p.sentAt === 'number',
        )
      : []
    return { keys: keys.slice(-LIMIT), pending: pending.slice(-PENDING_LIMIT) }
  } catch {
    return { keys: [], pending: [] }
  }
}
