import type { CleanupResult } from './check-types.ts'
import type { NormalizedCheckOptions } from './check-options.ts'
import { createProbe, type Exchange } from './create-probe.ts'
import { childUrl } from './child-url.ts'
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

/** Deletes what the rules created, newest first, where the API allows it. */
export async function cleanUp(
  options: NormalizedCheckOptions,
  journal: Exchange[],
  created: URL[],
): Promise<CleanupResult[]> {
  const probe = scopedProbe(options, journal, CLEANUP_BUDGET)
  const results: CleanupResult[] = []
  for (const url of [
    ...new Set(created.splice(0).map((u) => u.href)),
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

/** Where a create put its record: `Location`, else the body's self link, else `<collection>/<id>`. */
export function createdUrl(response: Exchange, collectionUrl: URL): URL | null {
  const location = response.headers.get('location')
  if (location) return new URL(location, response.url)
  const self = halLinks(response.json).find((l) => l.rel === 'self')?.href
  if (self) return new URL(self, response.url)
  const id = (response.json as { id?: unknown } | undefined)?.id
  return typeof id === 'string' || typeof id === 'number'
    ? childUrl(collectionUrl, id)
    : null
}
