import type {
  AnyRecord,
  AnyResource,
  ApiDeclaration,
  Dialect,
  RouteDeclaration,
  Relation,
} from '../mock-server/declare/types.ts'
import type { KeyGeneration } from '../mock-server/declare/dialect.ts'
import { MERGE_PATCH } from '../common/media-types.ts'
import { descriptionValidator } from './ajv-standard-schema.ts'
import { errorDisagreements } from './error-disagreements.ts'
import { errorBodyOf } from './error-envelope.ts'
import { exampleOperation } from './example-operation.ts'
import type {
  ImportedApi,
  OpenApiOverrides,
  OperationReport,
} from './import-types.ts'
import {
  inferResource,
  type CollectionOperations,
  type InferredResource,
} from './infer-resource.ts'
import { InvalidOpenApiError } from './load-openapi.ts'
import {
  flatProperties,
  operationsOf,
  requestBodyOf,
  requestSchemaOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { flatten, normalise30, typeOf, type Json } from './schema-view.ts'
import { isObject } from '../common/is-object.ts'
import { answerShaper, wrapperOf } from './conform-answer.ts'
import { walkReferences } from './reference-walk.ts'
import { securityOf } from './security-of.ts'
import { dialectOf } from './dialect-of.ts'
import { placeOwnPaths } from './place-own-paths.ts'
import {
  bodiesOf,
  mediaTypeOf,
  enginePathOf,
  LITERAL,
  nestedShapeOf,
  RESERVED,
} from './engine-shape.ts'
import { addItemRoute, itemAction } from './item-action.ts'
import { engineCreate } from './engine-create.ts'
import { engineSearch } from './engine-search.ts'
import { actionBelowItem } from './action-below-item.ts'
import { byKeysReport, claimByKeys } from './by-keys-of.ts'
import { collectionAction, namesRecord } from './collection-action.ts'
import { queryUpdate } from './query-update.ts'
import { queryTwins, twinReport } from './query-in-path.ts'
import { unreadWrite } from './unread-writes.ts'
import { bodilessPatch, itemPathAction, opaquePut } from './item-path-action.ts'
import {
  putCreate,
  putCreateReport,
  inferPutKeyed,
  putOnItemCreates,
  replaceAllOf,
  replaceAllReport,
  replaceByBodyOf,
  replaceByBodyReport,
  takeOneBody,
} from './put-creates.ts'

const SEGMENT = /^[a-z][a-z0-9-]{0,62}$/

/** The suffix a description may write at the end of its paths, and a path that ends in it. */
const SUFFIX = '.json'
const SUFFIXED = /^(\/.*[^/])\.json$/

/** The first `$ref` to another file (examples and other data left alone), by its pointer. */
function externalRef(document: Json): string | undefined {
  let found: string | undefined
  walkReferences(document, (node, at) => {
    if (!found && !(node.$ref as string).startsWith('#')) found = at
    return undefined
  })
  return found
}

/**
 * Literal segments every path starts with (`/api` of `/api/orders`, `/api/problems`), which belong
 * to the base; never a collection's own name (`/pets` of `/pets`, `/pets/{id}`).
 */
function commonPrefix(paths: string[]) {
  const split = paths.map((p) => p.split('/').slice(1))
  const prefix: string[] = []
  for (let i = 0; ; i++) {
    const segment = split[0]?.[i]
    if (segment === undefined || segment.startsWith('{')) break
    if (!split.every((parts) => parts[i] === segment)) break
    // What follows is a literal everywhere (or nothing: the root itself).
    const next = split.map((parts) => parts[i + 1])
    if (
      next.some((n) => n?.startsWith('{')) ||
      next.every((n) => n === undefined)
    )
      break
    prefix.push(segment)
  }
  return prefix.length > 0 ? `/${prefix.join('/')}` : ''
}

const joinBase = (base: string, prefix: string) =>
  prefix === '' ? base : `${base === '/' ? '' : base}${prefix}`

function baseOf(document: Json): string {
  const server = (document.servers as Json[] | undefined)?.[0]?.url
  if (typeof server !== 'string') return '/'
  try {
    const path = new URL(server, 'http://localhost').pathname.replace(/\/$/, '')
    return /^(\/[\w.~-]+)*$/.test(path) && path !== '' ? path : '/'
  } catch {
    return '/'
  }
}

/**
 * The parts of a path: `/pets/{id}/toys` → collection, id parameter, sub-resource. The collection
 * is one literal segment or more (`/checkout/sessions/{session}`), served by the engine at that
 * path where it differs from the name's own (`/checkout-sessions`).
 */
function shapeOf(path: string) {
  const parts = path.split('/').slice(1)
  let literals = 0
  while (literals < parts.length && LITERAL.test(parts[literals]!)) literals++
  const [id, sub, ...rest] = parts.slice(literals)
  if (literals === 0 || literals > 8 || rest.length > 0) return undefined
  if (id !== undefined && !/^\{[^}]+\}$/.test(id)) return undefined
  if (sub !== undefined && !SEGMENT.test(sub)) return undefined
  const at = `/${parts.slice(0, literals).join('/')}`
  if (RESERVED.has(parts[0]!)) return undefined
  return { at, id, sub }
}

/** The resource name of a collection's path: `/checkout/sessions` → `checkout-sessions`. */
function nameOf(at: string) {
  const name = at
    .replace(/\/\{[^}]+\}/g, '')
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
  return /^[a-z]/.test(name) ? name : `r-${name}`
}

const singular = (name: string) => name.replace(/s$/, '')

/** List members a cursor API requires that the engine's envelopes do not fill (Stripe's, OpenAI's). */
const PAGE_MEMBERS = /^(has_?more|object|url|first_?id|last_?id)$/i

/** The item path's parameter of a collection (`petId` of `/pets/{petId}`), its last. */
function itemParamOf(group: CollectionOperations) {
  const item = group.read ?? group.replace ?? group.delete ?? group.patch
  return item && /\{([^}]+)\}$/.exec(item.path)?.[1]
}

/**
 * Whether no request body wraps the record otherwise than the answers do (`{ "team": { … } }`):
 * the dialect's item envelope says so once. An answer that draws the record otherwise (a create
 * that answers its key alone) is shaped by the collection's `answer`.
 */
