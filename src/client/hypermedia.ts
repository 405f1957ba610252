import { MissingLinkError } from './errors.ts'

/** A link object as the API writes it; `method` appears only on action links. */
export interface Link {
  readonly href: string
  readonly method?: string
  readonly title?: string
  /** The media type the target answers with, where it is not JSON (`text/event-stream`). */
  readonly type?: string
}

/** Any resource: whatever members it has, plus the links that say what can be done next. */
export interface Resource {
  readonly _links?: Readonly<Record<string, Link>>
  readonly [member: string]: unknown
}

/**
 * Whether `value` looks like a link object (a plain object with a string `href`).
 *
 * @example
 * const actions = Object.entries(order._links ?? {}).filter(([, link]) => isLink(link) && link.method)
 */
export function isLink(value: unknown): value is Link {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof URL) &&
    typeof (value as { href?: unknown }).href === 'string'
  )
}

/** The relation names a resource offers, in document order. */
function linkRelations(resource: Resource | null | undefined): string[] {
  const links = resource?._links
  if (typeof links !== 'object' || links === null) return []
  return Object.keys(links).filter((rel) => isLink(links[rel]))
}

/**
 * The link a resource offers under `rel`. Throws a {@link MissingLinkError} naming the relation and
 * the ones available: an action missing from `_links` is the API saying "not now", not a URL to build.
 *
 * @example
 * const pay = resolveLink(order, 'pay') // { href: '/api/orders/1/payment', method: 'POST' }
 */
export function resolveLink(
  resource: Resource | null | undefined,
  rel: string,
): Link {
  const link = resource?._links?.[rel]
  if (isLink(link)) return link
  throw new MissingLinkError(
    rel,
    linkRelations(resource),
    resource?._links?.self?.href,
  )
}

/**
 * The `self` href of a resource, when it has one.
 *
 * @example
 * selfHref({ id: 1, _links: { self: { href: '/api/orders/1' } } }) // '/api/orders/1'
 */
export function selfHref(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const self = (value as Resource)._links?.self
  return isLink(self) ? self.href : undefined
}
