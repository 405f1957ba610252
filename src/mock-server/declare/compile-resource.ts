import type { PatchMediaType } from './dialect-auth.ts'
import type { CollectionFields, FieldSpec } from '../collections/query.ts'
import { listShape, type ListShape } from '../collections/list-shape.ts'
import {
  compileDialect,
  type BodyMediaType,
  type DeletedAnswer,
  type Dialect,
  type ItemEnvelope,
} from './dialect.ts'
import { asZodObject, jsonSchemaOf, type JsonSchema } from './schema-tools.ts'
import type {
  AnyRecord,
  AnyResource,
  CreateDeclaration,
  DataAccess,
  Id,
  OwnerKey,
  ReplaceDeclaration,
  Schema,
  Transition,
  UpsertDeclaration,
} from './types.ts'
import { singularOf } from './singular-of.ts'
import {
  OWN_ID,
  recordOfRow,
  type IpFormat,
  type OwnIdKeeping,
} from './new-id.ts'

/** Fields the engine sets: never taken from a body. */
export const SERVER_FIELDS = ['id', 'createdAt', 'updatedAt', 'version']

export interface CompiledTransition {
  name: string
  path: string
  from: readonly unknown[]
  to: unknown
  title: string | undefined
  input: Schema | undefined
  strictKey: boolean
  declaration: Transition<AnyRecord, unknown>
}

export interface CompiledRelation {
  name: string
  field: string
  to: string
  nested: string | undefined
  onDelete: 'refuse' | 'cascade'
}

/** A collection below an item of this resource. */
export interface CompiledNested {
  name: string
  of: string
  title: string | undefined
  where(row: AnyRecord, parent: AnyRecord): boolean
}

/** A parameter of a nested collection's path, and the record member that holds it. */
export interface CompiledParent {
  param: string
  field: string
  /** The resource whose record it names, where a missing one answers 404. */
  to: string | undefined
  /** The member holds a number: the path's digits are stored as one. */
  numeric: boolean
}

