import type { CleanupResult } from './check-types.ts'
import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import { createProbe, type Exchange } from './create-probe.ts'
import { itemUrl, recordKey, type ItemRoute } from './record-key.ts'
import { halLinks, itemsOf, nextLink } from './hal-links.ts'
import { isObject } from './openapi-document.ts'

// A DELETE and the GET that confirms it, for each record.
const CLEANUP_BUDGET = 100

/** A probe outside any rule: discovery's and the clean-up's. */
export function scopedProbe(
  options: NormalizedCheckOptions,
  journal: Exchange[],
  budget: number,
  signal?: AbortSignal,
) {
  return createProbe({
    options,
    ruleId: null,
    budget,
    journal,
    signal: signal ?? options.signal ?? new AbortController().signal,
  })
}

/**
 * What the rules created: the records found (deleted at the end) and the creates whose record
 * could not be found, listed in the report so that none is left behind unsaid.
 */
export interface CreatedRecords {
  urls: URL[]
  unlocated: CleanupResult[]
  /** Creates that got no answer (timed out, connection lost): each may have made a record. */
  unanswered: UnansweredCreate[]
  /** Creates already counted, so a rule's own call and the probe's hook count one record once. */
  seen: WeakSet<Exchange>
}

/** A create whose answer never came, with what it sent and where. */
export interface UnansweredCreate {
  url: URL
  /** The body as sent, `undefined` for none. */
  body: string | undefined
  reason: string
  home: RecordHome
}

export const createdRecords = (): CreatedRecords => ({
  urls: [],
  unlocated: [],
  unanswered: [],
  seen: new WeakSet(),
})

/** Deletes what the rules created, newest first, where the API allows it; lists what it could not find. */
export async function cleanUp(
  options: NormalizedCheckOptions,
  journal: Exchange[],
  created: CreatedRecords,
): Promise<CleanupResult[]> {
  const probe = scopedProbe(options, journal, CLEANUP_BUDGET)
  const results: CleanupResult[] = created.unlocated.splice(0)
  for (const href of [
    ...new Set(created.urls.splice(0).map((u) => u.href)),
  ].reverse())
    results.push(await deleteCreated(probe, new URL(href), journal))
  // Looked up after the deletes above: what is left and matches an unanswered create is its.
  const unanswered = created.unanswered.splice(0)
  const groups = new Map<string, UnansweredCreate[]>()
  for (const create of unanswered) {
    const group = `${create.url.href}\u0000${create.body ?? ''}`
    groups.set(group, [...(groups.get(group) ?? []), create])
  }
  for (const group of groups.values())
    results.push(
      ...(await findUnanswered(probe, group)).map((entry) => ({
        ...entry,
        unanswered: true as const,
      })),
    )
  return results
}

type Outcome = {
  status: number | null
  after: number | null
  /** The read answered the record as deleted: `{ "deleted": true }`, as Stripe's API does. */
  tombstone?: boolean
}

/**
 * A DELETE, and when it succeeds, the GET that shows the record gone: `after` is that GET's status
 * (`null` when none was sent or none came back).
 */
async function deleteAndRead(
  probe: ReturnType<typeof scopedProbe>,
  url: URL,
): Promise<Outcome> {
  let status: number
  try {
    status = (await probe.send({ method: 'DELETE', url, record: false })).status
  } catch {
    return { status: null, after: null }
  }
  if (status >= 300) return { status, after: null }
  try {
    const read = await probe.send({ url, record: false, journal: false })
    return {
      status,
      after: read.status,
      tombstone:
        read.status === 200 &&
        isObject(read.json) &&
        read.json.deleted === true,
    }
  } catch {
    return { status, after: null }
  }
}

const gone = (status: number | null) => status === 404 || status === 410

/** The read after a successful DELETE finds the record gone, or deleted. */
const goneAfter = ({ after, tombstone }: Outcome) =>
  gone(after) || tombstone === true

/**
 * Deletes a record a rule created, and claims it deleted only when that is true as far as the
 * checker can tell: the DELETE succeeded and a GET then finds nothing, or the DELETE finds nothing
 * at a URL that held a record during the run (a rule deleted it already). A stateless mock answers
 * every DELETE with its example status and still reads the record: that is not confirmed.
 */
