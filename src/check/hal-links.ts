import { isObject } from './openapi-document.ts'

export interface Link {
  rel: string
  href: string
  method?: string
  /** The media type the link says its target answers in (HAL's `type`). */
  type?: string
}

/** The `_links` of a representation (HAL style; arrays of links too), `[]` when it has none. */
export function halLinks(body: unknown): Link[] {
  if (!isObject(body) || !isObject(body._links)) return []
  return Object.entries(body._links).flatMap(([rel, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((link: unknown) =>
      isObject(link) && typeof link.href === 'string'
        ? [
            {
              rel,
              href: link.href,
              ...(typeof link.method === 'string' && {
                method: link.method.toUpperCase(),
              }),
              ...(typeof link.type === 'string' && { type: link.type }),
            },
          ]
        : [],
    ),
  )
}

/** Links that change state: a method other than GET. */
export const actionLinks = (body: unknown) =>
  halLinks(body).filter(
    (link) =>
      link.method !== undefined &&
      link.method !== 'GET' &&
      link.method !== 'HEAD',
  )

/** The items of a collection read: a bare array, or the array of a common envelope member. */
export function itemsOf(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body
  if (!isObject(body)) return null
  for (const name of ['items', 'data', 'results', 'content', 'records'])
    if (Array.isArray(body[name])) return body[name]
  if (isObject(body._embedded)) {
    const list = Object.values(body._embedded).find(Array.isArray)
    if (list) return list
  }
  // An envelope of its own naming (`{ webhooks: [...], pagination }`): its one array of objects.
  const arrays = Object.values(body).filter(
    (value): value is unknown[] =>
      Array.isArray(value) && value.every((item) => isObject(item)),
  )
  return arrays.length === 1 ? arrays[0]! : null
}

/** The `next` page from the `Link` header (RFC 8288) or `_links.next`. */
export function nextLink(headers: Headers, body: unknown): string | null {
  const header = headers.get('link') ?? ''
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part)
    if (match && /\brel="?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2] ?? ''))
      return match[1] ?? null
  }
  return halLinks(body).find((link) => link.rel === 'next')?.href ?? null
}