function wrapsAlike(
  document: Json,
  group: CollectionOperations,
  inferred: InferredResource,
) {
  const wrapper = inferred.wrapper!
  for (const op of [group.create, group.replace, group.patch]) {
    if (!op) continue
    // A body may come in the same wrapper, alone (`{ "team": { … } }`): the engine reads the
    // record it wraps.
    const body = requestSchemaOf(document, op.operation, true)
    const bodyWrapper = body && wrapperOf(document, body, inferred.key)
    if (
      bodyWrapper !== undefined &&
      !(
        bodyWrapper === wrapper &&
        Object.keys(flatProperties(document, flatten(document, body)))
          .length === 1
      )
    )
      return false
  }
  return true
}

/**
 * Whether the engine's own routes serve a collection as described: records keyed by `id`, or by
 * the member the item path names where the record has no `id` beside it (`{eventId}`); each
 * record bare or wrapped alike (`{ "data": { … } }`); JSON bodies; and a list whose required
 * members its envelopes fill.
 */
function engineServes(
  document: Json,
  group: CollectionOperations,
  inferred: InferredResource,
  byPut = false,
) {
  const own = group.path !== undefined
  // Rows are kept by a scalar key: a record whose key member is an object (an answer
  // `{ "floating_ip": { … } }` read as the record itself) is not the engine's to serve.
  const keyType = typeOf(inferred.record[inferred.key] ?? {})
  if (
    keyType !== undefined &&
    !['string', 'integer', 'number'].includes(keyType)
  )
    return false
  if (inferred.wrapper && !wrapsAlike(document, group, inferred)) return false
  // A PATCH the engine cannot merge (no body schema to check the merged record by) on a
  // collection of another key, envelope or path leaves it whole to `placeOwnPaths`, not in part;
  // one with no body at all is an action on the item (`bodilessPatch`).
  if (
    (inferred.key !== 'id' || inferred.wrapper || own) &&
    group.patch &&
    !inferred.declaration.patch &&
    !bodilessPatch(group.patch)
  )
    return false
  // A body neither JSON nor a form is none the engine reads; nor is a replace with no body at
  // all on a collection at a path of its own. A create with none takes none, and so does a PUT
  // that creates (a membership's): its record is drawn.
  for (const op of [group.create, byPut ? undefined : group.replace])
    if (
      op &&
      (op.operation.requestBody
        ? !requestBodyOf(document, op.operation, true)
        : own && op === group.replace)
    )
      return false
  const list = group.list && successOf(document, group.list.operation)
  const schema = list?.body?.media.schema
  if (schema) {
    const required =
      (flatten(document, schema).required as string[] | undefined) ?? []
    const envelope = inferred.declaration.list
      ? inferred.declaration.list.envelope
      : undefined
    const filled = new Set(
      typeof envelope === 'object'
        ? [...Object.values(envelope), ...Object.keys(envelope.constants ?? {})]
        : [],
    )
    if (required.some((name) => PAGE_MEMBERS.test(name) && !filled.has(name)))
      return false
  }
  return true
}

/**
 * The dialect of a collection the engine serves in the description's own shapes: its key where
 * it is not `id`, and the member that wraps each record.
 */
function dialectOfCollection(
  document: Json,
  group: CollectionOperations,
  inferred: InferredResource,
): Dialect | undefined {
  const dialect: Dialect = {}
  if (inferred.key !== 'id') {
    const member = inferred.record[inferred.key] ?? {}
    const type = typeOf(member)
    dialect.keys = {
      member: inferred.key,
      generate:
        type === 'integer' || type === 'number'
          ? 'integer'
          : member.format === 'uuid' ||
              member.format === 'ipv4' ||
              member.format === 'ipv6'
            ? member.format
            : 'string',
    }
    const param = itemParamOf(group)
    if (param && param !== inferred.key && /^[A-Za-z_]\w{0,63}$/.test(param))
      dialect.keys.param = param
  }
  if (inferred.wrapper) dialect.item = { member: inferred.wrapper }
  const bodies = bodiesOf(document, group)
  if (bodies) dialect.bodies = bodies
  const deleted = deletedOf(document, group, inferred)
  if (deleted) dialect.deleted = deleted
  return Object.keys(dialect).length > 0 ? dialect : undefined
}

/** A resource's `id` kind for keys the dialect makes: an address is a string. */
const idOf = (
  generate: KeyGeneration | undefined,
): NonNullable<AnyResource['id']> =>
  generate === 'integer' || generate === 'uuid' ? generate : 'string'

/**
 * An update by `POST` on an item (Stripe's `POST /v1/customers/{customer}`) as the engine declares
 * it: a merge patch that method takes, the merged record checked by the replace body (the `PUT`'s,
 * or the update's own where there is none, the members it cannot carry kept as stored). None for a
 * body that wraps the record as the answers do, or an update with no body to check.
 */
function updateByPost(
  document: Json,
  inferred: InferredResource,
  op: DocOperation,
): Partial<AnyResource> | undefined {
  const body = requestSchemaOf(document, op.operation, true)
  // A body that wraps the record as the answers do (`{ "post": { … } }`) is no merge patch of it.
  if (
    inferred.wrapper &&
    (!body ||
      inferred.wrapper in flatProperties(document, flatten(document, body)))
  )
    return undefined
  const patch = {
    method: 'POST' as const,
    accepts: ['application/json' as const, MERGE_PATCH],
  }
  if (inferred.declaration.replace) return { patch }
  const input = inferred.inputOf(op)
  if (!input || !body) return undefined
  const carried = Object.keys(flatProperties(document, flatten(document, body)))
  const keep = Object.keys(inferred.record).filter((f) => !carried.includes(f))
  return { patch, replace: { input, keep, put: false } }
}

/**
 * What a delete answers where its description draws a stub with a `deleted` member (Stripe's
 * `{ id, object, deleted: true }`): the record's members the stub names, and its fixed ones.
 */
function deletedOf(
  document: Json,
  group: CollectionOperations,
  inferred: InferredResource,
): Dialect['deleted'] {
  const schema = group.delete
    ? successOf(document, group.delete.operation)?.body?.media.schema
    : undefined
  if (!schema) return undefined
  const properties = flatProperties(document, flatten(document, schema as Json))
  if (!properties.deleted) return undefined
  const members: string[] = []
  const constants: Record<string, string | number | boolean | null> = {}
  for (const [name, member] of Object.entries(properties)) {
    const fixed = Array.isArray(member.enum)
      ? member.enum.length === 1
        ? member.enum[0]
        : undefined
      : member.const
    if (name === 'deleted') constants[name] = true
    else if (
      fixed === null ||
      ['string', 'number', 'boolean'].includes(typeof fixed)
    )
      constants[name] = fixed as string | number | boolean | null
    else if (name in inferred.record) members.push(name)
  }
  return { members, constants }
}

