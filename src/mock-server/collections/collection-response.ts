import { HttpResponse } from '../http-response.ts'
import type { CollectionQuery } from './query.ts'

function pageHref(url: URL, page: number, origin: string) {
  const params = new URLSearchParams(url.search)
  params.set('page', String(page))
  return `${origin}${url.pathname}?${params.toString()}`
}

/** The collection envelope, with the same relations in the body's `_links` and a `Link` header. */
export function collectionResponse(
  url: URL,
  query: CollectionQuery,
  items: unknown[],
  total: number,
  /** The base's origin where it has a host: links are then absolute URLs. */
  origin = '',
) {
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
