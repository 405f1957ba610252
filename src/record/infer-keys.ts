import type { Exchange } from './exchange.ts'
import { isObject } from '../common/is-object.ts'

type Json = Record<string, unknown>

/** How a collection names its items, as the recording showed it. */
export interface InferredKey {
  /** The record's member that holds the key (`id`, `username`, `gid`). */
  member: string
  /** Item requests (`GET/PUT/PATCH/DELETE <collection>/<segment>`) seen, successful ones. */
  requests: number
  /** Of those, the ones whose decoded segment equals the member's value. */
  matched: number
  /** Who makes a new key: the server (a create answered with a key it was not sent), or the client. */
  madeBy: 'server' | 'client' | 'unknown'
  /** Why the client is said to make it: a create body carrying it, or a `PUT` that created. */
  clientEvidence?: 'body' | 'put'
  /** Other members that equalled the segment in every item request too. */
  others: string[]
  /** No member fitted: keyed by `id`, as by default. */
  fallback: boolean
  /** The best partial fit when none fitted: `username` in 4 of 6. */
  nearest?: { member: string; matched: number }
  /** Raw (still encoded) path segments that named its items. */
  segments: Set<string>
  /** The key values its lists held (up to a limit): segments that name its items in other paths. */
  values: Set<string>
}

/** At most this many key values are kept per collection and member, to tell uniqueness. */
const VALUE_LIMIT = 10_000
/** At most this many members of a collection's records are weighed as its key. */
const MEMBER_LIMIT = 200
/** At most this many creates of a collection are kept to tell who makes its keys. */
const CREATE_LIMIT = 500

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '')

/** A path segment as its server read it: percent-decoded, left as sent when malformed. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const isScalarKey = (v: unknown): v is string | number =>
  (typeof v === 'string' && v !== '') ||
  (typeof v === 'number' && Number.isFinite(v))

/** The objects a list's body holds: a bare array, or the first member that is an array of objects. */
function listed(body: unknown): Json[] | null {
  if (Array.isArray(body))
    return body.length > 0 && body.every(isObject) ? (body as Json[]) : null
  if (!isObject(body)) return null
  for (const value of Object.values(body))
    if (Array.isArray(value) && value.length > 0 && value.every(isObject))
      return value as Json[]
  return null
}

interface Evidence {
  requests: number
  matched: Map<string, number>
  segments: Set<string>
  /** Key values each member held, across every record of the collection seen. */
  values: Map<
    string,
    { seen: Set<string>; duplicated: boolean; records: number }
  >
  records: number
  /** Members each create body carried, and each create answer's members. */
  creates: { sent: Json | null; answer: Json }[]
  /** `PUT`s of an item answered 201: creates under the key the client chose. */
  putCreates: number
  /** Members in the order the records hold them. */
  order: string[]
}

/**
 * Which member keys each collection's records: the member whose value equals the item path's
 * decoded segment in every successful item request (`GET /users/ann%20smith` answering
 * `{ "username": "ann smith" }`), `id` first where it fits, then a member no two records share.
 * Collections are named by their path's last segment, as inference names resources.
 */
