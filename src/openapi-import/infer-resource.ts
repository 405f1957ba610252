import type {
  AnyRecord,
  AnyResource,
  InputContext,
} from '../mock-server/declare/types.ts'
import {
  ajvStandardSchema,
  type DescriptionValidator,
} from './ajv-standard-schema.ts'
import type { OperationReport } from './import-types.ts'
import { PATCH_TYPES } from '../mock-server/declare/dialect-auth.ts'
import { newId } from '../mock-server/declare/new-id.ts'
import { seedDrawnOnFirstRead } from '../mock-server/declare/seed-rows.ts'
import { inferList } from './list-inference.ts'
import {
  exampleOf,
  flatProperties,
  FORM_TYPES,
  jsonMedia,
  requestBodyOf,
  requestSchemaOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { formReader } from '../mock-server/conventions/form-values.ts'
import { keyCandidates } from './dialect-of.ts'
import { arrayWrapperOf, wrapperOf } from './conform-answer.ts'
import { sampleValue } from './sample-value.ts'
import { noBody } from './no-body.ts'
import {
  flatten,
  isObject,
  resolve,
  typeOf,
  withoutMember,
  type Json,
} from './schema-view.ts'
import { MERGE_PATCH } from '../common/media-types.ts'

/** Members the engine sets itself. */
const SERVER_SET = ['id', 'createdAt', 'updatedAt', 'version']

/** The operations of one collection: `/{name}`, `/{name}/{id}`. */
export interface CollectionOperations {
  name: string
  list?: DocOperation
  create?: DocOperation
  read?: DocOperation
  replace?: DocOperation
  patch?: DocOperation
  delete?: DocOperation
  /** The path parameter's schema. */
  idSchema?: unknown
  /** The collection's path, where it is not `/{name}` (`/checkout/sessions`). */
  path?: string
  /** `POST` on an item (Stripe's updates), or a `PATCH` served as a merge without a `PUT`. */
  update?: DocOperation
  /** `PUT` on the collection with the id in the body (Swagger Petstore's). */
  replaceByBody?: DocOperation
}

/** How an inferred collection keys and reads its records. */
export interface InferOptions {
  /** The record's members the item path may name, the first it has wins. @default ['id'] */
  keys?: readonly string[]
  /** One record at one path (`/account`): no key needed. */
  singleton?: boolean
  /** Form bodies (`x-www-form-urlencoded`, `multipart/form-data`) are read like JSON. */
  forms?: boolean
  /**
   * A nested collection's parents: each parameter of its path (`customer` of
   * `/customers/{customer}/sources`) and the literal segment before it (`customers`).
   */
  parents?: readonly {
    param: string
    segment: string | undefined
    /** The parameter's type (`string`, `integer`), where its schema says. */
    type?: string | undefined
  }[]
}

/** The member a nested collection's rows keep a parent's key in, when the record has none. */
export const PARENT_MEMBER = '_parent'

export interface InferredResource {
  declaration: AnyResource
  reports: OperationReport[]
  record: Record<string, Json>
  /** The relations the record's `_links` names (`customer`, `from`), `self` left out. */
  links: string[]
  notes: string[]
  /** Operations of the collection it cannot serve with state, and why: served from examples. */
  unserved: { op: DocOperation; why: string }[]
  /** The validating schema of an operation's request body, server-set members refused. */
  inputOf: (
    op: DocOperation,
  ) => ReturnType<typeof ajvStandardSchema> | undefined
  /** The members a new record needs that a body did not give: drawn from their schemas. */
  prepare: (ctx: InputContext<AnyRecord>) => AnyRecord
  /** The record's schema node, `_links` left out. */
  stored: unknown
  /** The member that keys records. */
  key: string
  /** Whether the engine's id is hidden beside the key. */
  hiddenId: boolean
  /** The member the description's answers wrap the record in (`category`), if they do. */
  wrapper?: string
  /**
   * Each parent's parameter, bound to the record member that holds it: the relation to its parent
   * (`customer`, `owner_id`), or a hidden member of ours (`_parent_customer`) where it has none.
   */
  parents: Record<string, { field: string }>
}

const readOnlyOf = (properties: Record<string, Json>) =>
  Object.entries(properties)
    .filter(([, p]) => p.readOnly === true)
    .map(([name]) => name)

/** Whether a member is an object, not a scalar that could key a record. */
const holdsObject = (document: Json, member: unknown) =>
  typeOf(flatten(document, member)) === 'object'

/**
 * The key of a record an answer holds in the member named as the item path's parameter (as
 * DigitalOcean answers `{ "reserved_ipv6": { "ip": … } }` at `/reserved_ipv6/{reserved_ipv6}`):
 * the record's one member of the parameter's format (`ipv6`), where the parameter's schema
 * gives one. None where that member is no object.
 */
function heldKey(
  document: Json,
  answered: Record<string, Json>,
  param: string | undefined,
  ops: CollectionOperations,
): string[] {
  const held = param === undefined ? undefined : answered[param]
  const format = isObject(ops.idSchema)
    ? flatten(document, ops.idSchema).format
    : undefined
  if (!held || !holdsObject(document, held) || typeof format !== 'string')
    return []
  const named = Object.entries(
    flatProperties(document, flatten(document, held)),
  ).filter(([, member]) => flatten(document, member).format === format)
  return named.length === 1 ? [named[0]![0]] : []
}

function idKindOf(schema: Json): 'integer' | 'uuid' | 'string' {
  if (typeOf(schema) === 'integer' || typeOf(schema) === 'number')
    return 'integer'
  return schema.format === 'uuid' ? 'uuid' : 'string'
}

/**
 * One collection's declaration: the record from the item's response, inputs from request bodies
 * (server-set and `readOnly` members left to the server), the list's envelope and paging, seeds
 * from examples or generated. Returns why not, when the description gives no record to keep.
 */
export function inferResource(
  document: Json,
  ops: CollectionOperations,
  validator: DescriptionValidator,
  count: number,
  options: InferOptions = {},
): InferredResource | { why: string } {
  const forms = options.forms ?? false
  const notes: string[] = []
  const recordNode =
    (ops.read && successOf(document, ops.read.operation)?.body?.media.schema) ??
    (ops.create &&
      successOf(document, ops.create.operation)?.body?.media.schema)
  let listItems: unknown
  if (!recordNode && ops.list) {
    const probe = inferList(
      document,
      ops.list.operation,
      ops.list.parameters,
      {},
    )
    if ('itemSchema' in probe) listItems = probe.itemSchema
  }
  // A read that answers the record or its deleted stub (Stripe's customer or deleted customer)
  // yields to the create's record.
  const created =
    ops.create && successOf(document, ops.create.operation)?.body?.media.schema
  const variants = (node: unknown) => {
    const flat = resolve(document, node)
    const members = (flat.anyOf ?? flat.oneOf) as unknown[] | undefined
    return (
      Array.isArray(members) &&
      members.some(
        (m) => 'deleted' in flatProperties(document, flatten(document, m)),
      )
    )
  }
  const answered =
    recordNode && created && variants(recordNode) && !variants(created)
      ? created
      : (recordNode ?? listItems)
  if (!answered) return { why: 'no response gives the record schema' }
  const answeredProperties = flatProperties(
    document,
    flatten(document, answered),
  )
  const keys = [
    ...new Set([
      ...(options.keys ?? ['id']).flatMap(keyCandidates),
      ...heldKey(document, answeredProperties, options.keys?.[0], ops),
    ]),
  ]
  // A record the answer wraps in a member of its own (`{ "category": { "id": 1, … } }`); a
  // member named as a key that holds an object is such a wrapper, not the key.
  const wrapper =
    options.singleton ||
    keys.some(
      (k) =>
        k in answeredProperties &&
        !holdsObject(document, answeredProperties[k]),
    )
      ? undefined
      : keys
          .map((k) => wrapperOf(document, answered, k))
          .find((w) => w !== undefined)
  // Or holds it as the one record of an array member (`{ "Items": [ { … } ] }`).
  const inArray =
    wrapper === undefined && !options.singleton
      ? keys
          .map((k) => arrayWrapperOf(document, answered, k))
          .find((w) => w !== undefined)
      : undefined
  const node = wrapper
    ? (flatten(document, answered).properties as Json)[wrapper]
    : inArray
      ? flatten(document, answeredProperties[inArray]).items
      : answered
  const record = flatten(document, node)
  const kind = typeOf(record)
  // Petstore's `GET /user/login` answers a string: there is no record to keep.
  if (kind !== undefined && kind !== 'object')
    return {
      why: `its answer is ${kind === 'array' ? 'an array' : `a ${kind}`}, not a record`,
    }
  const properties = flatProperties(document, record)
  const key = keys.find((k) => properties[k]) ?? 'id'
  if (!properties[key] && !options.singleton)
    return {
      why: `its record has no ${keys.map((k) => `"${k}"`).join(' or ')} member to keep rows by`,
    }
  // A GET on the collection that answers one of its records (a registry's active garbage
  // collection), not a list of them, is no collection to keep.
  const one = ops.list && listRecord(document, ops.list)
  if (
    one &&
    !options.singleton &&
    (key in flatProperties(document, one) ||
      wrapperOf(document, one, key) !== undefined)
  )
    return {
      why: `GET ${ops.path ?? `/${ops.name}`} answers one record, not a list of them`,
    }
  // The engine keeps its own id beside a record keyed by another member (`eventId`), hidden.
  const hiddenId = !properties.id
  const parents: InferredResource['parents'] = {}
  const hiddenParents: string[] = []
  for (const { param, segment, type } of options.parents ?? []) {
    const member = parentMember(param, segment, type, properties)
    const field = member ?? `${PARENT_MEMBER}_${param.replace(/\W/g, '_')}`
    if (!member) hiddenParents.push(field)
    parents[param] = { field }
  }
  const json: Json = {
    ...record,
    properties: {
      ...properties,
      ...(hiddenId && { id: { type: 'integer', readOnly: true } }),
      ...Object.fromEntries(
        hiddenParents.map((field) => [field, { type: 'string' }]),
      ),
    },
  }
  const ignored = [...(hiddenId ? ['id'] : []), ...hiddenParents]
  const readOnly = [
    ...new Set([
      ...SERVER_SET.filter((f) => f in properties),
      ...readOnlyOf(properties),
    ]),
  ]
  // `_links` is the engine's to add: rows are stored, and checked, without it.
  const hasLinks = '_links' in properties
  const links = hasLinks
    ? Object.keys(flatProperties(document, properties._links!)).filter(
        (rel) => rel !== 'self',
      )
    : []
  const stored = hasLinks ? withoutMember(document, node, '_links') : node
  delete properties._links
  // A plain string path parameter (`/events/{identifier}` takes an id or a name) yields to a
  // record whose `id` is a uuid: the ids made must satisfy the record.
  // The record's own id wins over the path parameter's schema (`/user/{username}` is a string,
  // the user's id an integer): the ids made must satisfy the record.
  const idFrom = { schema: properties[key] ?? {}, where: `the record's ${key}` }
  const declaration: AnyResource = {
    schema: ajvStandardSchema(() => validator(stored), {
      json,
      ...(ignored.length > 0 && { ignore: ignored }),
    }),
    // The record's own id wins (`/user/{username}` keys users whose id is an integer).
    id: hiddenId ? 'integer' : idKindOf(properties.id!),
    ...(ignored.length > 0 && { hidden: ignored }),
  }
  const reports: OperationReport[] = []
  const unserved: InferredResource['unserved'] = []
  const report = (
    op: DocOperation,
    servedAs: OperationReport['servedAs'],
    why: string,
    more: string[] = [],
  ) =>
    reports.push({
      method: op.method.toUpperCase(),
      path: op.path,
      ...(typeof op.operation.operationId === 'string' && {
        operationId: op.operation.operationId,
      }),
      servedAs,
      resource: ops.name,
      why,
      notes: more,
    })

  // Records without room for `_links` are served as the description draws them.
  if (
    !hasLinks &&
    (record.additionalProperties === false ||
      record.unevaluatedProperties === false ||
      'links' in properties)
  )
    declaration.links = false
  const states = record['x-hypermock-states']
  if (states && typeof states === 'object')
    declaration.state = stateOf(states as Json)

  // A write's body that is the record in the answers' wrapper alone (`{ "data": { … } }`): the
  // engine reads the record it wraps, so its input is that record's schema.
  const unwrapped = (op: DocOperation) => {
    const schema = wrapper && requestSchemaOf(document, op.operation, forms)
    if (!schema) return undefined
    const body = flatProperties(document, flatten(document, schema))
    const names = Object.keys(body)
    return names.length === 1 && names[0] === wrapper
      ? body[wrapper]
      : undefined
  }
  const inputOf = (op: DocOperation, given?: unknown) => {
    const schema = given ?? requestSchemaOf(document, op.operation, forms)
    if (!schema) return undefined
    const body = flatProperties(document, flatten(document, schema))
    // `version` in a body is the optimistic lock the engine checks (409 on a mismatch); an `id`
    // the body draws and no schema marks readOnly is the client's to choose (Swagger Petstore's
    // `{"id":10,"name":"doggie"}`).
    // A member the answers mark readOnly that the body describes as writable, or that the
    // operation's own example request sends, is the client's to send (Asana's project
    // `workspace`, readOnly in the record, named by the create's body; PagerDuty's team `type`,
    // readOnly in a part its schema shares, sent by its example).
    const example = exampleOf(
      document,
      jsonMedia(resolve(document, op.operation.requestBody).content)?.media,
    )
    const exampleRecord =
      given !== undefined && wrapper && isObject(example)
        ? example[wrapper]
        : example
    const sent = new Set(
      isObject(exampleRecord) ? Object.keys(exampleRecord) : [],
    )
    const serverSet = [...new Set([...readOnly, ...readOnlyOf(body)])].filter(
      (f) =>
        !(
          (f === 'version' || f === 'id' || f === key) &&
          f in body &&
          body[f]!.readOnly !== true &&
          properties[f]?.readOnly !== true
        ) &&
        !(
          !SERVER_SET.includes(f) &&
          f in body &&
          (body[f]!.readOnly !== true || sent.has(f))
        ),
    )
    // A member the body may leave out that the record requires: its default, or null.
    const recordRequired = new Set(
      (record.required as string[] | undefined) ?? [],
    )
    const absent: Record<string, unknown> = {}
    for (const [name, member] of Object.entries(body)) {
      if (serverSet.includes(name)) continue
      if (member.default !== undefined) absent[name] = member.default
      else if (
        recordRequired.has(name) &&
        acceptsNull(properties[name] ?? member)
      )
        absent[name] = null
    }
    const form = requestBodyOf(document, op.operation, forms)?.type
    const rename = renamesOf(Object.keys(body), properties)
    return ajvStandardSchema(() => validator(schema), {
      json: { ...flatten(document, schema), properties: body },
      readOnly: serverSet,
      ...(Object.keys(absent).length > 0 && { absent }),
      ...(rename && { rename }),
      ...(form &&
        FORM_TYPES.includes(form as never) && {
          coerce: formReader(document, schema),
        }),
    })
  }
  // Server-set members the engine does not fill are generated, so answers keep their schema.
  const required = new Set((record.required as string[] | undefined) ?? [])
  // A member the create's answer requires that the record may leave out (Discourse's
  // `draft_sequence`) is drawn and kept as well: a read gives back what the create answered.
  const createAnswer =
    ops.create && successOf(document, ops.create.operation)?.body?.media.schema
  const createWrapper =
    createAnswer === undefined
      ? undefined
      : wrapperOf(document, createAnswer, key)
  const createdRecord: Json =
    createAnswer === undefined
      ? {}
      : flatten(
          document,
          createWrapper === undefined
            ? createAnswer
            : (flatten(document, createAnswer).properties as Json)[
                createWrapper
              ],
        )
  for (const name of (createdRecord.required as string[] | undefined) ?? [])
    if (name in properties) required.add(name)
  const generated = Object.keys(properties).filter(
    (f) =>
      f === (key === 'id' ? undefined : key) ||
      (!SERVER_SET.includes(f) &&
        (properties[f]!.readOnly === true || required.has(f))),
  )
  const prepare = (ctx: InputContext<AnyRecord>) => {
    const out: AnyRecord = {}
    for (const field of generated)
      if (ctx.input[field] === undefined)
        out[field] =
          field === key
            ? newKey(document, properties[key]!, key, ctx.random)
            : sampleValue(document, properties[field], ctx.random, field)
    return out
  }

  const at = ops.path ?? `/${ops.name}`
  if (ops.list) {
    const list = inferList(
      document,
      ops.list.operation,
      ops.list.parameters,
      properties,
    )
    if ('why' in list) {
      declaration.list = { envelope: 'array' }
      report(ops.list, 'list', `GET ${at}: ${list.why}; served as a bare array`)
    } else {
      declaration.list = list.list
      declaration.filters = list.filters
      declaration.sort = list.sort
      report(ops.list, 'list', `path ${at} is a collection`, list.notes)
    }
  }
  if (ops.create) {
    // A create documented with no body takes none: the record is drawn from its schema.
    const input = ops.create.operation.requestBody
      ? inputOf(ops.create, unwrapped(ops.create))
      : noBody(validator)
    const status = successOf(document, ops.create.operation)?.status ?? 201
    declaration.create = {
      ...(input && { input }),
      // An API that creates by PUT on the collection (and has no POST there).
      ...(ops.create.method === 'put' && { method: 'PUT' as const }),
      prepare,
      // An id the client chose names no other row.
      check: (ctx) =>
        ctx.input.id !== undefined &&
        ctx.data.table(ops.name).get(ctx.input.id as never)
          ? [
              {
                field: 'id',
                pointer: '#/id',
                message: `is taken: ${String(ctx.input.id)} names another row; leave it out or choose another`,
              },
            ]
          : [],
    }
    if (!input) {
      declaration.create = false
      unserved.push({ op: ops.create, why: bodyWhy(document, ops.create) })
    }
    // The success the operation lists: a create documented as 202 Accepted answers 202.
    const created = status === 200 || status === 202 ? status : 201
    if (created !== 201)
      declaration.status = { ...declaration.status, create: created }
    if (input)
      report(
        ops.create,
        'create',
        `${ops.create.method.toUpperCase()} on the collection ${at}`,
        [
          `${created}; the body is validated by its schema${readOnly.length > 0 ? `; ${readOnly.join(', ')} set by the server` : ''}`,
        ],
      )
  } else declaration.create = false
  if (ops.read)
    report(ops.read, 'read', `path ${at}/{${paramName(ops.read)}} is an item`, [
      `${declaration.id} ids, from ${idFrom.where}${declaration.links === false ? '; no _links (the schema has no room for them)' : ''}`,
    ])
  if (ops.replace) {
    const input = inputOf(ops.replace, unwrapped(ops.replace))
    const body = requestSchemaOf(document, ops.replace.operation, forms)
    const carried = Object.keys(
      flatProperties(document, flatten(document, body)),
    )
    // What the body cannot carry stays as stored, so the record keeps its schema.
    const keep = Object.keys(properties).filter((f) => !carried.includes(f))
    declaration.replace = input ? { input, keep } : false
    const replaced = successOf(document, ops.replace.operation)?.status
    if (replaced === 201 || replaced === 202)
      declaration.status = { ...declaration.status, replace: replaced }
    if (!input)
      unserved.push({ op: ops.replace, why: bodyWhy(document, ops.replace) })
    if (input)
      report(ops.replace, 'replace', `PUT on the item ${at}/{id}`, [
        'the body is validated by its schema; If-Match gives 412',
      ])
  } else declaration.replace = false
  // A PATCH whose body is a merge patch (or plain JSON, as many describe one) is served as a merge,
  // taking each of those media types the description lists; a JSON Patch where it lists one.
  const patchContent = ops.patch
    ? resolve(document, ops.patch.operation.requestBody)?.content
    : undefined
  const patchTypes = PATCH_TYPES.filter(
    (t) => isObject(patchContent) && Object.hasOwn(patchContent, t),
  )
  // A PATCH with no PUT beside it checks the merged record by its own body's schema.
  const patchInput =
    ops.patch && !declaration.replace && patchTypes.length > 0
      ? inputOf(ops.patch, unwrapped(ops.patch))
      : undefined
  if (patchInput) declaration.replace = { input: patchInput, put: false }
  if (ops.patch && declaration.replace && patchTypes.length > 0) {
    declaration.patch =
      patchTypes.length === 1 && patchTypes[0] === MERGE_PATCH
        ? true
        : { accepts: patchTypes }
    report(ops.patch, 'merge patch', `PATCH on the item ${at}/{id}`, [
      `served as ${patchTypes
        .map((t) =>
          t === 'application/json-patch+json'
            ? 'a JSON Patch (application/json-patch+json, RFC 6902)'
            : `a JSON Merge Patch (${t})`,
        )
        .join(' or ')}; the patched record is checked as a replace body`,
    ])
  }
  if (ops.delete) {
    const status = successOf(document, ops.delete.operation)?.status
    const deleted = status === 200 || status === 202 ? status : 204
    if (deleted !== 204)
      declaration.status = { ...declaration.status, delete: deleted }
    report(ops.delete, 'delete', `DELETE on the item ${at}/{id}`, [
      `${deleted}; If-Match gives 412`,
    ])
  } else declaration.delete = false

  declaration.seed = seedOf(
    document,
    ops,
    stored,
    properties,
    count,
    notes,
    (row) => {
      const { id: _id, ...rest } = row as AnyRecord
      return validator(stored)(hiddenId ? rest : row)
    },
    key,
  )
  return {
    declaration,
    reports,
    record: properties,
    links,
    notes,
    unserved,
    inputOf,
    prepare,
    stored,
    key,
    hiddenId,
    ...(wrapper && { wrapper }),
    parents,
  }
}

const singularWord = (word: string) =>
  word.replace(/ies$/, 'y').replace(/(s|es)$/, '')

/**
 * The record's scalar member that names a parent: the parameter's own name (`owner`), its stem
 * (`customer` of `customer_id`), or the parent's word (`repo`, `repo_id`, `repoId` below `repos`),
 * of the parameter's own type (a string `{org}` is no integer `organization_id`).
 */
function parentMember(
  param: string,
  segment: string | undefined,
  type: string | undefined,
  properties: Record<string, Json>,
) {
  const stem = param.replace(/(_id|Id|_ID)$/, '')
  const word = segment ? singularWord(segment) : stem
  const numeric = (t: string | undefined) => t === 'integer' || t === 'number'
  return [param, stem, word, `${word}_id`, `${word}Id`].find((c) => {
    const member = properties[c] && typeOf(properties[c])
    if (!member || !['string', 'integer', 'number'].includes(member))
      return false
    return type === undefined || numeric(type) === numeric(member)
  })
}

/** States and transitions a description states itself (`x-hypermock-states`, as hypermock writes). */
function stateOf(states: Json): NonNullable<AnyResource['state']> {
  return {
    field: states.field,
    initial: states.initial,
    transitions: states.transitions,
    ...(Array.isArray(states.replaceIn) && { replaceIn: states.replaceIn }),
    ...(Array.isArray(states.deleteIn) && { deleteIn: states.deleteIn }),
  } as NonNullable<AnyResource['state']>
}

function paramName(op: DocOperation) {
  return /\{([^}]+)\}$/.exec(op.path)?.[1] ?? 'id'
}