async function deleteCreated(
  probe: ReturnType<typeof scopedProbe>,
  url: URL,
  journal: readonly Exchange[],
): Promise<CleanupResult> {
  const outcome = await deleteAndRead(probe, url)
  const { status, after } = outcome
  const base = { url: url.href, status }
  if (status === null)
    return {
      ...base,
      deleted: false,
      reason: `DELETE ${url.href} got no answer: the record may remain; remove it by hand`,
    }
  if (gone(status)) {
    const held = journal.some(
      (e) =>
        e.url.href === url.href &&
        ((e.method === 'GET' && e.status === 200) ||
          (e.method === 'DELETE' && e.status < 300)),
    )
    return held
      ? { ...base, deleted: true }
      : {
          ...base,
          deleted: false,
          unconfirmed: true,
          reason: `DELETE ${url.href} answered ${status}, and no read of it answered 200 during the run: the URL the create gave may name no record (a mock's example), so what the create made, if anything, was not found`,
        }
  }
  if (status >= 300) return { ...base, deleted: false }
  if (goneAfter(outcome)) return { ...base, deleted: true }
  return {
    ...base,
    deleted: false,
    unconfirmed: true,
    reason: `DELETE ${url.href} answered ${status}, but a GET then answered ${after ?? 'nothing'}: the record still reads back (a server that keeps no state answers so), so its deletion is not confirmed`,
  }
}

/** Pages of a list read to find an unanswered create's record, at most. */
const LOOKUP_PAGES = 10

/** The records a collection lists now, every page (up to the limit); `null` when it cannot be read whole. */
async function listWhole(
  probe: ReturnType<typeof scopedProbe>,
  url: URL,
): Promise<Record<string, unknown>[] | null> {
  const records: Record<string, unknown>[] = []
  let next: URL | null = url
  for (let page = 0; next !== null; page++) {
    if (page === LOOKUP_PAGES) return null
    const read = await probe.send({ url: next, record: false })
    if (read.status >= 300) return null
    const items = itemsOf(read.json)
    if (!items) return null
    records.push(...items.filter(isObject))
    const link = nextLink(read.headers, read.json)
    next = link === null ? null : new URL(link, read.url)
  }
  return records
}

const isScalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)

/**
 * Finds and deletes the records unanswered creates may have made, one group of creates that sent
 * one body to one collection at a time: by the key the body gave (a client's own key), else in the
 * collection's list, as the records that hold every value the body sent and that the list did not
 * hold before the run. Where that cannot be told (no list, a list not read whole before, more such
 * records than creates), nothing is deleted and the entry says records may remain.
 */
