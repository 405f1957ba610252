import { headerOf } from './response-draft.ts'

/** One request the mock answered, as the journal (`api.journal.list()`, `GET /__mock/journal`) keeps it. */
export interface JournalEntry {
  id: number
  /** The id the answer's problem document carries as `requestId` (`req-…`). */
  requestId: string
  /** ISO time on the mock clock when the request arrived. */
  time: string
  /** The same instant as `time`, in milliseconds on the mock clock: waits are measured with it. */
  startMs: number
  method: string
  path: string
  /** The query string as sent, with its `?`; empty when there is none. */
  search: string
  /** 0 when the caller got a network error (an injected fault, or a hang it gave up on). */
  status: number
  durationMs: number
  /** `"<rule id> <effect kind>"` when a fault rule fired, else null. */
  fault: string | null
  idempotencyKey: string | null
  replayed: boolean
  /** The value of the correlation header (the `correlationHeader` option), else null. */
  correlationId: string | null
  /** A short hash of the body bytes (`<bytes>:<fnv-1a>`), else null: equal bodies, equal prints. */
  bodyFingerprint: string | null
  /** The answer's `Retry-After`, in seconds, when it carried one (the mock only sends seconds). */
  retryAfter: number | null
  /** A GraphQL request's operation (`POST <base>/graphql`); absent on every other request. */
  graphql?: GraphqlOperation
}

/** The operation of a GraphQL request: its type, its name, and the root fields it asks for. */
export interface GraphqlOperation {
  type: 'query' | 'mutation' | 'subscription'
  /** The operation's name (`query GardenPlants`), `null` for an anonymous one. */
  name: string | null
  fields: string[]
}

/** FNV-1a over the bytes: cheap, stable, and enough to tell a resent body from another one. */
export function fingerprintBody(bytes: Uint8Array | null): string | null {
  if (bytes === null || bytes.byteLength === 0) return null
  let hash = 0x811c9dc5
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193)
  return `${bytes.byteLength}:${(hash >>> 0).toString(16).padStart(8, '0')}`
}

/** The seconds of a `Retry-After` in delta-seconds form; a date (never sent by the mock) is null. */
export function retryAfterSeconds(response: Response): number | null {
  const value = headerOf(response, 'Retry-After')
  if (value === null || !/^\d+$/.test(value.trim())) return null
  return Number(value.trim())
}

/**
 * The bytes of a body no stage read (a fault answered first), at most `max` of them, so a retried
 * POST that first met a fault still has a fingerprint. Null when there is none or it is too large.
 */
export async function unreadBody(
  request: Request,
  max: number,
): Promise<Uint8Array | null> {
  // GET and HEAD carry none. Asked first: reading `body` makes a server adapter's lightweight
  // Request (@hono/node-server's) build a full one, which costs more than the rest of the entry.
  if (request.method === 'GET' || request.method === 'HEAD') return null
  if (request.body === null || request.bodyUsed) return null
  const declared = Number(request.headers.get('Content-Length'))
  if (declared > max) return null
  try {
    const bytes = new Uint8Array(await request.arrayBuffer())
    return bytes.byteLength > max ? null : bytes
  } catch {
    return null // the caller left, or the stream broke: nothing to print
  }
}

/**
 * An entry as kept: its time as the mock clock's number, turned into ISO text only when read (most
 * entries never are, and formatting a date costs more than the rest of the entry).
 */
export type JournalRecord = Omit<JournalEntry, 'time'> & { at: number }

/**
 * A request's entry as the journal keeps it, made with `new` rather than as an object literal. V8
 * sees that a literal's objects outlive many collections (the journal keeps them) and from then on
 * allocates that literal's objects in the old generation ("allocation-site pretenuring"), where
 * every one of its numbers and strings costs a slower store. On the standalone server that made the
 * entry cost about 2.5 µs of each read's CPU time (`--cpu-prof`: the entry's function took 240–375
 * ms of 12 s under load, 15–25 ms as a class, 21–37 with pretenuring turned off). V8 tracks no
 * allocation site for a class's objects. The fields are set by name after `new`; `id` by the journal.
 */
export class KeptEntry implements JournalRecord {
  id = 0
  requestId = ''
  at = 0
  startMs = 0
  method = ''
  path = ''
  search = ''
  status = 0
  durationMs = 0
  fault: string | null = null
  idempotencyKey: string | null = null
  replayed = false
  correlationId: string | null = null
  bodyFingerprint: string | null = null
  retryAfter: number | null = null
  declare graphql?: GraphqlOperation
}

/** The entry as callers see it, with its ISO time. */
export function journalEntry({ id, at, ...rest }: JournalRecord): JournalEntry {
  return { id, time: new Date(at).toISOString(), ...rest }
}

/** The requests the API served, newest last, bounded so a long session cannot grow it forever. */
export class Journal {
  private entries: JournalRecord[] = []
  private counter = 0
  private readonly limit: number
  /** Moves on every clear or reset: what a store shared by replicas watches. */
  resets = 0

  constructor(limit: number) {
    this.limit = limit
  }

  /** Keeps the entry as given (no copy), numbered: its `id` is set here. */
  record(entry: JournalRecord): JournalRecord {
    const stored = entry
    stored.id = ++this.counter
    this.entries.push(stored)
    this.trim()
    return stored
  }

  /**
   * Keeps the newest `limit` entries, trimmed in batches (up to half the limit again) so a full
   * journal is not shifted per request. They move down within the array rather than into a new
   * one: its room is kept, and a full journal allocates nothing as it takes more.
   */
  private trim() {
    if (this.entries.length < this.limit * 1.5) return
    this.entries.copyWithin(0, this.entries.length - this.limit)
    this.entries.length = this.limit
  }

  list(): JournalEntry[] {
    return this.entries.slice(-this.limit).map(journalEntry)
  }

  /** The last entry's number. */
  get lastId() {
    return this.counter
  }

  /** The entries numbered after `id`, oldest first, as kept. */
  recordedAfter(id: number): JournalRecord[] {
    const out: JournalRecord[] = []
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i]!
      if (entry.id <= id) break
      out.push(entry)
    }
    return out.reverse()
  }

  /** Takes entries another replica recorded (or a store kept), numbering on after them. */
  adopt(entries: readonly JournalRecord[], counter: number) {
    for (const entry of entries) this.entries.push(entry)
    this.trim()
    this.counter = Math.max(this.counter, counter)
  }

  clear() {
    this.entries = []
    this.resets += 1
  }

  reset() {
    this.entries = []
    this.counter = 0
    this.resets += 1
  }
}

/** A query as the journal keeps it: an `access_token` (RFC 6750's URI query parameter) shows as `REDACTED`. */
export function redactedSearch(search: string): string {
  if (!/access|%/i.test(search)) return search
  return search.replace(
    /([?&])([^=&#]*)=([^&#]*)/g,
    (part, sep: string, name: string) => {
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '))
      } catch {
        // a malformed name stays as sent
      }
      return decoded === 'access_token' ? `${sep}${name}=REDACTED` : part
    },
  )
}
