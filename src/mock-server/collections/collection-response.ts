import { json } from '../runtime.ts'
import type { CollectionQuery, Filter, SortKey } from './query.ts'

type Row = Record<string, unknown>

function matches(row: Row, filter: Filter) {
  const value = row[filter.field] as string | number | null
  if (filter.op === 'eq') return filter.values.includes(value)
  const bound = filter.values[0]!
  if (value === null || bound === null) return false
  switch (filter.op) {
    case 'gte':
      return value >= bound
    case 'gt':
      return value > bound
    case 'lte':
      return value <= bound
    default:
      return value < bound
  }
}

function compare(a: Row, b: Row, keys: readonly SortKey[]) {
  for (const { field, descending } of keys) {
    const x = a[field] as string | number | null
    const y = b[field] as string | number | null
    if (x === y) continue
    // Nulls sort last whatever the direction, as most SQL databases do with NULLS LAST.
    if (x === null) return 1
    if (y === null) return -1
    const order = x < y ? -1 : 1
    return descending ? -order : order
  }
  return (a.id as number) - (b.id as number)
}

/** Filters, sorts and pages rows; the default sort (id ascending) keeps table order and skips sorting. */
export function selectPage<T extends Row>(
  rows: readonly T[],
  query: CollectionQuery,
) {
  const filtered =
    query.filters.length === 0
      ? rows
      : rows.filter((row) => query.filters.every((f) => matches(row, f)))
  const defaultOrder =
    query.sort.length === 1 &&
    query.sort[0]!.field === 'id' &&
    !query.sort[0]!.descending
  const sorted = defaultOrder
    ? filtered
    : [...filtered].sort((a, b) => compare(a, b, query.sort))
  const start = (query.page - 1) * query.perPage
  return {
    items: sorted.slice(start, start + query.perPage),
    total: filtered.length,
  }
}

function pageHref(url: URL, page: number) {
  const params = new URLSearchParams(url.search)
  params.set('page', String(page))
  return `${url.pathname}?${params.toString()}`
}

/** The collection envelope, with the same relations in the body's `_links` and a `Link` header. */
export function collectionResponse(
  url: URL,
  query: CollectionQuery,
  items: unknown[],
  total: number,
) {
  const last = Math.max(1, Math.ceil(total / query.perPage))
  const links: Record<string, { href: string }> = {
    self: { href: `${url.pathname}${url.search}` },
    first: { href: pageHref(url, 1) },
    last: { href: pageHref(url, last) },
  }
  if (query.page > 1)
    links.prev = { href: pageHref(url, Math.min(query.page - 1, last)) }
  if (query.page < last) links.next = { href: pageHref(url, query.page + 1) }
  const linkHeader = Object.entries(links)
    .map(([rel, link]) => `<${link.href}>; rel="${rel}"`)
    .join(', ')
  return json(
    { items, page: query.page, perPage: query.perPage, total, _links: links },
    { headers: { Link: linkHeader, 'Cache-Control': 'private, no-cache' } },
  )
}
