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

/** `self`, `next`, `prev` (and `first`, `last` where pages are numbered), by the list's own names. */
function shapedLinks(
  url: URL,
  query: CollectionQuery,
  total: number,
  origin: string,
  shape: ListShape,
) {
  const links: Record<string, string> = {
    self: `${origin}${url.pathname}${url.search}`,
  }
  const { params, paging } = shape
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
    if (query.page < last)
      links.next = withParam(url, origin, params.page, String(query.page + 1))
    return links
  }
  const offset = query.offset ?? 0
  const at = (position: number) =>
    paging === 'offset'
      ? withParam(url, origin, params.offset, String(position))
      : withParam(url, origin, params.cursor, encodeCursor(position))
  if (offset > 0) links.prev = at(Math.max(0, offset - query.perPage))
  if (offset + query.perPage < total) links.next = at(offset + query.perPage)
  return links
}

/** A list in the envelope its declaration names: a bare array, or members of its own naming. */
function shapedResponse(
  url: URL,
  query: CollectionQuery,
  items: unknown[],
  total: number,
  origin: string,
  shape: ListShape,
) {
  const links = shapedLinks(url, query, total, origin, shape)
  const headers = {
    Link: Object.entries(links)
      .map(([rel, href]) => `<${href}>; rel="${rel}"`)
      .join(', '),
  }
  const envelope = shape.envelope
  if (envelope === 'array' || envelope === 'hypermock')
    return HttpResponse.json(items, { headers })
  const body: Record<string, unknown> = { [envelope.items]: items }
  if (envelope.links) {
    const names = envelope.linkNames as Record<string, string> | undefined
    const member: Record<string, unknown> = {}
    for (const [rel, href] of Object.entries(links)) {
      const name = names ? names[rel] : rel
      if (name) member[name] = envelope.linkStyle === 'string' ? href : { href }
    }
    body[envelope.links] = member
  }
  if (envelope.total) body[envelope.total] = total
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
) {
  if (shape !== HYPERMOCK_LIST && shape.envelope !== 'hypermock')
    return shapedResponse(url, query, items, total, origin, shape)
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
