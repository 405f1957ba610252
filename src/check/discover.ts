import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import type { Exchange, Probe } from './create-probe.ts'
import type { DiscoveredCollection, Discovery } from './discovery-types.ts'
import { descriptionProblems } from './description-problems.ts'
import { halLinks } from './hal-links.ts'
import { parseDescription } from './parse-description.ts'
import {
  fullPaths,
  isObject,
  type OpenApiDocument,
} from './openapi-document.ts'
import { inspectCollection } from './inspect-collection.ts'

/** Relations on a root that are not collections. */
const NOT_COLLECTIONS = new Set([
  'self',
  'service-desc',
  // A GraphQL endpoint beside the REST API (hypermock links one as `graphql`): no collection.
  'graphql',
  'service-doc',
  'describedby',
  'profile',
  'help',
  'up',
  'problems',
  'curies',
  'docs',
])
const MAX_COLLECTIONS = 12

/** A media type a collection may answer in: JSON, any `+json`, or not said. */
const jsonOrUnsaid = (type: unknown) =>
  typeof type !== 'string' ||
  /^application\/([\w.-]+\+)?json\b|^\*\/\*/.test(type)

/**
 * Whether a described GET answers JSON: a path whose successes document only other media types
 * (an event stream, a file) is no collection to read.
 */
function answersJson(operation: unknown) {
  if (!isObject(operation) || !isObject(operation.responses)) return true
  const types = Object.entries(operation.responses)
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, response]) =>
      isObject(response) && isObject(response.content)
        ? Object.keys(response.content)
        : [],
    )
  return types.length === 0 || types.some(jsonOrUnsaid)
}
/** A described path that is the description or the problem catalogue, not a collection. */
const NOT_COLLECTION_PATH = /(^|\/)(openapi|swagger|problems)([.-][^/]*)?\/?$/i

/** Thrown when there is nothing to test: the run ends with exit code 2 and this message. */
export class NothingToCheckError extends Error {
  override name = 'NothingToCheckError'
}

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
  // A description is checked before it is trusted: a stub or an invalid one is set aside, and
  // discovery goes by the links and --paths instead.
  const trust = (document: unknown, href: string) => {
    const problems = descriptionProblems(document)
    if (problems.length === 0) return document as OpenApiDocument
    notFollowed.push({
      href,
      reason: `OpenAPI description set aside: ${problems.join('; ')}`,
    })
    return null
  }
  if (isObject(source)) openapi = trust(source, '--openapi')
  else if (typeof source === 'string') {
    const url = new URL(source, base)
    try {
      // The user's own --openapi URL may live elsewhere; a link to another origin is not followed.
      const read = await probe.send({
        url,
        auth: url.origin === base.origin ? 'token' : 'none',
        anyOrigin: options.openapi !== null,
      })
      if (read.status === 200)
        openapi = trust(read.json ?? parseDescription(read.text), url.href)
      else
        notFollowed.push({ href: url.href, reason: `answered ${read.status}` })
      if (openapi) openapiUrl = url.href
    } catch (error) {
      notFollowed.push({ href: url.href, reason: (error as Error).message })
    }
  }
  const described = openapi
    ? fullPaths(openapi, base).filter(({ template }) =>
        isObject(openapi?.paths?.[template]?.get),
      )
    : []
  const describedPaths = described.map(({ full }) => full)

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
          (l.method === undefined || l.method === 'GET') &&
          // A link that says it leads to something else than JSON (an event stream).
          jsonOrUnsaid(l.type),
      )
      .map((l) => ({ name: l.rel, url: new URL(l.href, base) }))
  else
    candidates = described
      .filter(
        ({ template, full }) =>
          !full.includes('{') &&
          full !== base.pathname &&
          // The description itself and the problem catalogue, judged by the description's own
          // path: a server URL that contains "openapi" (a mock's) says nothing of its paths.
          !NOT_COLLECTION_PATH.test(template) &&
          answersJson(openapi?.paths?.[template]?.get),
      )
      .map(({ full }) => ({ name: full, url: new URL(full, base) }))

  const collections: DiscoveredCollection[] = []
  for (const candidate of candidates.slice(0, MAX_COLLECTIONS)) {
    if (candidate.url.origin !== base.origin) {
      notFollowed.push({
        href: candidate.url.href,
        reason: 'another origin: the credential is not sent there',
      })
      continue
    }
    const collection = await inspectCollection(
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
  if (candidates.length === 0)
    notFollowed.push({
      href: base.href,
      reason: openapi
        ? `neither the root's _links nor the description (${described.length} GET path(s), none a collection path without parameters) name a collection`
        : 'the root has no _links to collections and no OpenAPI description was found',
    })
  if (collections.length === 0)
    throw new NothingToCheckError(
      `Found no collection to check at ${base.href}.${notFollowed
        .slice(0, 3)
        .map((n) => ` ${n.href} ${n.reason}.`)
        .join(
          '',
        )} Give the root _links, --openapi, or --paths /your/collection.`,
    )
  return { root, openapi, openapiUrl, collections, describedPaths, notFollowed }
}
