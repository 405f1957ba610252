import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import type { Exchange, Probe } from './create-probe.ts'
import type { DiscoveredCollection, DiscoveredItem } from './discovery-types.ts'
import { actionLinks, halLinks, itemsOf } from './hal-links.ts'
import {
  findOperation,
  isObject,
  operationFor,
  queryParameterNames,
  requestBodyOf,
  type OpenApiDocument,
} from './openapi-document.ts'
import {
  guessedItemRoute,
  itemRouteOf,
  itemUrl,
  recordKey,
} from './record-key.ts'
import { parseAllow } from './header-syntax.ts'
import { validBody } from './sample-body.ts'
import { requestBodyValidator } from './request-body-validator.ts'

const ITEMS_PER_COLLECTION = 3

/** The description's security schemes a Bearer credential is not: `HTTP Basic`, an API key. */
function otherSchemes(openapi: OpenApiDocument): string[] {
  const components = (openapi as { components?: unknown }).components
  const schemes =
    isObject(components) && isObject(components.securitySchemes)
      ? Object.values(components.securitySchemes)
      : []
  return schemes.flatMap((scheme) => {
    if (!isObject(scheme)) return []
    if (scheme.type === 'http' && typeof scheme.scheme === 'string')
      return /^bearer$/i.test(scheme.scheme)
        ? []
        : [
            `HTTP ${scheme.scheme.charAt(0).toUpperCase()}${scheme.scheme.slice(1).toLowerCase()}`,
          ]
    if (scheme.type === 'apiKey')
      return [`an API key in the ${String(scheme.in)} ${String(scheme.name)}`]
    return []
  })
}

/** The methods `Allow` lists; `null` when it is missing or not a list of methods (`Allow: string`). */
const allowOf = (exchange: Exchange | null) =>
  parseAllow(exchange?.headers.get('allow') ?? null)

/**
 * Reads a candidate collection: `null` when it holds no list of items. Records what the description
 * (or, without one and with writes allowed, the server's `Allow`) says a write may try.
 */
export async function inspectCollection(
  options: NormalizedCheckOptions,
  probe: Probe,
  openapi: OpenApiDocument | null,
  candidate: { name: string; url: URL },
): Promise<DiscoveredCollection | null> {
  const read = await probe.send({ url: candidate.url })
  if (read.status === 401 || read.status === 403) {
    if (!options.token)
      throw new Error(
        `answered ${read.status}: give a credential that may read it (--token)`,
      )
    const others = openapi ? otherSchemes(openapi) : []
    throw new Error(
      `answered ${read.status} to the --token credential, sent as Authorization: Bearer${
        others.length > 0
          ? `; the description asks for ${others.join(' or ')}, which check does not send`
          : ''
      }`,
    )
  }
  if (read.status >= 300) throw new Error(`answered ${read.status}`)
  const list = itemsOf(read.json)
  if (!list) return null
  // Without a description, records keyed by `petId` (no `id`) suggest `/pets/{petId}`.
  const itemRoute =
    itemRouteOf(openapi, options.baseUrl, candidate.url.pathname) ??
    (openapi ? null : guessedItemRoute(candidate.url.pathname, list[0]))
  const items: DiscoveredItem[] = []
  for (const entry of list.slice(0, ITEMS_PER_COLLECTION)) {
    if (!isObject(entry)) continue
    const self = halLinks(entry).find((l) => l.rel === 'self')?.href
    // The key member the description's item route names (`{petId}`, `{Sid}` over `sid`), else `id`.
    const key = recordKey(entry, itemRoute?.parameter ?? null)
    const url = self
      ? new URL(self, candidate.url)
      : key !== null
        ? itemUrl({ url: candidate.url, itemRoute }, key)
        : null
    if (url === null) continue
    items.push({ url, body: entry, actions: actionLinks(entry) })
  }
  const declared =
    isObject(read.json) && typeof read.json.total === 'number'
      ? read.json.total
      : null
  const header = Number(read.headers.get('x-total-count') ?? Number.NaN)
  const total = declared ?? (Number.isFinite(header) ? header : null)

  const pathname = candidate.url.pathname
  const itemPath = (
    items[0]?.url ?? itemUrl({ url: candidate.url, itemRoute }, 1)
  ).pathname
  const post = openapi
    ? findOperation(openapi, options.baseUrl, 'POST', pathname)
    : null
  const get = openapi
    ? findOperation(openapi, options.baseUrl, 'GET', pathname)
    : null
  const del = openapi
    ? findOperation(openapi, options.baseUrl, 'DELETE', itemPath)
    : null
  let canCreate: boolean | null = openapi ? post !== null : null
  let canDelete: boolean | null = openapi ? del !== null : null
  if (!openapi && options.allowWrites) {
    // Without a description, the server's own `Allow` says what a write may try.
    const collectionAllow = allowOf(
      await probe
        .send({ method: 'OPTIONS', url: candidate.url })
        .catch(() => null),
    )
    if (collectionAllow) canCreate = collectionAllow.includes('POST')
    const item = items[0]
    if (item) {
      const itemAllow = allowOf(
        await probe
          .send({ method: 'OPTIONS', url: item.url })
          .catch(() => null),
      )
      if (itemAllow) canDelete = itemAllow.includes('DELETE')
    }
  }
  const body = openapi && post ? requestBodyOf(openapi, post) : null
  const described =
    openapi && post
      ? operationFor(openapi, options.baseUrl, 'POST', pathname)
      : null
  const valid = validBody(
    openapi,
    body?.schema ?? null,
    body?.examples ?? [],
    items[0]?.body,
    openapi && described ? requestBodyValidator(openapi, described) : null,
  )
  return {
    name: candidate.name,
    url: candidate.url,
    itemRoute,
    read,
    items,
    total,
    canCreate,
    canDelete,
    createSchema: body?.schema ?? null,
    createBody: valid?.body ?? null,
    createBodyFrom: valid?.from ?? null,
    createBodyNote: null,
    queryParameters: openapi && get ? queryParameterNames(openapi, get) : [],
  }
}
