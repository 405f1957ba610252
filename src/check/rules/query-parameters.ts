import type { Exchange } from '../create-probe.ts'
import type { DiscoveredCollection } from '../discovery-types.ts'
import { itemsOf, nextLink } from '../hal-links.ts'
import { pagingParameters } from '../../common/paging-parameters.ts'
import { isObject } from '../openapi-document.ts'
import {
  describeResponse,
  fail,
  pass,
  skip,
  type RuleContext,
  defineRule,
} from '../rule.ts'

/** Page-size parameters tried when the description names none, most common first. */
const PAGE_SIZE_NAMES = pagingParameters.size
const PAGE_SIZE_PATTERN = /^_?(per_?page|page_?size|limit|size)$/i

/** The page-size parameters to try: those the description declares, else the common ones. */
function pageSizeNames(collection: DiscoveredCollection) {
  const declared = collection.queryParameters.filter((name) =>
    PAGE_SIZE_PATTERN.test(name),
  )
  return declared.length > 0 ? declared : PAGE_SIZE_NAMES
}

async function findNext(
  context: RuleContext,
  collection: DiscoveredCollection,
) {
  const first = nextLink(collection.read.headers, collection.read.json)
  if (first) return { next: first, from: collection.read }
  for (const name of pageSizeNames(collection)) {
    const url = new URL(collection.url)
    url.searchParams.set(name, '1')
    const page = await context.probe.send({ url })
    const next = page.status === 200 ? nextLink(page.headers, page.json) : null
    if (next) return { next, from: page }
  }
  return null
}

/** Whether two URLs name one page: the same path and the same query parameters, in any order. */
function sameUrl(a: URL, b: URL) {
  const query = (url: URL) =>
    [...url.searchParams]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&')
  return (
    a.origin === b.origin && a.pathname === b.pathname && query(a) === query(b)
  )
}

/** A simple member of the first item to filter by, preferring one the description declares. */
function filterField(collection: DiscoveredCollection) {
  const item = collection.items[0]?.body ?? {}
  const simple = Object.entries(item).filter(
    ([name, value]) =>
      name !== 'id' &&
      !name.startsWith('_') &&
      (typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean'),
  )
  return (
    simple.find(([name]) => collection.queryParameters.includes(name)) ??
    simple[0] ??
    null
  )
}

export const queryParameters = defineRule({
  id: 'query-parameters',
  level: 'must',
  concept: 'links',
  also: 'RFC 8288 (Link)',
  sends:
    'GET of the largest collection with a page size of 1, the next page, and a filter',
  writes: false,
  title:
    'Paging and filtering are query parameters, and the next page is linked (Link header or _links)',
  async run(context) {
    const collection = [...context.discovery.collections].sort(
      (a, b) => (b.total ?? b.items.length) - (a.total ?? a.items.length),
    )[0]
    if (
      !collection ||
      (collection.total ?? itemsOf(collection.read.json)?.length ?? 0) < 2
    )
      return skip('no collection holds two items: nothing to page')
    const found = await findNext(context, collection)
    if (!found)
      return fail(
        'a next-page link in a Link header or _links when a page holds fewer than all items',
        `no next link on ${collection.url.href}, nor with ${pageSizeNames(collection).join(', ')}=1`,
        // The collection as discovery read it, then each page-size read.
        [collection.read, ...context.probe.evidence],
      )
    const next = new URL(found.next, found.from.url)
    const steps: Exchange[] = [found.from]
    if (next.search === '' || next.pathname !== collection.url.pathname)
      return fail(
        'the next page as query parameters on the collection path',
        `next is ${next.href}`,
        steps,
      )
    if (sameUrl(next, found.from.url))
      return fail(
        'a next link to another page than the one it is on',
        `next is ${next.href}, the page it is on`,
        steps,
      )
    const page = await context.probe.send({ url: next })
    steps.push(page)
    const nextItems = page.status === 200 ? itemsOf(page.json) : null
    if (!nextItems)
      return fail(
        `200 with items for the next page`,
        describeResponse(page),
        steps,
      )
    const firstItems = itemsOf(found.from.json)
    if (
      firstItems &&
      firstItems.length > 0 &&
      JSON.stringify(firstItems) === JSON.stringify(nextItems)
    )
      return fail(
        'a next page with other items than the page that links to it',
        `${next.href} answered the same ${nextItems.length} item(s) as ${found.from.url.href}`,
        steps,
      )
    const field = filterField(collection)
    if (!field) return pass('no simple member to filter by; paging checked')
    const [name, value] = field
    const filtered = new URL(collection.url)
    filtered.searchParams.set(name, String(value))
    const read = await context.probe.send({ url: filtered })
    steps.push(read)
    // A member nothing declares as a filter may be refused as an unknown parameter: that is not
    // a filter in the path, so only paging was checked.
    if (read.status === 400 && !collection.queryParameters.includes(name))
      return pass(
        `paging checked; ?${name}= is refused with 400 (no declared filter on ${name})`,
      )
    const items = read.status === 200 ? itemsOf(read.json) : null
    if (!items)
      return fail(
        `200 with items for ?${name}=${String(value)}`,
        describeResponse(read),
        steps,
      )
    const strays = items.filter(
      (item) => !isObject(item) || item[name] !== value,
    )
    if (strays.length > 0)
      return fail(
        `only items whose ${name} is ${JSON.stringify(value)}`,
        `${strays.length} of ${items.length} items differ`,
        steps,
      )
    return pass()
  },
})