/** The `$ref` of an operation's success body, which names the record it answers. */
function answeredRef(document: Json, op: DocOperation) {
  const schema = successOf(document, op.operation)?.body?.media.schema
  return isObject(schema) && typeof schema.$ref === 'string'
    ? schema.$ref
    : undefined
}

/** Whether two operations answer the same named schema (`$ref`). */
function answersAlike(document: Json, a: DocOperation, b: DocOperation) {
  const ref = answeredRef(document, a)
  return ref !== undefined && ref === answeredRef(document, b)
}

/**
 * Whether a create with no item path of its own makes a record of its own: not one another
 * collection's item reads (Spotify's `POST /me/playlists` makes what `GET /playlists/{id}`
 * answers), and with a body to answer (a create documented as 204 alone has none).
 */
function createsOwn(
  document: Json,
  create: DocOperation,
  operations: readonly DocOperation[],
) {
  if (successOf(document, create.operation)?.status === 204) return false
  const made = answeredRef(document, create)
  return !operations.some(
    (op) =>
      made !== undefined &&
      op.method === 'get' &&
      /\}$/.test(op.path) &&
      answeredRef(document, op) === made,
  )
}

/**
 * Whether a description's `GET /` draws a root of links (a `_links` member, as hypermock's own root
 * answers it): then hypermock's root, with a link to each collection, is the one it describes.
 */
function linksRoot(document: Json, op: DocOperation) {
  const schema = successOf(document, op.operation)?.body?.media.schema
  if (!isObject(schema)) return false
  return '_links' in flatProperties(document, flatten(document, schema as Json))
}

/**
 * Turns an OpenAPI 3.0 or 3.1 description into a declaration of hypermock's model, and says how
 * each operation is served and why. The document has local `$ref`s only: read files with
 * `loadOpenApi`, which bundles the others in and validates.
 */