async function findUnanswered(
  probe: ReturnType<typeof scopedProbe>,
  group: UnansweredCreate[],
): Promise<CleanupResult[]> {
  const [first] = group
  if (!first) return []
  const { home } = first
  const post = `POST ${first.url.href}`
  const count =
    group.length === 1 ? 'got no answer' : `got no answer ${group.length} times`
  const why = `${post} ${count} (${first.reason})`
  const remains = (reason: string): CleanupResult[] =>
    group.map(() => ({
      url: first.url.href,
      status: null,
      deleted: false,
      reason: `${why}: it may have made a record all the same, and ${reason}; look for it by hand`,
    }))
  let body: unknown
  try {
    body = first.body === undefined ? undefined : JSON.parse(first.body)
  } catch {
    body = undefined
  }
  const parameter = home.itemRoute?.parameter ?? null
  // Deleted: the DELETE found nothing (none was made, or it is gone), or it succeeded and a GET
  // then finds nothing.
  const deleteAt = async (url: URL) => {
    const outcome = await deleteAndRead(probe, url)
    const { status } = outcome
    const succeeded = status !== null && status < 300
    return {
      status,
      deleted: gone(status) || (succeeded && goneAfter(outcome)),
      unconfirmed: succeeded && !goneAfter(outcome),
    }
  }
  // A key the body gave names the record: deleted by it, or known never made (404).
  const given = isObject(body) ? recordKey(body, parameter) : null
  if (given !== null) {
    const url = itemUrl(home, given)
    const { status, deleted, unconfirmed } = await deleteAt(url)
    // Creates that sent one key made one record at most: one answer for each.
    return group.map(() => ({
      url: url.href,
      status,
      deleted,
      ...(unconfirmed && { unconfirmed }),
      reason: gone(status)
        ? `${why}: no record holds the key it sent (${String(given)}), so it made none`
        : deleted
          ? `${why}: the record it made was found by the key it sent (${String(given)}) and deleted`
          : unconfirmed
            ? `${why}: the record ${url.href} (the key it sent) was sent a DELETE that answered ${status}, but it still reads back; remove it by hand`
            : `${why}: it may have made the record ${url.href} (the key it sent), which was not deleted (${status ?? 'no answer'}); remove it by hand`,
    }))
  }
  const sent = isObject(body)
    ? Object.entries(body).filter(([, value]) => isScalar(value))
    : []
  if (sent.length === 0)
    return remains('its body holds no value to find the record by')
  const before = home.read ?? null
  if (!before || nextLink(before.headers, before.json) !== null)
    return remains(
      'the collection was not read whole before the run, so a record matching its body cannot be told from one that was there',
    )
  const keyOf = (record: Record<string, unknown>) => {
    const key = recordKey(record, parameter)
    return key === null ? null : String(key)
  }
  const existed = new Set(
    (itemsOf(before.json) ?? [])
      .filter(isObject)
      .map(keyOf)
      .filter((k) => k !== null),
  )
  const listed = await listWhole(probe, home.url).catch(() => null)
  if (listed === null)
    return remains(`the list at ${home.url.href} could not be read whole`)
  const matches = listed.filter((record) => {
    const key = keyOf(record)
    if (key === null || existed.has(key)) return false
    const compared = sent.filter(([member]) => member in record)
    return (
      compared.length > 0 &&
      compared.every(([member, value]) => record[member] === value)
    )
  })
  const members = sent.map(([member]) => member).join(', ')
  if (matches.length > group.length)
    return remains(
      `${matches.length} new records in the list hold the values it sent (${members}), more than the creates that got no answer, so none was deleted`,
    )
  const results: CleanupResult[] = []
  for (const record of matches) {
    const url = itemUrl(home, keyOf(record)!)
    const { status, deleted, unconfirmed } = await deleteAt(url)
    results.push({
      url: url.href,
      status,
      deleted,
      ...(unconfirmed && { unconfirmed }),
      reason: deleted
        ? `${why}: the record it made was found in the list by the values it sent (${members}) and deleted`
        : unconfirmed
          ? `${why}: the record it made was found in the list by the values it sent (${members}) at ${url.href}; its DELETE answered ${status}, but it still reads back; remove it by hand`
          : `${why}: the record it made was found in the list by the values it sent (${members}) at ${url.href}, and not deleted (${status ?? 'no answer'}); remove it by hand`,
    })
  }
  for (let i = matches.length; i < group.length; i++)
    results.push({
      url: first.url.href,
      status: null,
      deleted: false,
      reason: `${why}: no new record in the list holds the values it sent (${members}), so it most likely made none; one may remain if the server changed them`,
    })
  return results
}

/** A collection as far as finding its records goes: its URL and the item route that names the key. */
export type RecordHome = {
  url: URL
  itemRoute: ItemRoute | null
  /** The collection's read at discovery, before the run; absent for a URL no collection names. */
  read?: Exchange
}

/**
 * Where a create put its record: `Location`, else the body's self link, else the item route with
 * the record's key (the member the route's parameter names, in any case, else `id`).
 */
export function createdUrl(response: Exchange, home: RecordHome): URL | null {
  const location = response.headers.get('location')
  if (location) return new URL(location, response.url)
  const self = halLinks(response.json).find((l) => l.rel === 'self')?.href
  if (self) return new URL(self, response.url)
  const key = recordKey(response.json, home.itemRoute?.parameter ?? null)
  return key === null ? null : itemUrl(home, key)
}

/**
 * Remembers what a create made: its URL for the clean-up, or, when no URL can be found, an entry
 * the report lists as not deleted with the reason.
 */
export function rememberCreated(
  created: CreatedRecords,
  response: Exchange,
  home: RecordHome,
  baseUrl: URL,
): URL | null {
  const url = createdUrl(response, home)
  if (created.seen.has(response)) return url
  created.seen.add(response)
  if (url && url.origin === baseUrl.origin) created.urls.push(url)
  else if (!url) {
    const key = home.itemRoute
      ? `\`${home.itemRoute.parameter}\` (the parameter of ${home.itemRoute.full}, in any case) or \`id\``
      : '`id`'
    created.unlocated.push({
      url: response.url.href,
      status: null,
      deleted: false,
      reason: `${response.method} ${response.url.href} answered ${response.status} with no Location, no self link and no ${key} member: the record it made could not be found to delete; remove it by hand`,
    })
  }
  return url
}
