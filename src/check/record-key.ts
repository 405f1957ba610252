import { childUrl } from './child-url.ts'
import {
  describedOperations,
  isObject,
  type OpenApiDocument,
} from './openapi-document.ts'

/** An item route right under a collection path, e.g. `/api/pets/{petId}` for `/api/pets`. */
export interface ItemRoute {
  /** The full path template on the server. */
  full: string
  /** Its path parameter: the name of the key the API gives its records. */
  parameter: string
}

const ITEM_METHODS = new Set(['GET', 'DELETE', 'PUT', 'PATCH'])

/**
 * The described item route under a collection path, `null` when the description has none. A search
 * at a fixed path of its own (Petstore's `/pet/findByStatus`) lists records whose items live beside
 * it, under its parent (`/pet/{petId}`): that route, when nothing is under the search itself.
 */
export function itemRouteOf(
  doc: OpenApiDocument | null,
  base: URL,
  collectionPath: string,
): ItemRoute | null {
  if (!doc) return null
  const path = collectionPath.replace(/\/+$/, '')
  const under = itemRouteUnder(doc, base, path)
  if (under !== null) return under
  const at = path.lastIndexOf('/')
  const parent = path.slice(0, at)
  const last = path.slice(at + 1)
  const isSearch =
    parent !== '' &&
    !last.includes('{') &&
    describedOperations(doc, base).some(
      (operation) => operation.method === 'GET' && operation.full === path,
    )
  return isSearch ? itemRouteUnder(doc, base, parent) : null
}

function itemRouteUnder(
  doc: OpenApiDocument,
  base: URL,
  prefix: string,
): ItemRoute | null {
  for (const operation of describedOperations(doc, base)) {
    if (!ITEM_METHODS.has(operation.method)) continue
    if (!operation.full.startsWith(`${prefix}/`)) continue
    const parameter = /^\/\{([^{}/]+)\}\/?$/.exec(
      operation.full.slice(prefix.length),
    )?.[1]
    if (parameter) return { full: operation.full, parameter }
  }
  return null
}

/** `petId`, `pet_id`, `PetId` and `pet-id` are one name. */
const fold = (name: string) => name.toLowerCase().replace(/[_-]/g, '')

const isKey = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || typeof value === 'number'

/**
 * Without a description, the item route a list's records suggest when they carry no `id`: a
 * member named after the collection (`petId` or `pet_id` in `/pets`), else `_id` or `uuid`.
 * `null` when the record has an `id` or none of these.
 */
export function guessedItemRoute(
  collectionPath: string,
  record: unknown,
): ItemRoute | null {
  if (!isObject(record) || isKey(record.id)) return null
  const path = collectionPath.replace(/\/+$/, '')
  const segment = path.split('/').pop() ?? ''
  const singular = segment.replace(/ies$/, 'y').replace(/s$/, '')
  for (const wanted of [`${singular}Id`, '_id', 'uuid']) {
    const name = Object.keys(record).find(
      (n) => fold(n) === fold(wanted) && isKey(record[n]),
    )
    if (name) return { full: `${path}/{${name}}`, parameter: name }
  }
  return null
}

/** The key of a record: the member named as the item route's parameter (in any case), else `id`. */
function keyIn(
  record: Record<string, unknown>,
  parameter: string | null,
): string | number | null {
  const names = Object.keys(record)
  const wanted = [
    ...(parameter === null
      ? []
      : [parameter, ...names.filter((n) => fold(n) === fold(parameter))]),
    'id',
  ]
  for (const name of wanted) if (isKey(record[name])) return record[name]
  return null
}

/**
 * The key of a record as an API answers it: at the top of the body, else inside the one envelope
 * member around it (`{data: {...}}`, `{team: {...}}`, `{Items: [{...}]}`). `null` when none is found.
 */
export function recordKey(
  body: unknown,
  parameter: string | null,
): string | number | null {
  if (!isObject(body)) return null
  const top = keyIn(body, parameter)
  if (top !== null) return top
  const wrapped = Object.values(body).flatMap((value) =>
    isObject(value)
      ? [value]
      : Array.isArray(value) && value.length === 1 && isObject(value[0])
        ? [value[0]]
        : [],
  )
  const [only] = wrapped
  return wrapped.length === 1 && only ? keyIn(only, parameter) : null
}

/** Where the record with a key lives: on the described item route, else one segment under the collection. */
export function itemUrl(
  collection: { url: URL; itemRoute: ItemRoute | null },
  key: string | number,
): URL {
  const route = collection.itemRoute
  if (!route) return childUrl(collection.url, key)
  return new URL(
    route.full.replace(`{${route.parameter}}`, encodeURIComponent(String(key))),
    collection.url.origin,
  )
}
