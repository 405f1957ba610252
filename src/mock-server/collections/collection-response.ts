import { HttpResponse } from '../http-response.ts'
import { encodeCursor, HYPERMOCK_LIST, type ListShape } from './list-shape.ts'
import type { CollectionQuery } from './query.ts'

function pageHref(url: URL, page: number, origin: string) {
  const params = new URLSearchParams(url.search)
  params.set('page', String(page))
  return `${origin}${url.pathname}?${params.toString()}`
}

function withParam(url: URL, origin: string, name: string, value: string) {
  const params = new URLSearchParams(url.search)
  params.set(name, value)
  return `${origin}${url.pathname}?${params.toString()}`
}

/**
 * Where a page stands: the keys of its first and last record, and (read by `after` paging alone)
 * whether more follow.
 */
export interface KeyWindow {
  hasMore: boolean
  first: string | undefined
  last: string | undefined
}

/**
 * `self`, `next`, `prev` (and `first`, `last` where pages are numbered), by the list's own names,
 * and the next page's cursor as the paging style spells it (`null` on the last page).
 */
function shapedLinks(
  url: URL,
  query: CollectionQuery,
  total: number,
  origin: string,
  shape: ListShape,
  window: KeyWindow | undefined,
) {
  const links: Record<string, string> = {
    self: `${origin}${url.pathname}${url.search}`,
  }
  const { params, paging } = shape
  const set = (name: string, value: string) => {
    const search = new URLSearchParams(url.search)
    search.delete(params.after)
    search.delete(params.before)
    search.set(name, value)
    return `${origin}${url.pathname}?${search.toString()}`
  }
  if (paging === 'none') return { links, next: null, hasMore: false }
  if (paging === 'after') {
    const more = window?.hasMore ?? false
    const backwards = query.before !== undefined
    const next =
      window?.last !== undefined && (backwards || more) ? window.last : null
    if (next !== null) links.next = set(params.after, next)
    const previous = backwards ? more : query.after !== undefined
    if (previous && window?.first !== undefined)
      links.prev = set(params.before, window.first)
    return { links, next, hasMore: more }
  }
  if (paging === 'page') {
    const last = Math.max(1, Math.ceil(total / query.perPage))
    links.first = withParam(url, origin, params.page, '1')
    links.last = withParam(url, origin, params.page, String(last))
    if (query.page > 1)
      links.prev = withParam(
        url,
        origin,
        params.page,
        String(Math.min(query.page - 1, last)),
      )
    const more = query.page < last
    if (more)
      links.next = withParam(url, origin, params.page, String(query.page + 1))
    return {
      links,
      next: more ? String(query.page + 1) : null,
      hasMore: more,
    }
  }
  const offset = query.offset ?? 0
  const cursor = (position: number) =>
    paging === 'offset' ? String(position) : encodeCursor(position)
  const at = (position: number) =>
    withParam(url, origin, params[paging], cursor(position))
  if (offset > 0) links.prev = at(Math.max(0, offset - query.perPage))
  const more = offset + query.perPage < total
  if (more) links.next = at(offset + query.perPage)
  return {
    links,
    next: more ? cursor(offset + query.perPage) : null,
    hasMore: more,
  }
}

