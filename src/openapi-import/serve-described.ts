import type {
  AnyRecord,
  AnyResource,
  RouteDeclaration,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import {
  describedOperations,
  PARENT_MEMBER,
  type DescribedCollection,
  type DescribedOperations,
} from './described-collection.ts'
import { resourcePathOk } from '../mock-server/declare/check-declaration.ts'
import { answerShaper } from './conform-answer.ts'
import {
  bodiesOf,
  mediaTypeOf,
  enginePathOf,
  nestedShapeOf,
  RESERVED,
} from './engine-shape.ts'
import { exampleOperation } from './example-operation.ts'
import type { OperationReport } from './import-types.ts'
import { itemMustExist } from './item-must-exist.ts'
import { inferResource, type InferredResource } from './infer-resource.ts'
import { inferList } from './list-inference.ts'
import { addItemRoute, itemAction } from './item-action.ts'
import { engineSearch } from './engine-search.ts'
import {
  requestSchemaOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { flatten, isObject, resolve, typeOf, type Json } from './schema-view.ts'

const SUFFIX = /^(.+?)(\.json)$/
const TEMPLATE = /^\{([^}]+)\}$/

/** One collection found by its paths: `/customers/{customer}/sources` and its items. */
interface Group {
  key: string
  literals: string[]
  itemParam?: string | undefined
  parentParam?: string | undefined
  parentSegment?: string | undefined
  suffix: string
  ops: DescribedOperations
  /** Operations on the collection's path beside its list (a `PUT`/`PATCH` of a singleton). */
  collectionWrites: DocOperation[]
}

/** How one operation is served, as `inspect` and the import report list it. */
function operationReport(
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

const singular = (word: string) =>
  word.replace(/ies$/, 'y').replace(/(s|es)$/, '')

/** A table name the engine takes, unused so far: `/checkout/sessions` → `checkout-sessions`. */
function tableName(literals: string[], taken: (name: string) => boolean) {
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
const refOf = (node: unknown) =>
  isObject(node) && typeof node.$ref === 'string' ? node.$ref : undefined

export interface ServedDescribed {
  operations: RouteDeclaration[]
  reports: OperationReport[]
  leftOver: { op: DocOperation; why: string }[]
  notes: string[]
}

/** A collection served by the engine's own routes, that described operations may still write. */
export interface EngineCollection {
  name: string
  /** Its path (`/checkout/sessions`): literal segments only. */
  path: string
  inferred: InferredResource
  /** A nested collection's parameters (as the description names them) and their members. */
  parents?: readonly { param: string; field: string }[]
}

/**
 * Serves with state the operations the engine's routes cannot: every path ending in a collection
 * (`/v1/checkout/sessions`, `/posts.json`, `/users/{user_id}/playlists`) and its items
 * (`/t/{id}.json`), keyed by the member the item path names; lists of another collection's records
 * (`/pet/findByStatus`); updates by `POST` on an item or `PUT` on the collection. Each collection
 * is stored in an engine table with no routes of its own. Singletons (`/me`) are declared as the
 * engine's own (`singleton: true`), served by its routes.
 */
export function serveDescribed(
  document: Json,
  ops: DocOperation[],
  validator: DescriptionValidator,
  resources: Record<string, AnyResource>,
  engine: EngineCollection[],
  countOf: (name: string) => number,
): ServedDescribed {
  const groups = new Map<string, Group>()
  const leftOver: ServedDescribed['leftOver'] = []
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
    const group: Group = groups.get(place.key) ?? {
      ...place,
      itemParam: undefined,
      ops: {},
      collectionWrites: [],
    }
    groups.set(place.key, group)
    if (place.suffix) group.suffix = place.suffix
    const item = place.itemParam !== undefined
    if (item) group.itemParam ??= place.itemParam
    const slot: keyof DescribedOperations | undefined = item
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

  const operations: RouteDeclaration[] = []
  const reports: OperationReport[] = []
  const notes: string[] = []
  const served: {
    key: string
    name: string
    collection: DescribedCollection
    ref: string | undefined
    inferred: InferredResource
  }[] = []
  const searches: Group[] = []
  const actions: { group: Group; ops: DocOperation[]; why: string }[] = []
  const taken = (name: string) => name in resources

  const report = (
    op: DocOperation,
    servedAs: OperationReport['servedAs'],
    resource: string,
    why: string,
  ) => reports.push(operationReport(op, servedAs, resource, why))

  const engineTables = engine.map(({ name, inferred }) => ({
    name,
    ref: refOf(inferred.stored),
    collection: tableCollection(name, inferred, validator),
  }))
  for (const group of groups.values()) {
    const { ops: slots } = group
    const own = Object.values(slots).filter(
      (o): o is DocOperation => o !== undefined,
    )
    // A list alone, not of a record of its own: a search over another collection.
    const listOnly =
      slots.list && own.length === 1 && group.itemParam === undefined
    const listShape =
      slots.list &&
      inferList(document, slots.list.operation, slots.list.parameters, {})
    // A page one member wraps, alone at its path (Spotify's new releases), is kept as one record.
    const singleton =
      group.itemParam === undefined &&
      !slots.create &&
      slots.list !== undefined &&
      listShape !== undefined &&
      ('why' in listShape ||
        (listOnly === true && listShape.page !== undefined))
    if (singleton) {
      const declared = singletonResource(
        document,
        group,
        validator,
        resources,
        engine,
        taken,
      )
      const writes = group.collectionWrites.filter((o) => !own.includes(o))
      if ('why' in declared) {
        for (const op of [...own, ...writes])
          leftOver.push({ op, why: declared.why })
        continue
      }
      reports.push(...declared.reports)
      leftOver.push(...declared.unserved)
      notes.push(...declared.notes)
      for (const op of [...own, ...writes])
        if (!declared.served.includes(op))
          leftOver.push({
            op,
            why: `${op.method.toUpperCase()} on a singleton is not part of the model`,
          })
      continue
    }
    if (listOnly) {
      searches.push(group)
      for (const op of group.collectionWrites)
        if (!own.includes(op))
          leftOver.push({
            op,
            why: `${op.method.toUpperCase()} on a collection is not part of the model`,
          })
      continue
    }
    const update = slots.update
    const inferred = inferResource(
      document,
      {
        name: group.literals.at(-1) ?? 'items',
        ...(slots.list && { list: slots.list }),
        ...(slots.create && { create: slots.create }),
        ...(slots.read && { read: slots.read }),
        ...(slots.replace && { replace: slots.replace }),
        ...(slots.delete && { delete: slots.delete }),
      },
      validator,
      countOf(group.literals.join('/')),
      {
        keys: [
          ...new Set([...(group.itemParam ? [group.itemParam] : []), 'id']),
        ],
        forms: true,
      },
    )
    const writes = group.collectionWrites.filter((o) => !own.includes(o))
    if ('why' in inferred) {
      // Writes below an item that keep no record of their own (`PUT /t/{id}/bookmark.json`,
      // `POST /admin/users/{id}/log_out.json`): actions on that item, once its collection is known.
      if (
        group.parentParam &&
        group.itemParam === undefined &&
        !slots.list &&
        !slots.read
      )
        actions.push({ group, ops: [...own, ...writes], why: inferred.why })
      else
        for (const op of [...own, ...writes])
          leftOver.push({ op, why: inferred.why })
      continue
    }
    // A collection with no items of its own whose create answers the record another collection
    // keeps (Spotify's `POST /me/playlists` makes what `GET /playlists/{playlist_id}` reads):
    // created and listed in that collection's table.
    const createdRef =
      slots.create &&
      refOf(successOf(document, slots.create.operation)?.body?.media.schema)
    const keeper =
      createdRef && !group.parentParam && group.itemParam === undefined
        ? [...served, ...engineTables].find((t) => t.ref === createdRef)
        : undefined
    if (keeper) {
      const shared: DescribedOperations = {
        ...(slots.list && { list: slots.list }),
        create: slots.create!,
      }
      operations.push(
        ...describedOperations(
          document,
          {
            ...keeper.collection,
            suffix: group.suffix,
            ...preparedBy(inferred.declaration.create),
          },
          shared,
          inferred.inputOf,
        ),
      )
      if (slots.list)
        report(
          slots.list,
          'list',
          keeper.name,
          `the records of ${keeper.name}, which its create makes`,
        )
      report(
        slots.create!,
        'create',
        keeper.name,
        `POST on the collection makes a record of ${keeper.name} (the record its items answer)`,
      )
      for (const op of [...own, ...writes])
        if (op !== slots.list && op !== slots.create)
          leftOver.push({
            op,
            why: `${op.method.toUpperCase()} beside a create into ${keeper.name}`,
          })
      continue
    }
    const name = tableName(group.literals, taken)
    const parent = group.parentParam
      ? parentMember(group, inferred.record)
      : undefined
    const declaration = inferred.declaration
    const schema = declaration.schema
    resources[name] = {
      ...declaration,
      schema: parent?.hidden ? withParent(schema) : schema,
      tableOnly: true,
      create: false,
      replace: false,
      patch: false,
      delete: false,
      hidden: [
        ...(inferred.hiddenId ? ['id'] : []),
        ...(parent?.hidden ? [PARENT_MEMBER] : []),
      ],
      relations: {},
    }
    delete resources[name]!.list
    delete resources[name]!.filters
    delete resources[name]!.sort
    delete resources[name]!.state
    if (parent) resources[name]!.seed = [] // rows of a nested collection are made under a parent
    const collection: DescribedCollection = {
      table: name,
      key: inferred.key,
      hiddenId: inferred.hiddenId,
      ...(parent && {
        parent: { param: group.parentParam!, member: parent.member },
      }),
      ...(group.itemParam !== undefined && { itemParam: group.itemParam }),
      suffix: group.suffix,
      properties: inferred.record,
      invalid: invalidOf(validator, inferred),
      validator,
      ...preparedBy(declaration.create),
    }
    const served_ops: DescribedOperations = {
      ...(slots.list && { list: slots.list }),
      ...(slots.create && { create: slots.create }),
      ...(slots.read && { read: slots.read }),
      ...(slots.replace && { replace: slots.replace }),
      ...(update && { update }),
      ...(slots.replaceByBody && { replaceByBody: slots.replaceByBody }),
      ...(slots.delete && { delete: slots.delete }),
    }
    operations.push(
      ...describedOperations(
        document,
        collection,
        served_ops,
        inferred.inputOf,
      ),
    )
    const words: Record<
      keyof DescribedOperations,
      [OperationReport['servedAs'], string]
    > = {
      list: ['list', 'the collection, in the envelope the description draws'],
      create: [
        'create',
        'POST on the collection; the body is validated by its schema',
      ],
      read: ['read', `the item, keyed by its ${inferred.key}`],
      replace: [
        'replace',
        'PUT on the item; the body is validated by its schema',
      ],
      update: [
        'merge patch',
        `${update?.method.toUpperCase()} on the item updates the members it carries`,
      ],
      replaceByBody: [
        'replace',
        `PUT on the collection replaces the record its ${inferred.key} names`,
      ],
      delete: [
        'delete',
        'DELETE on the item; answers as the description draws it',
      ],
    }
    for (const [slot, op] of Object.entries(served_ops) as [
      keyof DescribedOperations,
      DocOperation,
    ][])
      report(op, words[slot][0], name, words[slot][1])
    for (const op of group.collectionWrites)
      if (!Object.values(served_ops).includes(op) && !own.includes(op))
        leftOver.push({
          op,
          why: `${op.method.toUpperCase()} on a collection is not part of the model`,
        })
    served.push({
      key: group.key,
      name,
      collection,
      ref: refOf(inferred.stored),
      inferred,
    })
    if (parent)
      notes.push(
        `${name}: nested below {${group.parentParam}}, ${parent.hidden ? 'kept with its parent' : `by its ${parent.member}`}`,
      )
  }

  // Actions on an item of a collection kept with state: 404 for an item that does not exist,
  // else the body validated and the example (or a body drawn from the schema) answered. On a
  // collection the engine serves, they are that resource's own item routes.
  for (const { group, ops: writes, why } of actions) {
    const parentKey = group.key.slice(0, group.key.lastIndexOf('/{}'))
    const own = engine.find(
      (e) => e.path.replace(/\{[^}]+\}/g, '{}') === `/${parentKey}`,
    )
    const parent = served.find((s) => s.key === parentKey)?.collection
    for (const op of writes) {
      if (own && resources[own.name]) {
        const below = op.path
          .split('/')
          .slice(parentKey.split('/').length + 2)
          .join('/')
        if (
          !addItemRoute(
            resources[own.name]!,
            itemAction(document, op, validator, below),
          )
        ) {
          leftOver.push({ op, why: `${op.path} is taken twice` })
          continue
        }
        report(
          op,
          'action',
          own.name,
          `${op.method.toUpperCase()} on ${group.literals.slice(-1)[0] ?? ''} below an existing item of ${own.name}: 404 when there is none; If-Match gives 412`,
        )
        continue
      }
      if (!parent) {
        leftOver.push({ op, why })
        continue
      }
      operations.push(
        exampleOperation(
          document,
          op,
          validator,
          itemMustExist(parent.table, parent.key, group.parentParam!),
        ),
      )
      report(
        op,
        'action',
        parent.table,
        `${op.method.toUpperCase()} on ${group.literals.slice(-1)[0] ?? ''} below an existing item of ${parent.table}: 404 when there is none`,
      )
    }
  }

  // Searches (`/pet/findByStatus`): lists of another collection's records, filtered by the
  // query parameters that name record members.
  const tables = [
    ...served.map(({ name, collection, ref }) => ({ name, collection, ref })),
    ...engineTables,
  ]
  for (const group of searches) {
    const op = group.ops.list!
    const schema = successOf(document, op.operation)?.body?.media.schema
    const flat = flatten(document, schema)
    const items =
      typeOf(flat) === 'array'
        ? flat.items
        : Object.values((flat.properties as Json | undefined) ?? {})
            .map((p) => resolve(document, p))
            .find((p) => typeOf(p) === 'array')?.items
    const ref = refOf(items)
    const of = ref ? tables.find((t) => t.ref === ref) : undefined
    if (!of) {
      leftOver.push({
        op,
        why: 'a list of records no collection of the description keeps',
      })
      continue
    }
    // Over a collection the engine serves: one of that resource's own searches.
    const own = engine.find((e) => e.name === of.name)
    const declared = own && resources[own.name]
    const search =
      declared && engineSearch(document, validator, op, own, declared)
    if (search) {
      declared.searches = [...(declared.searches ?? []), search]
      report(
        op,
        'list',
        of.name,
        `a search of ${of.name}, filtered by the query parameters that name its members`,
      )
      continue
    }
    operations.push(
      ...describedOperations(
        document,
        { ...of.collection, suffix: group.suffix },
        { list: op },
        () => undefined,
      ),
    )
    report(
      op,
      'list',
      of.name,
      `a search of ${of.name}, filtered by the query parameters that name its members`,
    )
  }
  return { operations, reports, leftOver, notes }
}

/** The `prepare` step a declared create names, in the shape a described collection takes. */
function preparedBy(
  create: AnyResource['create'],
): Pick<DescribedCollection, 'prepare'> {
  if (!create || typeof create !== 'object' || !('prepare' in create)) return {}
  const prepare = create.prepare
  return prepare ? { prepare: (ctx) => prepare(ctx) as AnyRecord } : {}
}

/** A collection kept in the engine's table `name`, at its own path (no suffix, no parent). */
function tableCollection(
  name: string,
  inferred: InferredResource,
  validator: DescriptionValidator,
): DescribedCollection {
  return {
    table: name,
    key: inferred.key,
    hiddenId: inferred.hiddenId,
    suffix: '',
    properties: inferred.record,
    invalid: invalidOf(validator, inferred),
    validator,
  }
}

/** Whether an operation's JSON body is an array (`POST /user/createWithList`), not one record. */
function arrayBody(document: Json, op: DocOperation) {
  const schema = requestSchemaOf(document, op.operation)
  return schema !== undefined && typeOf(flatten(document, schema)) === 'array'
}

/** The record's members a row breaks, by the description's schema (hidden members left out). */
function invalidOf(
  validator: DescriptionValidator,
  inferred: InferredResource,
) {
  return (row: unknown): string[] => {
    const { id, [PARENT_MEMBER]: _p, ...rest } = row as AnyRecord
    const validate = validator(inferred.stored)
    if (validate(inferred.hiddenId ? rest : { id, ...rest })) return []
    const names = new Set<string>()
    for (const error of validate.errors ?? []) {
      const first = error.instancePath.split('/')[1]
      const missing = (error.params as { missingProperty?: string })
        .missingProperty
      const name = first ?? missing
      names.add(name ? name.replaceAll('~1', '/').replaceAll('~0', '~') : '')
    }
    return [...names]
  }
}

/**
 * Writes on the items of an engine-served collection the engine's routes leave out, at the
 * description's paths (`suffix`: the one they end in, `.json`).
 */
export function engineWrites(
  document: Json,
  collection: EngineCollection,
  ops: DescribedOperations,
  validator: DescriptionValidator,
  suffix = '',
): RouteDeclaration[] {
  const { inferred, name } = collection
  return describedOperations(
    document,
    {
      ...tableCollection(name, inferred, validator),
      suffix,
      ...(ops.update && {
        itemParam: /\{([^}]+)\}(?:\.\w+)?$/.exec(ops.update.path)?.[1] ?? 'id',
      }),
    },
    ops,
    inferred.inputOf,
  )
}

/** The member of a nested collection's record that names its parent, or a hidden one of ours. */
function parentMember(group: Group, record: Record<string, Json>) {
  const param = group.parentParam!
  const stem = param.replace(/(_id|Id|_ID)$/, '')
  const word = group.parentSegment ? singular(group.parentSegment) : stem
  const candidates = [param, stem, word, `${word}_id`, `${word}Id`]
  const member = candidates.find(
    (c) =>
      record[c] &&
      ['string', 'integer', 'number'].includes(typeOf(record[c]) ?? ''),
  )
  return member
    ? { member, hidden: false }
    : { member: PARENT_MEMBER, hidden: true }
}

/** The record's schema, the hidden parent key left out of validation. */
function withParent(schema: AnyResource['schema']): AnyResource['schema'] {
  const standard = schema['~standard'] as unknown as {
    validate(value: unknown): unknown
    jsonSchema?: { output(): Json }
  }
  return {
    '~standard': {
      ...standard,
      validate(value: unknown) {
        if (!isObject(value)) return standard.validate(value)
        const { [PARENT_MEMBER]: parent, ...rest } = value
        const result = standard.validate(rest) as { value?: AnyRecord }
        return result.value
          ? { value: { ...result.value, [PARENT_MEMBER]: parent } }
          : result
      },
      ...(standard.jsonSchema && {
        jsonSchema: {
          output: () => {
            const json = standard.jsonSchema!.output()
            return {
              ...json,
              properties: {
                ...(json.properties as Json),
                [PARENT_MEMBER]: { type: 'string' },
              },
            }
          },
        },
      }),
    },
  } as unknown as AnyResource['schema']
}

/** A singleton declared for the engine: the operations it serves, and how. */
interface DeclaredSingleton {
  served: DocOperation[]
  reports: OperationReport[]
  unserved: { op: DocOperation; why: string }[]
  notes: string[]
}

/**
 * A singleton (`/account`, `/repos/{owner}/{repo}/subscription`) declared for the engine's own
 * routes: its one record read at its path, replaced by a `PUT` and merged by a `PATCH` there,
 * below the parents its path names (one record per parent, none until one is made).
 */
function singletonResource(
  document: Json,
  group: Group,
  validator: DescriptionValidator,
  resources: Record<string, AnyResource>,
  engine: EngineCollection[],
  taken: (name: string) => boolean,
): DeclaredSingleton | { why: string } {
  const read = group.ops.list!
  const put = group.ops.replaceByBody
  const patch = group.collectionWrites.find((o) => o.method === 'patch')
  // A suffix (`/c/{id}/show.json`) is the last literal's own: the parents are found without it.
  const bare = group.suffix
    ? read.path.slice(0, -group.suffix.length)
    : read.path
  const nested = nestedShapeOf(document, { ...read, path: bare })
  const at = nested ? `${nested.at}${group.suffix}` : read.path
  const { path, names } = enginePathOf(at, 'id')
  const unnamed = (p: string) => p.replace(/\{[^}]+\}/g, '{}')
  if (
    (!nested && at.includes('{')) ||
    !resourcePathOk(path) ||
    RESERVED.has(path.split('/')[1]!)
  )
    return { why: `${read.path} is no path a singleton can be declared at` }
  if (
    Object.entries(resources).some(
      ([other, r]) => unnamed(r.path ?? `/${other}`) === unnamed(path),
    )
  )
    return { why: `${read.path} is the path of another resource` }
  const name = tableName(group.literals, taken)
  const ops = {
    name,
    path: at,
    read,
    ...(put && { replace: put }),
    ...(patch && { patch }),
  }
  const inferred = inferResource(document, ops, validator, 1, {
    keys: ['id'],
    forms: true,
    singleton: true,
    ...(nested && { parents: nested.parents }),
  })
  if ('why' in inferred) return inferred
  const declaration = inferred.declaration
  // A parent served by the engine at the path before its parameter: a missing one is a 404.
  const parentOf = (param: string) => {
    const above = at.slice(0, at.indexOf(`/{${param}}`))
    return engine.find(
      (e) => e.path === above && !e.parents && e.inferred.key === 'id',
    )?.name
  }
  const answer = answerShaper(
    document,
    validator,
    { read, replace: put, patch },
    name,
    inferred.key,
  )
  const bodies = bodiesOf(document, ops)
  const mediaType = mediaTypeOf(document, ops)
  // A replace documented as 204 alone answers no body (Spotify's `PUT /me/player`).
  const replaced = put && successOf(document, put.operation)?.status
  resources[name] = {
    ...declaration,
    ...(replaced === 204 && {
      status: { ...declaration.status, replace: 204 as const },
    }),
    singleton: true,
    // The record as the description draws it: a map (`/store/inventory`) has no room for links.
    links: false,
    ...(path !== `/${name}` && { path }),
    ...(nested && {
      parents: Object.fromEntries(
        [...names].map(([param, engineName]) => {
          const to = parentOf(param)
          return [
            engineName,
            { ...inferred.parents[param]!, ...(to && { to }) },
          ]
        }),
      ),
      // Rows of a nested singleton are made below a parent.
      seed: [],
    }),
    ...(answer && { answer }),
    ...(bodies && { dialect: { bodies } }),
    ...(mediaType !== undefined && { mediaType }),
  }
  const served: DocOperation[] = [read]
  const reports: OperationReport[] = []
  const report = (
    op: DocOperation,
    servedAs: OperationReport['servedAs'],
    why: string,
  ) => reports.push(operationReport(op, servedAs, name, why))
  report(read, 'read', 'the one record at this path')
  const replace = declaration.replace
  if (
    put &&
    replace &&
    !(typeof replace === 'object' && 'put' in replace && replace.put === false)
  ) {
    served.push(put)
    report(
      put,
      'replace',
      'PUT at the path replaces its one record; the body is validated by its schema; If-Match gives 412',
    )
  }
  if (patch && declaration.patch) {
    served.push(patch)
    report(
      patch,
      'merge patch',
      'PATCH at the path merges into its one record; If-Match gives 412',
    )
  }
  return {
    served,
    reports,
    unserved: inferred.unserved.filter(({ op }) => !served.includes(op)),
    notes: [
      `${name}: a singleton at ${path}${nested ? ', one record per parent' : ''}`,
      ...inferred.notes,
    ],
  }
}