export function importOpenApi(
  input: Json,
  overrides: OpenApiOverrides = {},
): ImportedApi {
  const version = typeof input.openapi === 'string' ? input.openapi : ''
  if (!/^3\.[01]\.\d+/.test(version))
    throw new InvalidOpenApiError(undefined, [
      {
        message: `hypermock reads OpenAPI 3.0 and 3.1; this description is ${version ? `OpenAPI ${version}` : 'of no OpenAPI version'}`,
        pointer: '#/openapi',
      },
    ])
  const external = externalRef(input)
  if (external)
    throw new InvalidOpenApiError(undefined, [
      {
        message:
          'names another file; read the description with loadOpenApi(), which bundles it in',
        pointer: external,
      },
    ])
  // 3.1 descriptions written by converters still say `nullable` (OpenAI's): read as 3.0 means it.
  const document = normalise30(input) as Json
  const validator = descriptionValidator(document)
  const described = operationsOf(document)
  const include = overrides.include?.map((p) => p.replace(/\/+$/, ''))
  const all = include
    ? described.filter(({ path }) =>
        include.some((p) => path === p || path.startsWith(`${p}/`)),
      )
    : described
  if (include && all.length === 0)
    throw new InvalidOpenApiError(undefined, [
      {
        message: `include (${include.join(', ')}) names no path of the description`,
        pointer: '#/paths',
      },
    ])
  const prefix = commonPrefix(all.map((op) => op.path))
  for (const op of all) op.path = op.path.slice(prefix.length) || '/'
  // A path with a query string written into it is answered by its twin without one.
  const twins = queryTwins(all)
  const reports: OperationReport[] = []
  const operations: DocOperation[] = []
  // The API's root, where the description draws it (GitHub's `GET /`, its URL templates).
  const roots: DocOperation[] = []
  for (const op of all) {
    const own = (why: string) =>
      reports.push({
        method: op.method.toUpperCase(),
        path: op.path,
        servedAs: 'by hypermock',
        why,
        notes: [],
      })
    const first = op.path.split('/')[1] ?? ''
    if (twins.has(op)) continue
    if (!successOf(document, op.operation))
      own('it has no success response: hypermock answers 405 with Allow')
    else if (op.path === '/' && !linksRoot(document, op))
      // The API's root as the description draws it (GitHub's `GET /`, its URL templates).
      roots.push(op)
    else if (op.path === '/')
      own(
        "the API's root: hypermock serves its own, with a link to each collection",
      )
    else if (RESERVED.has(first))
      own(`/${first} is hypermock's own: the description and the problem types`)
    else operations.push(op)
  }
  // A suffix the description writes at the end of its paths (`/posts.json`, `/t/{id}.json`): the
  // path without it places the operation, and the engine answers at both (a resource's `suffix`).
  const paths = new Set(operations.map((op) => op.path))
  const suffixed = new Map<DocOperation, string>()
  for (const op of operations) {
    const bare = SUFFIXED.exec(op.path)?.[1]
    if (bare === undefined || paths.has(bare)) continue
    suffixed.set(op, op.path)
    op.path = bare
  }
  const suffixedCollections = new Set<string>()
  const collections = new Map<string, CollectionOperations>()
  // Each collection's path, by its name, and the name of each path (a name taken twice is numbered).
  const pathOf = new Map<string, string>()
  const names = new Map<string, string>()
  const nameAt = (at: string) => {
    const known = names.get(at)
    if (known !== undefined) return known
    const stem = nameOf(at)
    let name = stem
    for (let i = 2; pathOf.has(name) || RESERVED.has(name); i++)
      name = `${stem}-${i}`
    names.set(at, name)
    pathOf.set(name, at)
    return name
  }
  const subs: {
    op: DocOperation
    collection: string
    sub: string
    under?: string
  }[] = []
  const leftOver: { op: DocOperation; why: string }[] = roots.map((op) => ({
    op,
    why: "the API's root, as the description draws it (in place of hypermock's links to each collection)",
  }))
  // Operations at paths of their own, placed once every collection is known (`place-own-paths.ts`).
  const ownPaths: DocOperation[] = []
  // Writes on an engine collection its routes leave out: `POST` on an item, `PUT` on the collection.
  const engineExtra = new Map<string, DocOperation[]>()
  // `PATCH` on a collection's own path, which only a singleton serves.
  const collectionPatches = new Map<string, DocOperation[]>()
  // A PUT on a collection that has no POST, beside an item it reads, creates that item.
  const createsByPut = (op: DocOperation) =>
    !operations.some((o) => o.path === op.path && o.method === 'post') &&
    operations.some(
      (o) => o.method === 'get' && o.path.startsWith(`${op.path}/{`),
    )
      ? ('create' as const)
      : undefined
  const deeper = (path: string) =>
    operations.some((o) => o.path.startsWith(`${path}/{`))
  // Nested collections with items of their own (`/customers/{customer}/sources/{id}`), and the
  // parents of each.
  // parents of each, by the path with its parameters unnamed (`/application_fees/{}/refunds`: one
  // description names the parent `{fee}` on the item's path and `{id}` on the collection's).
  const nestedShapes = new Map<
    string,
    Omit<NonNullable<ReturnType<typeof nestedShapeOf>>, 'id'>
  >()
  const unnamed = (path: string) => path.replace(/\{[^}]+\}/g, '{}')
  // Actions on an item (`POST /threads/{thread_id}/runs/{run_id}/cancel`): placed with the
  // collection of the item they act on, once it is known. One that makes a record of its own
  // (`POST /subscription_items/{subscription_item}/usage_records`) is a collection's create.
  const actions = new Map(
    operations.flatMap((op) => {
      const action = actionBelowItem(op, operations)
      return action && !createsOwn(document, op, operations)
        ? [[op, action] as const]
        : []
    }),
  )
  for (const op of operations) {
    const nested = nestedShapeOf(document, op)
    if (nested?.id && !nestedShapes.has(unnamed(nested.at)))
      nestedShapes.set(unnamed(nested.at), nested)
  }
  // A nested collection with no item path (`/repos/{owner}/{repo}/forks`) where no other rule
  // places its path: nested below its parents all the same, with no items if it creates, and
  // with items where a path names one (`.../pulls/{pull_number}/comments/{comment_id}/replies`).
  for (const op of operations) {
    const nested = nestedShapeOf(document, op)
    if (
      nested &&
      nested.id === undefined &&
      !actions.has(op) &&
      !shapeOf(op.path) &&
      !nestedShapes.has(unnamed(nested.at))
    )
      nestedShapes.set(unnamed(nested.at), nested)
  }
  const nestedAt = new Map(
    [...nestedShapes.values()].map((n) => [n.at, n.parents]),
  )
  for (const op of operations) {
    if (actions.has(op)) continue
    const nested = nestedShapeOf(document, op)
    const known = nested && nestedShapes.get(unnamed(nested.at))
    const found = known
      ? { at: known.at, id: nested.id, sub: undefined }
      : shapeOf(op.path)

    if (!found || (found.sub !== undefined && deeper(op.path))) {
      ownPaths.push(op)
      continue
    }
    const shape = { ...found, collection: nameAt(found.at) }
    const group = collections.get(shape.collection) ?? {
      name: shape.collection,
      ...(found.at !== `/${shape.collection}` && { path: found.at }),
    }
    collections.set(shape.collection, group)
    if (suffixed.has(op) && shape.sub === undefined)
      suffixedCollections.add(shape.collection)
    const slot =
      shape.sub !== undefined
        ? undefined
        : shape.id === undefined
          ? ({ get: 'list', post: 'create', put: createsByPut(op) } as const)[
              op.method as 'get' | 'post' | 'put'
            ]
          : (
              {
                get: 'read',
                put: 'replace',
                patch: 'patch',
                delete: 'delete',
              } as const
            )[op.method as 'get' | 'put' | 'patch' | 'delete']
    if (shape.sub !== undefined)
      subs.push({ op, collection: shape.collection, sub: shape.sub })
    else if (slot) {
      group[slot] = op
      if (shape.id !== undefined)
        group.idSchema ??= op.parameters.find(
          (p) => p.in === 'path' && `{${String(p.name)}}` === shape.id,
        )?.schema
    } else if (
      (shape.id && op.method === 'post') ||
      (!shape.id && op.method === 'put')
    )
      engineExtra.set(shape.collection, [
        ...(engineExtra.get(shape.collection) ?? []),
        op,
      ])
    // On a collection at a path of its own, the importer decides (a singleton's PATCH).
    else if (group.path !== undefined) ownPaths.push(op)
    // A PATCH at a path of one segment (`/account`) goes where its GET goes: a singleton's.
    else if (!shape.id && op.method === 'patch')
      collectionPatches.set(shape.collection, [
        ...(collectionPatches.get(shape.collection) ?? []),
        op,
      ])
    else
      leftOver.push({
        op,
        why: `${op.method.toUpperCase()} on ${shape.id ? 'an item' : 'a collection'} is not part of the model (no PUT, PATCH or DELETE on a collection)`,
      })
  }
  for (const [op, { item, sub, under }] of actions) {
    const group = [...collections.values()].find(
      (g) => g.read && unnamed(g.read.path) === unnamed(item),
    )
    if (group)
      subs.push({ op, collection: group.name, sub, ...(under && { under }) })
    else ownPaths.push(op)
  }

  const countOf = (name: string) =>
    typeof overrides.count === 'number'
      ? overrides.count
      : (overrides.count?.[name] ?? 10)
  const resources: Record<string, AnyResource> = {}
  // Nested collections, each parameter's name in the description by its name in the declaration.
  const nestedResources = new Map<string, Map<string, string>>()
  const linked = new Map<string, InferredResource>()
  const notes: string[] = []
  const intoOther: { group: CollectionOperations; made: InferredResource }[] =
    []
  for (const group of collections.values()) {
    // A PUT on an item whose body is not JSON (a file's part) is an action on it, not its replace.
    const putAction =
      group.read && group.replace && opaquePut(document, group.replace)
        ? group.replace
        : undefined
    if (putAction) delete group.replace
    const param = itemParamOf(group)
    const parents = group.path ? nestedAt.get(group.path) : undefined
    const byPut = putOnItemCreates(group)
    const infer = (keys: string[]) =>
      inferResource(document, group, validator, countOf(group.name), {
        keys,
        forms: true,
        ...(parents && { parents }),
      })
    const inferred = byPut
      ? inferPutKeyed(infer, param)
      : infer([...new Set([...(param ? [param] : []), 'id'])])
    const own = [
      group.list,
      group.create,
      group.read,
      group.replace,
      group.patch,
      group.delete,
    ].filter((op): op is DocOperation => op !== undefined)
    const at = group.path ?? `/${group.name}`
    // A collection at a path of several segments with no item path of its own (a search such
    // as `/pet/findByStatus`, a create into another collection such as `/me/playlists`) is
    // placed once every collection is known (`placeOwnPaths`).
    // An update by POST on the item (OpenAI's rate limits of a project) names its items too.
    const itemless =
      at.lastIndexOf('/') > 0 &&
      !(group.read ?? group.replace ?? group.patch ?? group.delete) &&
      !engineExtra.get(group.name)?.some((o) => o.method === 'post')
    // One with a create of its own records is the engine's, and so is one below parents whose
    // create makes a record another path reads (GitHub's `/repos/{owner}/{repo}/forks`): its
    // rows are the ones made below the parents its path names. Where the description names no
    // path below any of them, it is a collection with no items (`items: false`), its create
    // answering no `Location`; else those paths are its items' own (`/tax/calculations/{id}/…`).
    const creates =
      itemless &&
      group.create !== undefined &&
      (createsOwn(document, group.create, operations) || parents !== undefined)
    const noItems = creates && !deeper(at)
    // One whose create makes another collection's record, with no parents and nothing beside
    // its list: that collection's create and search at this path, once every collection is known.
    if (
      itemless &&
      !creates &&
      group.create !== undefined &&
      !parents &&
      !deeper(at) &&
      !('why' in inferred) &&
      !engineExtra.has(group.name) &&
      !collectionPatches.has(group.name)
    ) {
      intoOther.push({ group, made: inferred })
      continue
    }
    // One whose records are added and removed by their keys alone (Spotify's saved albums).
    const keyed =
      itemless && !creates && group.list && !parents && !('why' in inferred)
        ? claimByKeys(
            document,
            at,
            inferred,
            engineExtra.get(group.name) ?? [],
            ownPaths,
          )
        : undefined
    // One below parents that is listed and written as a whole (GitHub's notifications of a
    // repository, marked read by a PUT whose body names none): no items, no create.
    const wholePut = engineExtra
      .get(group.name)
      ?.find((o) => o.method === 'put')
    const wholeSet =
      itemless &&
      !creates &&
      !keyed &&
      parents !== undefined &&
      group.list !== undefined &&
      group.create === undefined &&
      !('why' in inferred) &&
      wholePut !== undefined &&
      !namesRecord(document, wholePut, inferred.key) &&
      // A PUT that answers what the GET answers replaces that one thing (Box's template schema).
      !answersAlike(document, wholePut, group.list)
    if (
      (itemless && !creates && !keyed && !wholeSet) ||
      'why' in inferred ||
      !engineServes(document, group, inferred, byPut)
    ) {
      // Placed at paths of their own instead (a singleton, a search, an action, a create into
      // another collection), else answered from the description.
      ownPaths.push(
        ...own,
        ...(keyed?.served ?? []),
        ...(putAction ? [putAction] : []),
        ...(engineExtra.get(group.name) ?? []),
        ...(collectionPatches.get(group.name) ?? []),
      )
      engineExtra.delete(group.name)
      collectionPatches.delete(group.name)
      continue
    }
    const overlay = overrides.resources?.[group.name]
    const upsert = byPut ? putCreate(group, inferred) : undefined
    if (upsert) {
      const put = group.replace!
      inferred.unserved = inferred.unserved.filter((u) => u.op !== put)
      inferred.reports = [
        ...inferred.reports.filter(
          (r) => !(r.method === 'PUT' && r.path === put.path),
        ),
        putCreateReport(put, group.name),
      ]
    }
    // Its set replaced whole by a PUT on the collection that lists the keys.
    const setPut = upsert
      ? engineExtra.get(group.name)?.find((o) => o.method === 'put')
      : undefined
    const replaceAll = setPut && replaceAllOf(document, setPut, inferred)
    if (replaceAll) {
      engineExtra.set(
        group.name,
        engineExtra.get(group.name)!.filter((o) => o !== setPut),
      )
      inferred.reports.push(
        replaceAllReport(setPut, group.name, replaceAll.member),
      )
    }
    // An update by POST on the item (Stripe's), where no PATCH takes the engine's update method.
    const postUpdate = group.patch
      ? undefined
      : engineExtra.get(group.name)?.find((o) => o.method === 'post')
    const byPost = postUpdate && updateByPost(document, inferred, postUpdate)
    if (byPost) group.update = postUpdate
    // A PUT on the collection that replaces the record its body names (Petstore's `PUT /pet`);
    // beside an update by POST, one that takes the same body (the two share the replace's input).
    const collectionPut = engineExtra
      .get(group.name)
      ?.find((o) => o.method === 'put')
    const bodyPut =
      !upsert &&
      !group.replace &&
      (!byPost ||
        (collectionPut && takeOneBody(document, collectionPut, postUpdate!)))
        ? collectionPut
        : undefined
    const byBody = bodyPut && replaceByBodyOf(document, bodyPut, inferred)
    if (byBody) {
      engineExtra.set(
        group.name,
        engineExtra.get(group.name)!.filter((o) => o !== bodyPut),
      )
      inferred.reports.push(replaceByBodyReport(bodyPut, group.name))
    }
    const dialect = dialectOfCollection(document, group, inferred)
    const mediaType = mediaTypeOf(document, group)
    // Each answer in its operation's own schema, where the operations draw the record otherwise.
    const answer = answerShaper(
      document,
      validator,
      {
        list: group.list,
        create: group.create,
        read: group.read,
        replace: group.replace ?? (byBody ? bodyPut : undefined),
        patch: group.patch ?? group.update,
        delete: group.delete,
      },
      group.name,
      inferred.key,
      inferred.wrapper,
    )
    // A nested collection: its path's parameters bound to the members that hold them; its rows
    // are made under a parent.
    const nested =
      parents && !('why' in inferred)
        ? enginePathOf(
            at,
            dialect?.keys?.param ?? dialect?.keys?.member ?? 'id',
          )
        : undefined
    if (nested) nestedResources.set(group.name, nested.names)
    resources[group.name] = ownerFromPrincipal(
      keyFromEngine(
        {
          ...inferred.declaration,
          ...(at !== `/${group.name}` && { path: nested?.path ?? at }),
          ...(nested && {
            parents: Object.fromEntries(
              [...nested.names].map(([param, name]) => [
                name,
                inferred.parents[param]!,
              ]),
            ),
            seed: [],
          }),
          ...(answer && { answer }),
          ...upsert,
          ...(replaceAll && { replaceAll }),
          ...byPost,
          ...byBody,
          // An update by POST the engine cannot check answers from the description, without
          // `_links`: every answer of the record draws it alike.
          ...(!byPost &&
            engineExtra.get(group.name)?.some((o) => o.method === 'post') && {
              links: false,
            }),
          ...(dialect && { dialect }),
          ...(mediaType !== undefined && { mediaType }),
          ...(suffixedCollections.has(group.name) && { suffix: SUFFIX }),
          // What the description lists of it: a create alone has no list either.
          ...(noItems && { items: false, ...(!group.list && { list: false }) }),
          ...(wholeSet && {
            items: false,
            create: false,
            replace: false,
            patch: false,
            delete: false,
          }),
          ...(keyed && {
            items: false,
            create: false,
            replace: false,
            patch: false,
            delete: false,
            byKeys: keyed.byKeys,
          }),
          ...(dialect?.keys && {
            id: idOf(dialect.keys.generate),
          }),
          ...overlay,
        },
        inferred,
      ),
      overlay,
    )
    if (dialect)
      notes.push(
        `${group.name}: ${[
          dialect.keys &&
            `keyed by ${dialect.keys.member} (${String(dialect.keys.generate)} keys)`,
          dialect.item && `each record in { ${inferred.wrapper} }`,
        ]
          .filter(Boolean)
          .join(', ')}`,
      )
    if (
      group.patch &&
      !resources[group.name]!.patch &&
      bodilessPatch(group.patch)
    )
      reports.push(
        itemPathAction(
          document,
          group.patch,
          validator,
          resources[group.name]!,
          group.name,
        ),
      )
    else if (group.patch && !resources[group.name]!.patch)
      leftOver.push({
        op: group.patch,
        why: `${at}: a PATCH is served as a JSON Merge Patch beside a PUT, with a JSON body`,
      })
    if (putAction)
      reports.push(
        itemPathAction(
          document,
          putAction,
          validator,
          resources[group.name]!,
          group.name,
        ),
      )
    linked.set(group.name, inferred)
    for (const op of keyed?.served ?? [])
      reports.push(byKeysReport(op, group.name, keyed!.byKeys))
    reports.push(...inferred.reports)
    leftOver.push(...inferred.unserved)
    notes.push(...inferred.notes)
  }
  for (const op of [...collectionPatches.values()].flat())
    leftOver.push({
      op,
      why: 'PATCH on a collection is not part of the model (no PUT, PATCH or DELETE on a collection)',
    })
  // A parent served by the engine at the path before its parameter, whose items that parameter
  // names (`/customers/{customer}` above `/customers/{customer}/sources`): a missing one is a 404.
  for (const [name, params] of nestedResources) {
    const at = collections.get(name)!.path!
    const parents = resources[name]!.parents as Record<string, { to?: string }>
    for (const [param, engineName] of params) {
      const above = at.slice(0, at.indexOf(`/{${param}}`))
      const parent = [...collections.values()].find(
        (g) =>
          (g.path ?? `/${g.name}`) === above &&
          resources[g.name] !== undefined &&
          !nestedResources.has(g.name) &&
          itemParamOf(g) === param,
      )
      if (parent)
        parents[engineName] = { ...parents[engineName], to: parent.name }
    }
  }
  // Creates that make another collection's record (Spotify's `POST /me/playlists`): that
  // collection's `creates` at the path, and its list there that collection's search.
  for (const { group, made } of intoOther) {
    const create = group.create!
    const ref = answeredRef(document, create)
    const keeper = [...linked].find(([name]) => {
      const read = collections.get(name)?.read
      return (
        read !== undefined &&
        answeredRef(document, read) === ref &&
        !nestedResources.has(name) &&
        resources[name]!.items !== false
      )
    })
    const keeping = keeper && {
      name: keeper[0],
      inferred: keeper[1],
      resource: resources[keeper[0]]!,
    }
    const search =
      keeping && group.list
        ? engineSearch(
            document,
            validator,
            group.list,
            keeping,
            keeping.resource,
          )
        : undefined
    const createAt =
      keeping && engineCreate(document, validator, create, made, keeping)
    if (!keeping || !createAt || (group.list && !search)) {
      ownPaths.push(...[group.list, create].filter((o) => o !== undefined))
      continue
    }
    const { resource, name } = keeping
    resource.creates = [...(resource.creates ?? []), createAt]
    if (search) resource.searches = [...(resource.searches ?? []), search]
    reports.push({
      method: 'POST',
      path: create.path,
      servedAs: 'create',
      resource: name,
      why: `POST at ${create.path} makes a record of ${name}, which its item reads`,
      notes: [],
    })
    if (group.list)
      reports.push({
        method: 'GET',
        path: group.list.path,
        servedAs: 'list',
        resource: name,
        why: `a search of ${name}: the records its create at this path makes, and the others`,
        notes: [],
      })
  }
  for (const [name, inferred] of linked) {
    if (overrides.resources?.[name]?.relations) continue
    const resource = resources[name]!
    const found = relationsOf(name, inferred, resources).filter(
      ({ field, to }) => {
        const target = resources[to]!
        if ((target.id ?? 'integer') !== 'integer') return false
        // The overlay's rows are the user's: the declaration check names any they break.
        if (overrides.resources?.[name]?.seed) return true
        // Generated rows name rows the other seed has; rows of examples keep what they say, and
        // a relation they break is left out.
        if (typeof resource.seed === 'function') {
          const named = seedNaming(
            resource.seed,
            field,
            target.seed,
            countOf(to),
          )
          if (named) resource.seed = named
          return true
        }
        const targets = Array.isArray(target.seed) ? target.seed : []
        return (resource.seed ?? []).every((row) => {
          const value = (row as AnyRecord)[field]
          return value == null || targets.some((t) => t.id === value)
        })
      },
    )
    if (found.length === 0) continue
    resource.relations = {
      ...Object.fromEntries(
        found.map(({ rel, field, to }) => [rel, { field, to }]),
      ),
      ...resource.relations,
    }
    notes.push(
      `${name}: ${found.map((r) => `_links.${r.rel} names /${r.to}/{${r.field}}`).join(', ')}`,
    )
  }

  const extra: RouteDeclaration[] = []
  for (const { op, collection, sub, under } of subs) {
    // Items another path names (`under`) are a top-level collection's: its key alone finds one.
    const parent =
      under &&
      (nestedResources.has(collection) || resources[collection]?.singleton)
        ? undefined
        : resources[collection]
    const child = resources[sub]
    const base = {
      method: op.method.toUpperCase(),
      path: op.path,
      resource: collection,
      notes: [],
    }
    if (
      parent &&
      op.method === 'get' &&
      (parent.collections as Record<string, unknown> | undefined)?.[sub]
    ) {
      reports.push({
        ...base,
        servedAs: 'nested list',
        why: `the overlay's collection "${sub}" of ${collection}`,
      })
      continue
    }
    if (parent && op.method === 'get' && child) {
      const schema = child.schema['~standard'] as {
        jsonSchema?: { output(): Json }
      }
      const fields = Object.keys(
        (schema.jsonSchema?.output().properties as Json) ?? {},
      )
      const field = [
        `${singular(collection)}Id`,
        `${singular(collection)}_id`,
      ].find((f) => fields.includes(f))
      if (field && (parent.id ?? 'integer') === 'integer') {
        // Seed rows the overlay gives keep what they say.
        const named = overrides.resources?.[sub]?.seed
          ? undefined
          : seedNaming(child.seed, field, parent.seed, countOf(collection))
        if (named) child.seed = named
        child.relations = {
          ...child.relations,
          [singular(collection)]: {
            field,
            to: collection,
            nested: sub,
          } as Relation<AnyRecord>,
        }
        reports.push({
          ...base,
          servedAs: 'nested list',
          why: `${sub} name their ${singular(collection)} in ${field}`,
        })
        continue
      }
    }
    if (parent && op.method === 'post') {
      const transitions = (parent.state?.transitions ?? {}) as Record<
        string,
        { path?: string }
      >
      const declared =
        under === undefined &&
        Object.entries(transitions).find(
          ([name, t]) => (t.path ?? name) === sub,
        )
      if (declared) {
        reports.push({
          ...base,
          servedAs: 'action',
          why: `the overlay's transition "${declared[0]}" of ${parent.state!.field as string}`,
          notes: ['409 state-conflict when the state does not allow it'],
        })
        continue
      }
      addItemRoute(
        parent,
        itemAction(
          document,
          op,
          validator,
          `${sub}${suffixed.has(op) ? SUFFIX : ''}`,
          under,
        ),
      )
      reports.push({
        ...base,
        servedAs: 'action',
        why: `POST ${op.path} on an existing ${singular(collection)}${under ? ` of ${parent.path ?? `/${collection}`}` : ''}: 404 when there is none; If-Match gives 412`,
        notes: [
          'no state overlay: it simply succeeds with its example or a generated body',
        ],
      })
      continue
    }
    ownPaths.push(op)
  }
  // Operations placed at paths of their own keep the description's path, suffix and all.
  const bareOf = new Map<string, string>()
  for (const [op, path] of suffixed) {
    bareOf.set(`${op.method.toUpperCase()} ${op.path}`, path)
    op.path = path
  }
  // Writes below a parameter nothing reads: answered from the description, with no state.
  const unread = ownPaths.filter((op) => unreadWrite(op, operations))
  for (const op of unread)
    leftOver.push({
      op,
      why: `nothing of the description reads what it makes (no GET below ${op.path.slice(0, op.path.indexOf('}') + 1)}): it keeps no state`,
    })
  const fromPaths = placeOwnPaths(
    document,
    ownPaths.filter((op) => !unread.includes(op)),
    validator,
    resources,
    [...linked].map(([name, inferred]) => ({
      name,
      path: collections.get(name)?.path ?? `/${name}`,
      inferred,
      ...(nestedResources.has(name) && {
        parents: [...nestedResources.get(name)!.keys()].map((param) => ({
          param,
          field: inferred.parents[param]!.field,
        })),
      }),
    })),
    (name) => countOf(name.split('/').at(-1) ?? name),
  )
  reports.push(...fromPaths.reports)
  leftOver.push(...fromPaths.leftOver)
  notes.push(...fromPaths.notes)
  for (const [name, ops] of engineExtra) {
    const inferred = linked.get(name)
    const served = collections.get(name)?.update
    if (served)
      reports.push({
        method: 'POST',
        path: served.path,
        servedAs: 'merge patch',
        resource: name,
        why: `POST on the item ${collections.get(name)?.path ?? `/${name}`}/{id} updates the members it carries, as a merge patch`,
        notes: ['If-Match gives 412'],
      })
    const posted = ops.find((o) => o.method === 'post' && o !== served)
    const bodyPut = ops.find((o) => o.method === 'put')
    const at = collections.get(name)?.path ?? `/${name}`
    if (!inferred) {
      for (const op of ops)
        leftOver.push({ op, why: `${at} is not served as a collection` })
      continue
    }
    // A PUT on the collection whose body names no record of it: an action on the whole set.
    const resource = resources[name]
    const onSet =
      bodyPut && resource && !namesRecord(document, bodyPut, inferred.key)
    if (onSet)
      reports.push(
        collectionAction(document, bodyPut, validator, resource, name),
      )
    const replaceByBody = onSet ? undefined : bodyPut
    // A POST on the item with no body changes none of its members: an action on the item
    // (OpenAI's cancel of an eval run).
    if (posted && resource && posted.operation.requestBody === undefined)
      reports.push(
        // Members named by its query parameters (Petstore's), else none.
        queryUpdate(document, posted, validator, inferred, resource, name) ??
          itemPathAction(document, posted, validator, resource, name),
      )
    const update =
      posted && !(resource && posted.operation.requestBody === undefined)
        ? posted
        : undefined
    // Writes the engine's update and replace cannot take: answered from the description.
    if (update)
      leftOver.push({
        op: update,
        why: `POST on the item ${at}/{id}: ${collections.get(name)?.patch ? 'the PATCH beside it is the update the engine serves' : inferred.wrapper ? 'its answers wrap the record in a member of their own, which an update by POST does not take' : 'its body has no schema an update can check'}; it keeps no state`,
      })
    if (replaceByBody)
      leftOver.push({
        op: replaceByBody,
        why: `PUT on the collection ${at} names no record by its ${inferred.key} the engine can replace: it keeps no state`,
      })
  }
  for (const { op, why } of leftOver) {
    extra.push(exampleOperation(document, op, validator))
    reports.push({
      method: op.method.toUpperCase(),
      path: op.path,
      servedAs: 'example only',
      why,
      notes: [
        'answers its example or a generated body, marked Hypermock-Stateless',
      ],
    })
  }
  for (const report of reports)
    report.path = bareOf.get(`${report.method} ${report.path}`) ?? report.path
  for (const [op, twin] of twins) {
    const served = reports.find(
      (r) => r.method === twin.method.toUpperCase() && r.path === twin.path,
    )
    if (served) reports.push(twinReport(op, served))
  }
  const order = new Map(
    all.map((op, i) => [`${op.method.toUpperCase()} ${op.path}`, i]),
  )
  reports.sort(
    (a, b) =>
      (order.get(`${a.method} ${a.path}`) ?? 0) -
      (order.get(`${b.method} ${b.path}`) ?? 0),
  )
  for (const op of [...operations, ...roots]) {
    const report = reports.find(
      (r) => r.method === op.method.toUpperCase() && r.path === op.path,
    )
    if (report && typeof op.operation.operationId === 'string')
      report.operationId = op.operation.operationId
  }

  // A description none of whose operations the rules above serve (each answers only an error, or
  // nothing: 3.1 makes responses optional) is still served, every operation from what it documents.
  if (Object.keys(resources).length === 0 && extra.length === 0) {
    if (all.length === 0)
      throw new InvalidOpenApiError(undefined, [
        {
          message:
            'describes no operation under paths (webhooks and components alone give nothing to serve)',
          pointer: '#/paths',
        },
      ])
    for (const op of all) {
      extra.push(exampleOperation(document, op, validator))
      const report = reports.find(
        (r) => r.method === op.method.toUpperCase() && r.path === op.path,
      )
      if (report)
        Object.assign(report, {
          servedAs: 'example only',
          why: 'nothing else of the description is served: it answers its example, a body drawn from its schema, or 204 where it documents no success',
          notes: ['marked Hypermock-Stateless'],
        })
    }
  }
  const security = securityOf(document, operations)
  notes.push(...security.notes)
  if (all.length < described.length)
    notes.push(
      `${described.length - all.length} of the description's ${described.length} operations are outside include (${include!.join(', ')}) and not served`,
    )
  const info = (document.info as Json | undefined) ?? {}
  const base = overrides.base ?? joinBase(baseOf(document), prefix)
  const ownErrors = errorBodyOf(document, operations, validator)
  const errorBody = overrides.errors === 'description' ? ownErrors : undefined
  // Problem documents with the description's error envelope beside them (a client that reads
  // only Stripe's `{ error: { … } }` still sees the failure): its object members alone, as the
  // served description's problem schemas have room for; RFC 9457's own members win a clash.
  const problemMembers: ApiDeclaration['problemMembers'] =
    ownErrors && !errorBody
      ? (problem) => {
          const own = ownErrors(problem, {
            method: '',
            path: (problem as { instance?: string }).instance ?? '',
          }) as Record<string, unknown> | undefined
          return Object.fromEntries(
            Object.entries(own ?? {}).filter(
              ([name, value]) =>
                !(name in problem) &&
                typeof value === 'object' &&
                value !== null &&
                !Array.isArray(value),
            ),
          )
        }
      : undefined
  const api: ApiDeclaration = {
    name:
      overrides.name ??
      (typeof info.title === 'string' ? info.title : 'Imported API'),
    base,
    resources,
    ...(extra.length > 0 && { routes: extra }),
    ...(typeof info.description === 'string' && {
      description: info.description,
    }),
    ...(overrides.problems && { problems: overrides.problems }),
    ...(errorBody && { errorBody }),
    ...(problemMembers && { problemMembers }),
    ...(security.auth !== 'bearer' && { auth: security.auth }),
    ...(security.also.length > 0 && { authAlso: security.also }),
    ...(security.auth !== false &&
      overrides.tokens && { tokens: overrides.tokens }),
    ...dialectOf(document, all, notes),
  }
  return {
    api,
    report: {
      title: api.name,
      version: version,
      base,
      auth: security.summary,
      operations: reports,
      errors: errorDisagreements(document, operations),
      notes,
    },
  }
}