/** A list in the envelope its declaration names: a bare array, or members of its own naming. */
function shapedResponse(
  url: URL,
  query: CollectionQuery,
  items: unknown[],
  total: number,
  origin: string,
  shape: ListShape,
  window: KeyWindow | undefined,
) {
  const { links, next, hasMore } = shapedLinks(
    url,
    query,
    total,
    origin,
    shape,
    window,
  )
  const headers = {
    Link: Object.entries(links)
      .map(([rel, href]) => `<${href}>; rel="${rel}"`)
      .join(', '),
  }
  const envelope = shape.envelope
  if (envelope === 'array') return HttpResponse.json(items, { headers })
  // Our envelope, where its pages are not numbered: the records, the total and the links.
  if (envelope === 'hypermock')
    return HttpResponse.json(
      {
        items,
        total,
        _links: Object.fromEntries(
          Object.entries(links).map(([rel, href]) => [rel, { href }]),
        ),
      },
      { headers },
    )
  const body: Record<string, unknown> = { ...envelope.constants }
  if (envelope.url) body[envelope.url] = url.pathname
  body[envelope.items] = items
  if (envelope.links) {
    const names = envelope.linkNames as Record<string, string> | undefined
    const member: Record<string, unknown> = {}
    for (const [rel, href] of Object.entries(links)) {
      const name = names ? names[rel] : rel
      if (name)
        member[name] =
          envelope.linkStyle === 'string'
            ? href
            : envelope.linkStyle === 'url'
              ? new URL(href, url.origin).href
              : { href }
    }
    const also = envelope.linksAlso
    if (also?.page)
      member[also.page] =
        shape.paging === 'page'
          ? query.page - 1
          : Math.floor((query.offset ?? 0) / query.perPage)
    if (also?.perPage) member[also.perPage] = query.perPage
    if (also?.itemsName) member[also.itemsName] = envelope.items
    body[envelope.links] = member
  }
  // A member with nothing to hold is null, or left out where the API has no room for null.
  const put = (name: string, value: unknown) => {
    if (value !== null || envelope.absent !== 'omit') body[name] = value
  }
  if (envelope.total) body[envelope.total] = total
  if (envelope.hasMore) body[envelope.hasMore] = hasMore
  if (envelope.firstKey) put(envelope.firstKey, window?.first ?? null)
  if (envelope.lastKey) put(envelope.lastKey, window?.last ?? null)
  if (envelope.nextCursor) put(envelope.nextCursor, next)
  if (envelope.nextPage) {
    const { member, cursor, path, uri } = envelope.nextPage
    const href = links.next
    const page: Record<string, unknown> = {}
    if (href !== undefined) {
      const parsed = new URL(href, 'http://localhost')
      if (cursor) page[cursor] = next
      if (path) page[path] = `${parsed.pathname}${parsed.search}`
      if (uri) page[uri] = href
    }
    put(member, href === undefined ? null : page)
  }
  if (envelope.page) body[envelope.page] = query.page
  if (envelope.perPage) body[envelope.perPage] = query.perPage
  if (envelope.offset)
    body[envelope.offset] = query.offset ?? (query.page - 1) * query.perPage
  if (envelope.pages)
    body[envelope.pages] = Math.max(1, Math.ceil(total / query.perPage))
  return HttpResponse.json(body, { headers })
}

/** The collection envelope, with the same relations in the body's `_links` and a `Link` header. */
export function collectionResponse(
  url: URL,
  query: CollectionQuery,
  items: unknown[],
  total: number,
  /** The base's origin where it has a host: links are then absolute URLs. */
  origin = '',
  shape: ListShape = HYPERMOCK_LIST,
  /** Where the page stands (the keys it starts and ends with). */
  window?: KeyWindow,
) {
  if (
    shape !== HYPERMOCK_LIST &&
    (shape.envelope !== 'hypermock' ||
      shape.paging === 'after' ||
      shape.paging === 'none')
  )
    return shapedResponse(url, query, items, total, origin, shape, window)
  const last = Math.max(1, Math.ceil(total / query.perPage))
  const links: Record<string, { href: string }> = {
    self: { href: `${origin}${url.pathname}${url.search}` },
    first: { href: pageHref(url, 1, origin) },
    last: { href: pageHref(url, last, origin) },
  }
  if (query.page > 1)
    links.prev = { href: pageHref(url, Math.min(query.page - 1, last), origin) }
  if (query.page < last)
    links.next = { href: pageHref(url, query.page + 1, origin) }
  const linkHeader = Object.entries(links)
    .map(([rel, link]) => `<${link.href}>; rel="${rel}"`)
    .join(', ')
  return HttpResponse.json(
    { items, page: query.page, perPage: query.perPage, total, _links: links },
    { headers: { Link: linkHeader } },
  )
}