/** One resource, as the engine serves it: everything its declaration implies, worked out once. */
export interface CompiledResource {
  name: string
  /**
   * The collection's path under the base (`/books`, `/checkout/sessions`), its parents'
   * parameters in braces (`/customers/{customer}/sources`).
   */
  path: string
  /** The same path as a route spells it (`/customers/:customer/sources`). */
  route: string
  /** Each parameter of the path, bound to a member of the record (none where it has none). */
  parents: CompiledParent[]
  title: string
  singular: string
  description: string | undefined
  idKind: 'integer' | 'uuid' | 'string'
  /**
   * How the API names a record: the member that carries the stored id (`id`, `gid`, `username`;
   * any other keeps `id` hidden beside it), the item path's parameter, and the prefix of new keys.
   */
  key: {
    member: string
    param: string
    prefix: string | undefined
    /** New keys are IP addresses of this version. */
    format?: IpFormat | undefined
  }
  /**
   * Where the key is another member and the record declares an `id` of its own: the kind of id
   * drawn when a create gives none. The row keeps it at `OWN_ID`.
   */
  ownId: OwnIdKeeping
  /** How one record's body is wrapped: bare, in a member (`{ data }`), or in an array. */
  item: ItemEnvelope
  schema: Schema<AnyRecord>
  /** The record's JSON Schema (the description's, and where field types come from). */
  json: JsonSchema
  fields: string[]
  hidden: ReadonlySet<string>
  filters: CollectionFields
  sortable: readonly string[]
  has: { version: boolean; createdAt: boolean; updatedAt: boolean }
  state:
    | {
        field: string
        initial: unknown
        transitions: CompiledTransition[]
        replaceIn: readonly unknown[] | undefined
        deleteIn: readonly unknown[] | undefined
      }
    | undefined
  relations: CompiledRelation[]
  /** Filled by the API: nested collections from its own declaration and others' relations. */
  nested: CompiledNested[]
  create:
    | { input: Schema | undefined; declaration: CreateDeclaration<AnyRecord> }
    | undefined
  replace:
    | { input: Schema | undefined; declaration: ReplaceDeclaration<AnyRecord> }
    | undefined
  /** One record at the resource's path: read and updated with no key, never listed or created. */
  singleton: boolean
  /** Whether records have items of their own at `{path}/{key}` (`items: false`: none). */
  items: boolean
  /** `PUT` on an item: a replace with a route of its own (else `replace` only checks a `PATCH`). */
  put: boolean
  /** A `PUT` on an absent item creates it (`replace.upsert`), with these hooks. */
  upsert: UpsertDeclaration<AnyRecord> | undefined
  /** `PATCH` with a JSON Merge Patch, checked as a replace. */
  patch: boolean
  /** The media types that `PATCH` takes. */
  patchTypes: readonly PatchMediaType[]
  /** The method an update comes with: `PATCH`, or `POST` on the item. */
  patchMethod: 'PATCH' | 'POST'
  /** The collection's method that creates. */
  createMethod: 'POST' | 'PUT'
  /** The media types a write's body may come in (a form's strings are read by the body's types). */
  bodies: readonly BodyMediaType[]
  /** What a delete answers with instead of 204 (some of the record's members and fixed ones). */
  deleted: DeletedAnswer | undefined
  delete: boolean
  /** The list's envelope and paging parameters. */
  /** Whether `GET` on the collection lists its records (`list: false`: none). */
  listed: boolean
  list: ListShape
  /** Every field a list could filter on, by its type (`filters` picks some). */
  scalarFields: CollectionFields
  /** Success statuses of create, replace, a replace that creates (upsert) and delete. */
  status: {
    read: 200 | 204
    create: 200 | 201 | 202
    replace: 200 | 201 | 202 | 204
    upsert: 200 | 201 | 202 | 204
    delete: 200 | 202 | 204
  }
  /** The owner keys of a row; `null` when the resource has no owner (everybody sees it). */
  owners: ((row: AnyRecord, data: DataAccess) => OwnerKey[]) | null
  ownerField: string | undefined
  declaration: AnyResource
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Field types for filters, from the record's JSON Schema: numbers, strings, enums, dates, timestamps. */
function fieldSpec(property: JsonSchema): FieldSpec | null {
  let nullable = false
  let schema = property
  const variants = (property.anyOf ?? property.oneOf) as
    | JsonSchema[]
    | undefined
  if (Array.isArray(variants)) {
    const rest = variants.filter((v) => v.type !== 'null')
    nullable = rest.length < variants.length
    if (rest.length !== 1) return null
    schema = rest[0]!
  }
  let type = schema.type
  if (Array.isArray(type)) {
    nullable = nullable || type.includes('null')
    const rest = type.filter((t) => t !== 'null')
    if (rest.length !== 1) return null
    type = rest[0]
  }
  const spec = (t: FieldSpec['type']): FieldSpec =>
    nullable ? { type: t, nullable } : { type: t }
  if (
    Array.isArray(schema.enum) &&
    schema.enum.every((v) => typeof v === 'string')
  )
    return spec(schema.enum as string[])
  if (typeof schema.const === 'string') return spec([schema.const])
  if (type === 'integer') return spec('integer')
  if (type === 'number') return spec('number')
  if (type === 'string')
    return spec(
      schema.format === 'date-time'
        ? 'timestamp'
        : schema.format === 'date'
          ? 'date'
          : 'string',
    )
  return null
}

function derivedInput(
  schema: Schema,
  omit: readonly string[],
  optional: readonly string[],
): Schema | undefined {
  const zod = asZodObject(schema)
  if (!zod) return undefined
  const mask = Object.fromEntries(
    omit.filter((f) => f in zod.shape).map((f) => [f, true as const]),
  )
  let input = zod.omit(mask)
  const loose = optional.filter((f) => f in zod.shape && !(f in mask))
  if (loose.length > 0)
    input = input.partial(Object.fromEntries(loose.map((f) => [f, true])))
  return input.strict() as unknown as Schema
}

function pickInput(
  option: unknown,
  fallback: () => Schema | undefined,
): { input: Schema | undefined; declaration: AnyRecord } | undefined {
  if (option === false) return undefined
  if (
    option !== undefined &&
    option !== null &&
    typeof option === 'object' &&
    '~standard' in option
  )
    return { input: option as Schema, declaration: {} }
  const declaration = (option ?? {}) as { input?: Schema }
  return { input: declaration.input ?? fallback(), declaration }
}

/** Works out what one declared resource serves; the declaration was checked beforehand. */
/** What an owner value names: a key (a number or a string), or a list of them; anything else no one. */
const isOwnerKey = (value: unknown): value is OwnerKey =>
  typeof value === 'number' || typeof value === 'string'

/** Whether an owner value names one of `owns`, by the rule of `owners`, without a list built. */
export function namesOneOf(value: unknown, owns: readonly OwnerKey[]) {
  return Array.isArray(value)
    ? value.some((key) => isOwnerKey(key) && owns.includes(key))
    : isOwnerKey(value) && owns.includes(value)
}

export function compileResource(
  name: string,
  declaration: AnyResource,
  apiDialect?: Dialect,
): CompiledResource {
  const dialect = compileDialect(apiDialect, declaration.dialect)
  const { member, param } = dialect.keys
  // The resource's own choice first, then its `id`, then the API's.
  const generate =
    declaration.dialect?.keys?.generate ??
    declaration.id ??
    apiDialect?.keys?.generate ??
    'integer'
  const declared = declaration.schema as Schema<AnyRecord>
  const json = jsonSchemaOf(declared)
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const fields = Object.keys(properties)
  // A record keyed by another member that declares an `id` of its own keeps that id as an
  // ordinary member: the store's id holds the key, and the record's own id is kept beside it.
  // An `id` the declaration hides is the stored one, not the record's.
  const ownId: OwnIdKeeping =
    member !== 'id' &&
    fields.includes('id') &&
    !(declaration.hidden as readonly string[] | undefined)?.includes('id')
      ? { kind: ownIdKind(properties.id!) }
      : undefined
  // A record keyed by another member keeps the stored id beside it, out of its schema's sight.
  const schema =
    member === 'id'
      ? declared
      : ownId
        ? withOwnId(declared)
        : withStoredId(declared)
  const hidden = new Set<string>(declaration.hidden ?? [])
  if (member !== 'id') hidden.add('id')
  if (ownId) hidden.add(OWN_ID)
  const stateField = declaration.state?.field as string | undefined
  const ownerField =
    typeof declaration.owner === 'string' ? declaration.owner : undefined

  const scalar: CollectionFields = {}
  for (const field of fields) {
    if (field === 'id' || hidden.has(field)) continue
    const spec = fieldSpec(properties[field]!)
    if (spec) scalar[field] = spec
  }
  const pick = (names: readonly string[]) =>
    Object.fromEntries(
      names.map((n) => [n, scalar[n] ?? { type: 'string' as const }]),
    )
  const filters = declaration.filters
    ? pick(declaration.filters as string[])
    : scalar
  const sortable =
    (declaration.sort as string[] | undefined) ?? Object.keys(filters)

  const parents = Object.entries(declaration.parents ?? {}).map(
    ([param, p]): CompiledParent => {
      const { field, to } = p as { field: string; to?: string }
      const type = properties[field]?.type
      const types = Array.isArray(type) ? type : [type]
      return {
        param,
        field,
        to,
        numeric: types.includes('integer') || types.includes('number'),
      }
    },
  )
  // A parent's member comes from the path, never from a body.
  // A record's own `id` beside another key is the caller's to give, as any member is.
  const serverSet = [
    ...SERVER_FIELDS,
    ...(stateField ? [stateField] : []),
    ...hidden,
    ...parents.map((p) => p.field),
  ].filter((field) => !(ownId && field === 'id'))
  // A key of the API's own naming may come in a body (a username); the server makes it otherwise.
  // So may a record's own id beside it: given, it is kept; left out, the server draws one.
  const ownKey = member !== 'id' ? [member, ...(ownId ? ['id'] : [])] : []
  const singleton = declaration.singleton === true
  // A collection with no items is never read, replaced, patched or deleted one by one.
  const items = declaration.items !== false
  // A singleton is never created or deleted: it is there, or its path answers 404.
  const create = pickInput(singleton ? false : declaration.create, () =>
    derivedInput(declared, serverSet, [
      ...(ownerField ? [ownerField] : []),
      ...ownKey,
    ]),
  )
  const patchDeclared =
    declaration.patch === true || typeof declaration.patch === 'object'
  // A PATCH with no PUT still checks the merged record as the replace body the schema implies.
  const put =
    declaration.replace !== false &&
    (declaration.replace as { put?: unknown } | undefined)?.put !== false
  // A PUT on the collection that replaces the record its body names needs the replace too.
  const byBody =
    (declaration.replace as { collection?: unknown } | undefined)
      ?.collection === true
  const replace = pickInput(
    !items
      ? false
      : put
        ? declaration.replace
        : patchDeclared || byBody
          ? declaration.replace || undefined
          : false,
    () =>
      derivedInput(
        declared,
        serverSet.filter((f) => f !== 'version'),
        ['version', ...(ownerField ? [ownerField] : []), ...ownKey],
      ),
  )

  const owner = declaration.owner as
    | string
    | ((row: AnyRecord, data: DataAccess) => unknown)
    | undefined
  const owners =
    owner === undefined
      ? null
      : (row: AnyRecord, data: DataAccess): OwnerKey[] => {
          const value =
            typeof owner === 'string' ? row[owner] : owner(row, data)
          return Array.isArray(value)
            ? value.filter(isOwnerKey)
            : isOwnerKey(value)
              ? [value]
              : []
        }

  const state = declaration.state
  return {
    name,
    path: declaration.path ?? `/${name}`,
    route: (declaration.path ?? `/${name}`).replace(/\{(\w+)\}/g, ':$1'),
    parents,
    title: declaration.title ?? capitalise(name),
    singular: declaration.singular ?? singularOf(name),
    description: declaration.description,
    idKind:
      typeof generate === 'object' || generate === 'ipv4' || generate === 'ipv6'
        ? 'string'
        : generate,
    key: {
      member,
      param,
      prefix: typeof generate === 'object' ? generate.prefix : undefined,
      ...((generate === 'ipv4' || generate === 'ipv6') && { format: generate }),
    },
    ownId,
    item: dialect.item,
    schema,
    json,
    fields,
    hidden,
    filters,
    scalarFields: scalar,
    sortable,
    has: {
      version: fields.includes('version'),
      createdAt: fields.includes('createdAt'),
      updatedAt: fields.includes('updatedAt'),
    },
    state: state && {
      field: state.field as string,
      initial: state.initial,
      transitions: Object.entries(
        state.transitions as Record<string, Transition<AnyRecord, unknown>>,
      ).map(([action, t]) => ({
        name: action,
        path: t.path ?? action,
        from: t.from,
        to: t.to,
        title: t.title,
        input: t.input,
        strictKey: t.strictKey ?? false,
        declaration: t,
      })),
      replaceIn: state.replaceIn,
      deleteIn: state.deleteIn,
    },
    relations: Object.entries(declaration.relations ?? {}).map(
      ([relation, r]) => {
        const rel = r as {
          field: string
          to: string
          nested?: string
          onDelete?: 'refuse' | 'cascade'
        }
        return {
          name: relation,
          field: rel.field,
          to: rel.to,
          nested: rel.nested,
          onDelete: rel.onDelete ?? 'refuse',
        }
      },
    ),
    nested: Object.entries(declaration.collections ?? {}).map(([nested, c]) => {
      const col = c as {
        of: string
        title?: string
        where(row: AnyRecord, parent: AnyRecord): boolean
      }
      return { name: nested, of: col.of, title: col.title, where: col.where }
    }),
    singleton,
    items,
    create: create as CompiledResource['create'],
    replace: replace as CompiledResource['replace'],
    put: put && replace !== undefined,
    upsert: put && replace !== undefined ? upsertOf(declaration) : undefined,
    patch: patchDeclared && replace !== undefined,
    patchTypes: (typeof declaration.patch === 'object' &&
      declaration.patch.accepts) || ['application/merge-patch+json'],
    patchMethod:
      (typeof declaration.patch === 'object' && declaration.patch.method) ||
      'PATCH',
    createMethod:
      (typeof declaration.create === 'object' &&
        'method' in declaration.create &&
        declaration.create.method) ||
      'POST',
    bodies: dialect.bodies,
    deleted: dialect.deleted,
    delete: !singleton && items && (declaration.delete ?? true),
    listed: declaration.list !== false,
    list: listShape(
      !declaration.list && Object.keys(dialect.list).length === 0
        ? undefined
        : { ...dialect.list, ...(declaration.list || {}) },
    ),
    status: {
      read: declaration.status?.read ?? 200,
      create: declaration.status?.create ?? 201,
      replace: declaration.status?.replace ?? 200,
      upsert: declaration.status?.upsert ?? 201,
      delete: declaration.status?.delete ?? (dialect.deleted ? 200 : 204),
    },
    owners,
    ownerField,
    declaration,
  }
}

/** The kind of a record's own id, from its schema: integers, UUIDs, or short strings. */
function ownIdKind(schema: JsonSchema): 'integer' | 'uuid' | 'string' {
  const type = schema.type
  const types = Array.isArray(type) ? type : [type]
  if (types.includes('integer') || types.includes('number')) return 'integer'
  return schema.format === 'uuid' ? 'uuid' : 'string'
}

/**
 * A record's schema that checks a row keeping the record's own id beside its key: the record as
 * it is shown (its own id at `id`) is checked, and the row keeps its key and own id.
 */
function withOwnId(schema: Schema<AnyRecord>): Schema<AnyRecord> {
  const standard = schema['~standard']
  return {
    '~standard': {
      ...standard,
      validate(value) {
        if (typeof value !== 'object' || value === null)
          return standard.validate(value)
        const row = value as AnyRecord
        const result = standard.validate(recordOfRow(row, { kind: 'string' }))
        const asRow = (r: typeof result) => {
          if (!('value' in r) || r.value === undefined || r.issues) return r
          const { id: own, ...rest } = r.value as AnyRecord
          return {
            value: {
              ...rest,
              id: row.id,
              ...(own !== undefined && { [OWN_ID]: own }),
            },
          }
        }
        return result instanceof Promise ? result.then(asRow) : asRow(result)
      },
    },
  } as Schema<AnyRecord>
}

/** A record's schema that lets the stored id pass beside the members it declares. */
function withStoredId(schema: Schema<AnyRecord>): Schema<AnyRecord> {
  const standard = schema['~standard']
  return {
    '~standard': {
      ...standard,
      validate(value) {
        if (typeof value !== 'object' || value === null || !('id' in value))
          return standard.validate(value)
        const { id, ...rest } = value as AnyRecord
        const result = standard.validate(rest)
        const withId = (r: typeof result) =>
          'value' in r && r.value !== undefined && !r.issues
            ? { value: { ...r.value, id } }
            : r
        return result instanceof Promise ? result.then(withId) : withId(result)
      },
    },
  } as Schema<AnyRecord>
}

/** The actions a record's state offers now. */
export function allowedActions(resource: CompiledResource, row: AnyRecord) {
  const state = resource.state
  if (!state) return []
  const current = row[state.field]
  return state.transitions
    .filter((t) => t.from.includes(current))
    .map((t) => t.name)
}

export type { Id }

/**
 * A collection's path with its parents' parameters filled from a row of it
 * (`/customers/{customer}/sources` → `/customers/cus_1/sources`); a parameter the row does not
 * hold stays in braces.
 */
export function pathOf(resource: CompiledResource, row?: AnyRecord): string {
  if (resource.parents.length === 0) return resource.path
  return resource.path.replace(/\{(\w+)\}/g, (whole, param: string) => {
    const field = resource.parents.find((p) => p.param === param)?.field
    const value = field === undefined ? undefined : row?.[field]
    return value === undefined || value === null
      ? whole
      : encodeURIComponent(String(value))
  })
}

/** The members a nested collection's row takes from the path's parameters. */
export function parentValues(
  resource: CompiledResource,
  params: Record<string, string>,
): AnyRecord {
  const values: AnyRecord = {}
  for (const parent of resource.parents) {
    const raw = params[parent.param]
    if (raw === undefined) continue
    let value: string
    try {
      value = decodeURIComponent(raw)
    } catch {
      value = raw
    }
    values[parent.field] =
      parent.numeric && /^-?\d{1,15}$/.test(value) ? Number(value) : value
  }
  return values
}

/** Whether a row lives under the parents the path names. */
export function underParents(
  resource: CompiledResource,
  row: AnyRecord,
  values: AnyRecord,
): boolean {
  return resource.parents.every(
    (p) => String(row[p.field]) === String(values[p.field]),
  )
}

/** The hooks of a `PUT` that creates an absent item, where `replace.upsert` asks for one. */
function upsertOf(
  declaration: AnyResource,
): UpsertDeclaration<AnyRecord> | undefined {
  const replace = declaration.replace
  if (!replace || typeof replace !== 'object' || '~standard' in replace)
    return undefined
  const upsert = (replace as { upsert?: unknown }).upsert
  if (upsert === true) return {}
  return typeof upsert === 'object' && upsert !== null
    ? (upsert as UpsertDeclaration<AnyRecord>)
    : undefined
}
