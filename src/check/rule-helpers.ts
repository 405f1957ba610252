import type { Exchange } from './create-probe.ts'
import type {
  DiscoveredCollection,
  DiscoveredItem,
  Discovery,
} from './discovery-types.ts'
import { halLinks } from './hal-links.ts'
import { isProbeError } from './probe-error.ts'
import { isObject } from './openapi-document.ts'
import { namedFields } from './named-fields.ts'
import {
  describeResponse,
  fail,
  skip,
  type RuleContext,
  type RuleOutcome,
} from './rule.ts'
import { withItemValues } from './sample-body.ts'
import {
  writableCollection,
  type WritableCollection,
} from './writable-collection.ts'

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
 *
 * When the server refuses a body built from the description (a 400 or 422: a placeholder where a
 * database wants a number, an id no record has), the same members with a real item's values are
 * sent instead, and every later rule uses them; the report says so. A given `Idempotency-Key` is
 * replaced by a fresh one in `headers` for that second create, so a rule that repeats it repeats
 * the create that worked.
 */
export async function createRecord(
  context: RuleContext,
  collection: DiscoveredCollection,
  headers: Record<string, string> = {},
  /** The rule judges the create itself: a 5xx is its fail, not a skip. */
  judged = false,
): Promise<Exchange | RuleOutcome> {
  try {
    return await createWithFallback(context, collection, headers, judged)
  } catch (error) {
    // The create is the rule's set-up, not what it judges: without a record there is no verdict.
    if (!isProbeError(error)) throw error
    return skip(
      `could not create a record to test with: POST ${collection.url.href} failed: ${error.message}`,
    )
  }
}

async function createWithFallback(
  context: RuleContext,
  collection: DiscoveredCollection,
  headers: Record<string, string>,
  judged: boolean,
): Promise<Exchange | RuleOutcome> {
  let response = await context.probe.send({
    method: 'POST',
    url: collection.url,
    json: collection.createBody,
    headers,
  })
  const item = collection.items[0]
  const body =
    item && collection.createBody && collection.createBodyFrom !== 'item'
      ? withItemValues(collection.createBody, item.body)
      : null
  const refused = response.status === 400 || response.status === 422
  const fields = namedFields(response.json)
  if (refused && item && body) {
    if ('Idempotency-Key' in headers)
      headers['Idempotency-Key'] = newIdempotencyKey()
    const again = await context.probe.send({
      method: 'POST',
      url: collection.url,
      json: body,
      headers,
    })
    fields.push(
      ...namedFields(again.json).filter((field) => !fields.includes(field)),
    )
    if (again.status < 300) {
      collection.createBodyNote = `POST ${collection.url.href} refused the body built from the description's ${collection.createBodyFrom ?? 'schema'} (${describeResponse(response).slice(0, 160)}); the rules sent the values of ${item.url.href} instead`
      collection.createBody = body
      collection.createBodyFrom = 'item'
      response = again
    }
  }
  if (response.status < 300) {
    const url = context.created(response, collection)
    // A created record is read back where the server says it is (header-values judges the answer).
    const location = response.headers.get('location')
    if (
      url &&
      location !== null &&
      url.origin === context.options.baseUrl.origin
    )
      readBacks.set(response, await context.probe.send({ url }))
    return response
  }
  const post = `POST ${collection.url.href}`
  const sent = bodyOrigin(collection)
  if (response.status >= 500) {
    // A server error is the server's fault whatever the body: the create is broken, not the rule.
    if (judged)
      return fail(
        `a 2xx for ${post} with ${sent}`,
        describeResponse(response),
        [response],
      )
    return skip(
      `could not create a record to test with: ${post} answered ${response.status} to ${sent}, a server error (created-reads-back fails on it)`,
    )
  }
  const naming =
    fields.length > 0 ? `; the refusal names ${fields.join(', ')}` : ''
  return skip(
    `could not create a record to test with: ${post} answered ${response.status} to ${sent}${refused && body ? " and to a real item's values" : ''}${naming}`,
  )
}

/** What a collection's create body is, for a reason that says what was sent. */
const bodyOrigin = (collection: DiscoveredCollection) =>
  collection.createBodyFrom === 'example'
    ? "the description's example"
    : collection.createBodyFrom === 'schema'
      ? "a body built from the description's schema"
      : collection.createBodyFrom === 'item'
        ? "a real item's values"
        : 'a body guessed without a schema'

const readBacks = new WeakMap<Exchange, Exchange>()

/** The read of a created record at its `Location`, when createRecord made one. */
export const readBackOf = (created: Exchange) => readBacks.get(created)

/**
 * Where a created record reads back: its `Location` when that answers 200, else the self link of
 * the create's body. `null` when neither reads back: a server's `Location: string` is not taken
 * for the record.
 */
export async function createdRecord(
  context: RuleContext,
  created: Exchange,
): Promise<{ url: URL; read: Exchange } | null> {
  const atLocation = readBackOf(created)
  if (atLocation?.status === 200)
    return { url: atLocation.url, read: atLocation }
  const self = halLinks(created.json).find((l) => l.rel === 'self')?.href
  if (!self) return null
  const url = new URL(self, created.url)
  if (url.origin !== context.options.baseUrl.origin) return null
  const read = await context.probe.send({ url })
  return read.status === 200 ? { url, read } : null
}

/** Whether a helper's answer is the rule's outcome (a skip or verdict), not what it asked for. */
export const isOutcome = (
  value: Exchange | DiscoveredCollection | RuleOutcome,
): value is RuleOutcome => 'status' in value && !('evidence' in value)

/**
 * The collection a writing rule creates in (with items that offer actions, when `withActions`),
 * or the skip that says why it cannot write: writes not allowed, or no collection to write to.
 */
export function collectionToWrite(
  context: RuleContext,
  withActions = false,
): WritableCollection | RuleOutcome {
  if (!context.options.allowWrites) return WRITES_NOT_ALLOWED
  return (
    writableCollection(context.discovery, withActions) ??
    skip(
      withActions
        ? 'found no collection with action links that accepts a POST with a known body'
        : 'found no collection that accepts a POST with a known body',
    )
  )
}

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
