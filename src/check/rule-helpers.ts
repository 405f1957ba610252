import type { Exchange } from './create-probe.ts'
import type {
  DiscoveredCollection,
  DiscoveredItem,
  Discovery,
} from './discovery-types.ts'
import { isObject } from './openapi-document.ts'
import { skip, type RuleContext, type RuleOutcome } from './rule.ts'

let counter = 0
/** A key no earlier run used: the checker's own prefix, the time and a counter. */
export const newIdempotencyKey = () =>
  `hypermock-check-${Date.now().toString(36)}-${(counter++).toString(36)}`

export const WRITES_NOT_ALLOWED = skip(
  'writes not allowed: rerun with --allow-writes (each record created is deleted afterwards)',
)

/** The first few discovered items, across collections. */
export const sampleItems = (
  discovery: Discovery,
  max: number,
): DiscoveredItem[] =>
  discovery.collections.flatMap((c) => c.items.slice(0, 2)).slice(0, max)

/** The collection rules read from: the first with items, else the first. */
export const collectionToRead = (discovery: Discovery): DiscoveredCollection =>
  discovery.collections.find((c) => c.items.length > 0) ??
  (discovery.collections[0] as DiscoveredCollection)

/**
 * Creates a record with the collection's known valid body, remembered for deletion; a skip when the
 * server would not create one (so the rule cannot be judged), else the response.
 */
export async function createRecord(
  context: RuleContext,
  collection: DiscoveredCollection,
  headers: Record<string, string> = {},
): Promise<Exchange | RuleOutcome> {
  const response = await context.probe.send({
    method: 'POST',
    url: collection.url,
    json: collection.createBody,
    headers,
  })
  if (response.status < 300) {
    context.created(response, collection)
    return response
  }
  return skip(
    `could not create a record to test with: POST ${collection.url.pathname} answered ${response.status}`,
  )
}

export const isOutcome = (
  value: Exchange | RuleOutcome,
): value is RuleOutcome => 'status' in value && !('evidence' in value)

/** The number of records in a collection, from `total`, `X-Total-Count`, or an unpaged array. */
export function countOf(read: Exchange): number | null {
  if (isObject(read.json) && typeof read.json.total === 'number')
    return read.json.total
  const header = read.headers.get('x-total-count')
  if (header !== null && /^\d+$/.test(header)) return Number(header)
  if (Array.isArray(read.json) && !read.headers.has('link'))
    return read.json.length
  return null
}

/** Whether an `errors` item names a field: `total`, `/total`, `#/total` and `body.total` all count. */
export const namesField = (named: string, field: string) =>
  named === field ||
  named.endsWith(`/${field}`) ||
  named.endsWith(`.${field}`) ||
  named.endsWith(`[${field}]`)
