import type { DocOperation } from './openapi-reader.ts'
import { requestSchemaOf } from './openapi-reader.ts'
import type { OperationReport } from './import-types.ts'
import type { InferredResource } from './infer-resource.ts'
import { flatten, isObject, typeOf, type Json } from './schema-view.ts'

const SUFFIX = /^(.+?)(\.json)$/
const TEMPLATE = /^\{([^}]+)\}$/

/** The operations of one collection by what they do there. */
export interface GroupOperations {
  list?: DocOperation
  create?: DocOperation
  read?: DocOperation
  replace?: DocOperation
  update?: DocOperation
  replaceByBody?: DocOperation
  delete?: DocOperation
}

/** One collection found by its paths: `/customers/{customer}/sources` and its items. */
export interface PathGroup {
  key: string
  literals: string[]
  itemParam?: string | undefined
  parentParam?: string | undefined
  parentSegment?: string | undefined
  suffix: string
  ops: GroupOperations
  /** Operations on the collection's path beside its list (a `PUT`/`PATCH` of a singleton). */
  collectionWrites: DocOperation[]
}

/** How one operation is served, as `inspect` and the import report list it. */
export function operationReport(
  op: DocOperation,
  servedAs: OperationReport['servedAs'],
  resource: string,
  why: string,
): OperationReport {
  return {
    method: op.method.toUpperCase(),
    path: op.path,
    servedAs,
    resource,
    why,
    notes: [],
  }
}

/** Where a path belongs: its collection, whether it names an item, and its suffix. */
function placeOf(path: string) {
  const parts = path.split('/').slice(1)
  let suffix = ''
  const last = parts.at(-1)
  const stem = last !== undefined ? SUFFIX.exec(last) : null
  if (stem) {
    suffix = stem[2]!
    parts[parts.length - 1] = stem[1]!
  }
  if (parts.length === 0 || parts.some((p) => p === '')) return undefined
  const item = TEMPLATE.exec(parts.at(-1)!)
  const collection = item ? parts.slice(0, -1) : parts
  if (collection.length === 0 || TEMPLATE.test(collection.at(-1)!))
    return undefined
  const templates = collection
    .map((p, i) => [TEMPLATE.exec(p)?.[1], collection[i - 1]] as const)
    .filter(([t]) => t !== undefined)
  const parent = templates.at(-1)
  return {
    key: collection.map((p) => (TEMPLATE.test(p) ? '{}' : p)).join('/'),
    literals: collection.filter((p) => !TEMPLATE.test(p)),
    itemParam: item?.[1],
    parentParam: parent?.[0],
    parentSegment: parent?.[1],
    suffix,
  }
}

/** Whether an operation's JSON body is an array (`POST /user/createWithList`), not one record. */
function arrayBody(document: Json, op: DocOperation) {
  const schema = requestSchemaOf(document, op.operation)
  return schema !== undefined && typeOf(flatten(document, schema)) === 'array'
}

/**
 * Operations grouped by the collection their paths name (`/users/{user_id}/playlists` and its
 * items): each group's list, create, read, replace, update and delete, and the writes on its own
 * path. Those that fit no group are left over, with the reason.
 */
export function pathGroups(
  document: Json,
  ops: DocOperation[],
): {
  groups: PathGroup[]
  leftOver: { op: DocOperation; why: string }[]
} {
  const groups = new Map<string, PathGroup>()
  const leftOver: { op: DocOperation; why: string }[] = []
  for (const op of ops) {
    if (arrayBody(document, op)) {
      leftOver.push({
        op,
        why: 'its request body is an array: a bulk write, answered from its example',
      })
      continue
    }
    const place = placeOf(op.path)
    if (!place) {
      leftOver.push({
        op,
        why: 'its path names no collection (it ends in a parameter after another)',
      })
      continue
    }
    const group: PathGroup = groups.get(place.key) ?? {
      ...place,
      itemParam: undefined,
      ops: {},
      collectionWrites: [],
    }
    groups.set(place.key, group)
    if (place.suffix) group.suffix = place.suffix
    const item = place.itemParam !== undefined
    if (item) group.itemParam ??= place.itemParam
    const slot: keyof GroupOperations | undefined = item
      ? (
          {
            get: 'read',
            put: 'replace',
            post: 'update',
            patch: 'update',
            delete: 'delete',
          } as const
        )[op.method]
      : ({ get: 'list', post: 'create', put: 'replaceByBody' } as const)[
          op.method as 'get' | 'post' | 'put'
        ]
    // A DELETE below an item (`/playlists/{id}/followers`) may be an action on that item.
    const below = !item && op.method === 'delete' && place.parentParam
    if (!item && (op.method === 'patch' || op.method === 'put' || below))
      group.collectionWrites.push(op)
    if (slot && !group.ops[slot]) group.ops[slot] = op
    else if (!(op.method === 'patch' && !item) && !below)
      leftOver.push({
        op,
        why: `${op.method.toUpperCase()} on ${item ? 'an item' : 'a collection'} beside another that takes its place`,
      })
  }
  return { groups: [...groups.values()], leftOver }
}

/** A table name the engine takes, unused so far: `/checkout/sessions` → `checkout-sessions`. */
export function tableName(
  literals: string[],
  taken: (name: string) => boolean,
) {
  let stem = literals
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
  if (!/^[a-z]/.test(stem)) stem = `r-${stem}`.replace(/-+$/, '')
  let name = stem
  for (let i = 2; taken(name); i++) name = `${stem}-${i}`
  return name
}

/** The `$ref` a schema node names, for telling two lists of one record apart. */
export const refOf = (node: unknown) =>
  isObject(node) && typeof node.$ref === 'string' ? node.$ref : undefined

/** A collection served by the engine's own routes, that operations at other paths may still use. */
export interface EngineCollection {
  name: string
  /** Its path (`/checkout/sessions`): literal segments only. */
  path: string
  inferred: InferredResource
  /** A nested collection's parameters (as the description names them) and their members. */
  parents?: readonly { param: string; field: string }[]
}