/** Seed rows: the list's example where it has one, else `count` rows generated from the schema. */
function seedOf(
  document: Json,
  ops: CollectionOperations,
  node: unknown,
  properties: Record<string, Json>,
  count: number,
  notes: string[],
  valid: (row: unknown) => boolean,
  key: string,
): NonNullable<AnyResource['seed']> {
  const success = ops.list && successOf(document, ops.list.operation)
  const example = exampleOf(document, success?.body?.media)
  const rows = Array.isArray(example)
    ? example
    : example && typeof example === 'object'
      ? Object.values(example).find(Array.isArray)
      : undefined
  // An example that repeats a row (DigitalOcean's images) keeps its first: keys name one row.
  const exampleRows = () => {
    const seen = new Set<string>()
    return ((rows ?? []).filter(valid) as AnyRecord[]).filter((row) => {
      const names = [`id ${String(row.id)}`, `${key} ${String(row[key])}`]
      if (names.some((name) => seen.has(name))) return false
      for (const name of names) if (!name.endsWith(' undefined')) seen.add(name)
      return true
    })
  }
  notes.push(
    rows && rows.length > 0
      ? `${ops.name}: seed rows from the list's example (${rows.length}), each checked against the record schema and left out if it does not match; generated from the schema if none does`
      : `${ops.name}: up to ${count} seed rows generated from the schema, each checked against it`,
  )
  // The key's own example (Petstore's `id: 10`, what Swagger UI's "Try it out" sends) is left
  // free, so the description's example request creates its record instead of meeting a seed row.
  const reserved = properties[key]?.example
  // What the engine fills in a seed row, so a generated row is checked as it will be stored.
  const filled = (row: AnyRecord): AnyRecord => {
    const out: AnyRecord = { ...row }
    const id = properties.id && typeOf(properties.id)
    out.id =
      id === 'integer' || id === 'number'
        ? 1
        : properties.id?.format === 'uuid'
          ? '00000000-0000-4000-8000-000000000000'
          : 'a08ff49b6f77'
    if ('createdAt' in properties) out.createdAt = '2026-01-05T09:00:00.000Z'
    if ('updatedAt' in properties) out.updatedAt = '2026-01-05T09:00:00.000Z'
    if ('version' in properties) out.version = 1
    for (const [field, p] of Object.entries(properties))
      if (out[field] === undefined && acceptsNull(p)) out[field] = null
    return out
  }
  const generate = (random: () => number) => {
    const row = sampleValue(document, node, random) as AnyRecord
    for (const [field, p] of Object.entries(properties))
      if (
        (row[field] === undefined ||
          (field === key && row[field] === reserved)) &&
        (p.readOnly === true || (field === key && key !== 'id')) &&
        field !== 'id'
      )
        // A key is drawn, never its example: every seed user would be Petstore's `theUser`.
        row[field] = sampleValue(
          document,
          field === key ? { ...p, example: undefined, examples: undefined } : p,
          random,
          field,
        )
    // The engine fills these: ids in order, version 1, fixed timestamps.
    for (const field of SERVER_SET) delete row[field]
    return row
  }
  // A row that misses a rule the generator cannot see is drawn again, then left out: the seed
  // never fails on data hypermock made up. So the rows can wait for the table's first read, and
  // a large description starts without compiling every record schema's validator.
  return seedDrawnOnFirstRead((ctx) => {
    const fromExample = exampleRows()
    if (fromExample.length > 0) return fromExample
    const drawn: AnyRecord[] = []
    // A key names one row: a drawn key that repeats (two users named alike) is drawn again.
    const keys = new Set<string>()
    for (let i = 0; i < count; i++)
      for (let attempt = 0; attempt < 6; attempt++) {
        const row = generate(ctx.random)
        if (
          !valid(filled(row)) ||
          (reserved !== undefined && row[key] === reserved) ||
          (key !== 'id' && keys.has(String(row[key])))
        )
          continue
        if (key !== 'id') keys.add(String(row[key]))
        drawn.push(row)
        break
      }
    if (key === 'id' && typeof reserved === 'number') {
      let next = 1
      for (const row of drawn) {
        if (next === reserved) next++
        row.id = next++
      }
    }
    return drawn
  })
}