/**
 * Generated rows of a collection that names another by its integer id (`customerId`) name a row
 * its seed has; rows from examples keep what the example says.
 */
function seedNaming(
  seed: AnyResource['seed'],
  field: string,
  parentSeed: AnyResource['seed'],
  count: number,
): AnyResource['seed'] {
  if (typeof seed !== 'function') return seed
  const parents = Array.isArray(parentSeed) ? parentSeed.length : count
  return (ctx) =>
    seed(ctx).map((row) => ({
      ...row,
      [field]: 1 + Math.floor(ctx.random() * Math.max(parents, 1)),
    }))
}

/** The declaration alone: `createMockApi({ api: fromOpenApi(document) })`. */
export function fromOpenApi(
  document: Json,
  overrides: OpenApiOverrides = {},
): ApiDeclaration {
  return importOpenApi(document, overrides).api
}

/**
 * Relations the record's `_links` names, each through a field of the record: `customer` through
 * `customerId` (or `customer_id`) to `/customers`, `from` through `fromAccountId` to `/accounts`.
 */
function relationsOf(
  name: string,
  inferred: InferredResource,
  resources: Record<string, AnyResource>,
) {
  const fields = Object.keys(inferred.record)
  const collectionOf = (word: string) =>
    Object.keys(resources).find(
      (c) => c !== name && (singular(c) === word || c === word),
    )
  const found: { rel: string; field: string; to: string }[] = []
  for (const rel of inferred.links) {
    for (const field of fields) {
      const named =
        field === `${rel}Id` || field === `${rel}_id`
          ? collectionOf(rel)
          : field.startsWith(rel) && /Id$/.test(field)
            ? collectionOf(
                field
                  .slice(rel.length, -2)
                  .replace(/^./, (c) => c.toLowerCase()),
              )
            : undefined
      if (named) {
        found.push({ rel, field, to: named })
        break
      }
    }
  }
  return found
}