export function inferKeys(
  exchanges: readonly Exchange[],
): Map<string, InferredKey> {
  const byName = new Map<string, Evidence>()
  const evidence = (name: string) => {
    let e = byName.get(name)
    if (!e) {
      e = {
        requests: 0,
        matched: new Map(),
        segments: new Set(),
        values: new Map(),
        records: 0,
        creates: [],
        putCreates: 0,
        order: [],
      }
      byName.set(name, e)
    }
    return e
  }
  // Records each collection listed or created: the values a key may take.
  for (const e of exchanges) {
    if (e.status < 200 || e.status >= 300) continue
    const segments = segmentsOf(e.url.pathname)
    const name = segments.at(-1)
    if (name === undefined) continue
    if (e.method === 'GET') {
      const records = listed(e.responseBody)
      // One list read many times is one set of records: uniqueness is told within a list.
      if (records) {
        const ev = evidence(name)
        ev.records = Math.max(ev.records, records.length)
        const within = new Map<string, Set<string>>()
        for (const record of records)
          for (const [member, value] of Object.entries(record)) {
            if (!isScalarKey(value)) continue
            if (!ev.order.includes(member) && ev.order.length < MEMBER_LIMIT)
              ev.order.push(member)
            let entry = ev.values.get(member)
            if (!entry && ev.values.size >= MEMBER_LIMIT) continue
            if (!entry) {
              entry = { seen: new Set(), duplicated: false, records: 0 }
              ev.values.set(member, entry)
            }
            const mine = within.get(member) ?? new Set<string>()
            within.set(member, mine)
            const text = String(value)
            if (mine.has(text)) entry.duplicated = true
            mine.add(text)
            if (entry.seen.size < VALUE_LIMIT) entry.seen.add(text)
          }
        for (const [member, mine] of within) {
          const entry = ev.values.get(member)!
          entry.records = Math.max(entry.records, mine.size)
        }
      }
    } else if (e.method === 'POST' && isObject(e.responseBody)) {
      const ev = evidence(name)
      ev.creates.push({
        sent: isObject(e.requestBody) ? e.requestBody : null,
        answer: e.responseBody,
      })
      if (ev.creates.length > CREATE_LIMIT) ev.creates.shift()
      for (const [member, value] of Object.entries(e.responseBody))
        if (isScalarKey(value) && !ev.order.includes(member))
          ev.order.push(member)
    }
  }

  // Item requests: the decoded last segment against the members of the record answered, or of
  // the records its collection listed (a DELETE answers no body).
  for (const e of exchanges) {
    if (e.status < 200 || e.status >= 300) continue
    if (!['GET', 'PUT', 'PATCH', 'DELETE'].includes(e.method)) continue
    const segments = segmentsOf(e.url.pathname)
    if (segments.length < 2) continue
    const raw = segments.at(-1)!
    const name = segments.at(-2)!
    const segment = decodeSegment(raw)
    const body = e.responseBody
    const candidates = new Set<string>()
    if (isObject(body)) {
      for (const [member, value] of Object.entries(body))
        if (isScalarKey(value) && String(value) === segment)
          candidates.add(member)
    } else if (e.method === 'DELETE' || body === undefined) {
      const known = byName.get(name)
      if (!known) continue
      for (const [member, { seen }] of known.values)
        if (seen.has(segment)) candidates.add(member)
      for (const { answer } of known.creates)
        for (const [member, value] of Object.entries(answer))
          if (isScalarKey(value) && String(value) === segment)
            candidates.add(member)
    } else continue
    // A GET of something that names nothing (`/reports/summary` answering totals) is no item.
    if (candidates.size === 0 && e.method === 'GET' && !byName.has(name))
      continue
    const ev = evidence(name)
    ev.requests++
    if (ev.segments.size < VALUE_LIMIT) ev.segments.add(raw)
    for (const member of candidates)
      ev.matched.set(member, (ev.matched.get(member) ?? 0) + 1)
    if (e.method === 'PUT' && e.status === 201) ev.putCreates++
  }

  const keys = new Map<string, InferredKey>()
  for (const [name, ev] of byName) {
    if (ev.requests === 0) continue
    // A collection is one that listed records or took a create, or whose items several keys named.
    const isCollection =
      ev.records > 0 || ev.creates.length > 0 || ev.segments.size >= 2
    if (!isCollection) continue
    const fitting = ev.order.filter((m) => ev.matched.get(m) === ev.requests)
    for (const m of ev.matched.keys())
      if (ev.matched.get(m) === ev.requests && !fitting.includes(m))
        fitting.push(m)
    const unique = (m: string) => {
      const v = ev.values.get(m)
      return v === undefined || !v.duplicated
    }
    const member = fitting.includes('id')
      ? 'id'
      : (fitting.find(
          (m) => unique(m) && (ev.values.get(m)?.records ?? 0) >= ev.records,
        ) ?? fitting.find(unique))
    if (member === undefined) {
      const nearest = [...ev.matched].sort((a, b) => b[1] - a[1])[0]
      keys.set(name, {
        member: 'id',
        requests: ev.requests,
        matched: ev.matched.get('id') ?? 0,
        madeBy: 'unknown',
        others: [],
        fallback: true,
        ...(nearest && {
          nearest: { member: nearest[0], matched: nearest[1] },
        }),
        segments: ev.segments,
        values: new Set(),
      })
      continue
    }
    // Who makes the key: a create body that carried it, or a PUT that created, says the client.
    const sentKey = ev.creates.some(
      ({ sent, answer }) =>
        sent !== null &&
        isScalarKey(sent[member]) &&
        String(sent[member]) === String(answer[member]),
    )
    const serverMade = ev.creates.some(
      ({ sent, answer }) =>
        isScalarKey(answer[member]) && (sent === null || !(member in sent)),
    )
    const madeBy =
      sentKey || ev.putCreates > 0
        ? 'client'
        : serverMade
          ? 'server'
          : 'unknown'
    keys.set(name, {
      member,
      requests: ev.requests,
      matched: ev.requests,
      madeBy,
      ...(madeBy === 'client' && {
        clientEvidence: sentKey ? ('body' as const) : ('put' as const),
      }),
      others: fitting.filter((m) => m !== member),
      fallback: false,
      segments: ev.segments,
      values: ev.values.get(member)?.seen ?? new Set(),
    })
  }
  return keys
}
