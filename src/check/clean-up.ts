import type { CleanupResult } from './check-types.ts'
import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import { createProbe, type Exchange } from './create-probe.ts'
import { itemUrl, recordKey, type ItemRoute } from './record-key.ts'
import { halLinks } from './hal-links.ts'

const CLEANUP_BUDGET = 50

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
  /** Creates already counted, so a rule's own call and the probe's hook count one record once. */
  seen: WeakSet<Exchange>
}

export const createdRecords = (): CreatedRecords => ({
  urls: [],
  unlocated: [],
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
  for (const url of [
    ...new Set(created.urls.splice(0).map((u) => u.href)),
  ].reverse()) {
    try {
      const response = await probe.send({
        method: 'DELETE',
        url,
        record: false,
      })
      results.push({
        url,
        status: response.status,
        deleted: response.status < 300 || response.status === 404,
      })
    } catch {
      results.push({ url, status: null, deleted: false })
    }
  }
  return results
}

/** A collection as far as finding its records goes: its URL and the item route that names the key. */
export type RecordHome = { url: URL; itemRoute: ItemRoute | null }

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