/**
 * A generated create fills the record's required members; the owner field is the caller's to
 * fill (the engine names the caller's own), so an overlay's `owner` keeps it out of them.
 */
function ownerFromPrincipal(
  resource: AnyResource,
  overlay: Partial<AnyResource> | undefined,
): AnyResource {
  const owner = resource.owner
  const create = resource.create
  if (
    typeof owner !== 'string' ||
    overlay?.create ||
    !create ||
    !('prepare' in create) ||
    !create.prepare
  )
    return resource
  const prepare = create.prepare.bind(create)
  return {
    ...resource,
    create: {
      ...create,
      prepare(ctx) {
        const out = { ...prepare(ctx) }
        if (ctx.principal.owns !== 'all') delete out[owner]
        return out
      },
    },
  }
}

/**
 * A create whose key the engine makes (a uuid `eventId`, a `gid`) leaves it to the engine: the
 * generated members a create fills are drawn from the schema, and a drawn key could repeat its
 * example. A key whose schema has a pattern is still drawn, to match it.
 */
function keyFromEngine(
  resource: AnyResource,
  inferred: InferredResource,
): AnyResource {
  const key = inferred.key
  const create = resource.create
  if (
    key === 'id' ||
    typeof inferred.record[key]?.pattern === 'string' ||
    !create ||
    !('prepare' in create) ||
    !create.prepare
  )
    return resource
  const prepare = create.prepare.bind(create)
  return {
    ...resource,
    create: {
      ...create,
      prepare(ctx) {
        const { [key]: _drawn, ...out } = prepare(ctx)
        return out
      },
    },
  }
}
