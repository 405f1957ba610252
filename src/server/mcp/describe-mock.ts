import { isObject } from '../../common/is-object.ts'
import type { DeclaredToken } from '../../mock-server/control/declared-extras.ts'
import type { MockClient } from './mock-client.ts'

/** A description may be larger than a page of rows; it is still read with a bound. */
const maxDescriptionBytes = 8 * 1024 * 1024

/** What the control API's `GET /declaration` answers. */
export interface DeclaredExtras {
  name: string
  auth: string | false
  tokens: DeclaredToken[]
  resources: { owned: string[]; unowned: string[] }
  scenarios: { id: string; title: string; description: string }[]
}

/** A resource's life cycle, as its description's `x-hypermock-states` states it. */
export interface ResourceStates {
  field: string
  initial: unknown
  states?: unknown[]
  transitions: Record<
    string,
    { from: unknown[]; to: unknown; path: string; title?: string }
  >
}

export interface ResourceSummary {
  name: string
  /** The collection's path (`/api/orders`), from the API root's links; null when the root names none. */
  collection: string | null
  /** Whether a token sees only the rows of the owners it `owns`. */
  owned: boolean
  /** States and actions (POST `<item>/<path>`), for a resource with a life cycle. */
  states?: ResourceStates
}

export const readExtras = async (client: MockClient) =>
  (await client.control('GET', '/declaration')) as DeclaredExtras

/** The served OpenAPI description, or null when the API serves none. */
export async function readDescription(client: MockClient) {
  const answer = await client.api('GET', `${client.basePath}/openapi.json`, {
    maxBytes: maxDescriptionBytes,
  })
  return answer.status === 200 && isObject(answer.body) ? answer.body : null
}

const refName = (schema: unknown) =>
  isObject(schema) && typeof schema.$ref === 'string'
    ? schema.$ref.split('/').at(-1)
    : undefined

/** The states of the item a collection's `{id}` path answers with, if its schema carries them. */
function statesOf(
  document: Record<string, unknown>,
  collection: string,
): ResourceStates | undefined {
  const paths = isObject(document.paths) ? document.paths : {}
  const schemas =
    isObject(document.components) && isObject(document.components.schemas)
      ? document.components.schemas
      : {}
  const itemPath = Object.keys(paths).find(
    (path) =>
      path.startsWith(`${collection}/{`) &&
      !path.slice(collection.length + 1).includes('/'),
  )
  const get = itemPath && isObject(paths[itemPath]) ? paths[itemPath].get : null
  const ok =
    isObject(get) && isObject(get.responses) ? get.responses['200'] : null
  const content = isObject(ok) && isObject(ok.content) ? ok.content : {}
  const candidates: unknown[] = []
  for (const media of Object.values(content))
    if (isObject(media)) candidates.push(media.schema)
  // A schema with one variant per state is a union of them; each variant carries the extension.
  for (let i = 0; i < candidates.length && i < 50; i++) {
    const name = refName(candidates[i])
    const schema = name !== undefined ? schemas[name] : candidates[i]
    if (!isObject(schema)) continue
    const states = schema['x-hypermock-states']
    if (isObject(states)) return states as unknown as ResourceStates
    for (const key of ['oneOf', 'anyOf', 'allOf'])
      if (Array.isArray(schema[key]))
        candidates.push(...(schema[key] as unknown[]))
  }
  return undefined
}

/** The resources the mock serves, their collections and their states and actions. */
export async function describeResources(
  client: MockClient,
  extras: DeclaredExtras,
): Promise<ResourceSummary[]> {
  const root = await client.api('GET', client.basePath || '/')
  const links =
    isObject(root.body) && isObject(root.body._links) ? root.body._links : {}
  const document = await readDescription(client).catch(() => null)
  const names = [
    ...extras.resources.owned.map((name) => ({ name, owned: true })),
    ...extras.resources.unowned.map((name) => ({ name, owned: false })),
  ]
  return names.map(({ name, owned }) => {
    const link = links[name]
    const collection =
      isObject(link) && typeof link.href === 'string'
        ? new URL(link.href, client.origin).pathname
        : null
    const states =
      collection !== null && document !== null
        ? statesOf(document, collection)
        : undefined
    return { name, collection, owned, ...(states && { states }) }
  })
}
