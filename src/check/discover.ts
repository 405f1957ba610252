import type { NormalizedCheckOptions } from './check-options.ts'
import type { Exchange, Probe } from './create-probe.ts'
import type {
  DiscoveredCollection,
  DiscoveredItem,
  Discovery,
} from './discovery.ts'
import { actionLinks, halLinks, itemsOf } from './hal-links.ts'
import {
  findOperation,
  fullPaths,
  isObject,
  queryParameterNames,
  requestBodyOf,
  type OpenApiDocument,
} from './openapi-document.ts'
import { validBody } from './sample-body.ts'

/** Relations on a root that are not collections. */
const NOT_COLLECTIONS = new Set([
  'self',
  'service-desc',
  'service-doc',
  'describedby',
  'profile',
  'help',
  'up',
  'problems',
  'curies',
  'docs',
])
const ITEMS_PER_COLLECTION = 3
const MAX_COLLECTIONS = 12

/** Thrown when there is nothing to test: the run ends with exit code 2 and this message. */
export class NothingToCheckError extends Error {
  override name = 'NothingToCheckError'
}

const allowOf = (exchange: Exchange | null) =>
  exchange?.headers
    .get('allow')
    ?.toUpperCase()
    .split(/\s*,\s*/) ?? null

/**
 * Starts from the given paths, else from the root's `_links` (and its `service-desc`), else from the
 * OpenAPI description; reads each collection and a few of its items. Links to another origin are
 * listed as not followed.
 */
export async function discover(
  options: NormalizedCheckOptions,
  probe: Probe,
): Promise<Discovery> {
  const base = options.baseUrl
  const notFollowed: Discovery['notFollowed'] = []
  let root: Exchange | null = null
  try {
    // With paths given, the base URL may be a web page rather than the API: a success is not judged.
    root = await probe.send({ url: base, record: options.paths.length === 0 })
  } catch (error) {
    if (options.paths.length === 0 && options.openapi === null)
      throw new NothingToCheckError(
        `Could not read the root ${base.href}: ${(error as Error).message}.`,
      )
  }
  if (
    root &&
    root.status >= 500 &&
    options.paths.length === 0 &&
    options.openapi === null
  )
    throw new NothingToCheckError(
      `The root ${base.href} answered ${root.status}; is the server up?`,
    )
  const rootLinks = root ? halLinks(root.json) : []

  let openapi: OpenApiDocument | null = null
  let openapiUrl: string | null = null
  const source =
    options.openapi ??
    rootLinks.find((l) => l.rel === 'service-desc')?.href ??
    null
  if (isObject(source)) openapi = source as OpenApiDocument
  else if (typeof source === 'string') {
    const url = new URL(source, base)
    openapiUrl = url.href
    try {
      const read = await probe.send({
        url,
        auth: url.origin === base.origin ? 'token' : 'none',
      })
      if (isObject(read.json) && isObject(read.json.paths))
        openapi = read.json as OpenApiDocument
      else
        notFollowed.push({
          href: url.href,
          reason: 'not a JSON OpenAPI description',
        })
    } catch (error) {
      notFollowed.push({ href: url.href, reason: (error as Error).message })
    }
  }
  const describedPaths = openapi
    ? fullPaths(openapi, base)
        .filter(({ template }) => isObject(openapi?.paths?.[template]?.get))
        .map(({ full }) => full)
    : []

  let candidates: { name: string; url: URL }[]
  if (options.paths.length > 0)
    candidates = options.paths.map((path) => ({
      name: path,
      url: new URL(path, base),
    }))
  else if (rootLinks.some((l) => !NOT_COLLECTIONS.has(l.rel)))
    candidates = rootLinks
      .filter(
        (l) =>
          !NOT_COLLECTIONS.has(l.rel) &&
          (l.method === undefined || l.method === 'GET'),
      )
      .map((l) => ({ name: l.rel, url: new URL(l.href, base) }))
  else
    candidates = describedPaths
      .filter(
        (path) =>
          !path.includes('{') &&
          path !== base.pathname &&
          !/openapi|problems/i.test(path),
      )
      .map((path) => ({ name: path, url: new URL(path, base) }))

  const collections: DiscoveredCollection[] = []
  for (const candidate of candidates.slice(0, MAX_COLLECTIONS)) {
    if (candidate.url.origin !== base.origin) {
      notFollowed.push({
        href: candidate.url.href,
        reason: 'another origin: the credential is not sent there',
      })
      continue
    }
    const collection = await readCollection(
      options,
      probe,
      openapi,
      candidate,
    ).catch((error: Error) => {
      notFollowed.push({ href: candidate.url.href, reason: error.message })
      return null
    })
    if (collection) collections.push(collection)
    else if (!notFollowed.some((n) => n.href === candidate.url.href))
      notFollowed.push({
        href: candidate.url.href,
        reason: 'not a collection (no list of items)',
      })
  }
  if (collections.length === 0)
    throw new NothingToCheckError(
      `Found no collection to check at ${base.href}: give the root _links, --openapi, or --paths /your/collection.`,
    )
  return { root, openapi, openapiUrl, collections, describedPaths, notFollowed }
}

async function readCollection(
  options: NormalizedCheckOptions,
  probe: Probe,
  openapi: OpenApiDocument | null,
  candidate: { name: string; url: URL },
): Promise<DiscoveredCollection | null> {
  const read = await probe.send({ url: candidate.url })
  const list = read.status < 300 ? itemsOf(read.json) : null
  if (!list) return null
  const items: DiscoveredItem[] = []
  for (const entry of list.slice(0, ITEMS_PER_COLLECTION)) {
    if (!isObject(entry)) continue
    const self = halLinks(entry).find((l) => l.rel === 'self')?.href
    const id = entry.id
    const href =
      self ??
      (typeof id === 'string' || typeof id === 'number'
        ? `${candidate.url.pathname}/${id}`
        : null)
    if (href === null) continue
    const url = new URL(href, candidate.url)
    items.push({ url, body: entry, actions: actionLinks(entry) })
  }
  const declared =
    isObject(read.json) && typeof read.json.total === 'number'
      ? read.json.total
      : null
  const header = Number(read.headers.get('x-total-count') ?? Number.NaN)
  const total = declared ?? (Number.isFinite(header) ? header : null)

  const pathname = candidate.url.pathname
  const itemPath = items[0]?.url.pathname ?? `${pathname}/1`
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
  return {
    name: candidate.name,
    url: candidate.url,
    read,
    items,
    total,
    canCreate,
    canDelete,
    createSchema: body?.schema ?? null,
    createBody: validBody(
      openapi,
      body?.schema ?? null,
      body?.example,
      items[0]?.body,
    ),
    queryParameters: openapi && get ? queryParameterNames(openapi, get) : [],
  }
}