/** Whether a (flattened) member takes null: `type: [.., 'null']`, `nullable`, or a null branch. */
function acceptsNull(schema: Json): boolean {
  if (schema.type === 'null') return true
  if (Array.isArray(schema.type)) return schema.type.includes('null')
  if (schema.nullable === true) return true
  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  return (
    Array.isArray(members) && members.some((m) => isObject(m) && acceptsNull(m))
  )
}

/** Why a write has no input hypermock validates: its body is not JSON, or it has none. */
function bodyWhy(document: Json, op: DocOperation) {
  const body = resolve(document, op.operation.requestBody)
  const types = isObject(body.content) ? Object.keys(body.content) : []
  return types.length > 0
    ? `its request body is ${types.join(' or ')}, not JSON: the engine reads JSON bodies only`
    : 'it has no request body to validate'
}

/**
 * Body members the record names in another case (Twilio's form `FriendlyName` is the record's
 * `friendly_name`): each by the record's one member of that name, case and `_` aside, where the
 * record has none of the body's own spelling.
 */
function renamesOf(
  body: readonly string[],
  properties: Record<string, Json>,
): Record<string, string> | undefined {
  const folded = (name: string) => name.replace(/[_-]/g, '').toLowerCase()
  const byFolded = new Map<string, string[]>()
  for (const name of Object.keys(properties))
    byFolded.set(folded(name), [...(byFolded.get(folded(name)) ?? []), name])
  const out: Record<string, string> = {}
  for (const name of body) {
    if (name in properties) continue
    const matches = byFolded.get(folded(name))
    if (matches?.length === 1 && !body.includes(matches[0]!))
      out[name] = matches[0]!
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/**
 * A created record's key where the key is not `id`: drawn from its schema where that constrains
 * it (a pattern, a format, an enum), never from its example (every create would name the
 * example's row); a plain string is the engine's own 12 random hex digits, so keys do not repeat.
 */
function newKey(
  document: Json,
  member: Json,
  name: string,
  random: () => number,
): unknown {
  const plain =
    typeOf(member) === 'string' &&
    member.pattern === undefined &&
    member.format === undefined &&
    member.enum === undefined &&
    member.const === undefined &&
    (typeof member.minLength !== 'number' || member.minLength <= 12) &&
    (typeof member.maxLength !== 'number' || member.maxLength >= 12)
  if (plain) return newId('string', 0, random)
  return sampleValue(
    document,
    { ...member, example: undefined, examples: undefined },
    random,
    name,
  )
}

/** The list operation's success schema where it is an object with no array member, else undefined. */
function listRecord(document: Json, op: DocOperation): Json | undefined {
  const schema = successOf(document, op.operation)?.body?.media.schema
  if (schema === undefined) return undefined
  const flat = flatten(document, schema)
  if (typeOf(flat) !== 'object' && typeOf(flat) !== undefined) return undefined
  const members = Object.values(flatProperties(document, flat))
  if (members.length === 0 || members.some((m) => typeOf(m) === 'array'))
    return undefined
  return flat
}
