import { isObject } from '../common/is-object.ts'
/** A JSON Schema or an OpenAPI object, read as plain JSON. */
export type Json = Record<string, unknown>

/**
 * Members whose values are data, not description: a `$ref` inside them is a member of an example
 * (GitHub's SCIM examples carry `"$ref": "https://api.github.com/…"`), never a reference.
 */
export const DATA = new Set(['example', 'default', 'const', 'enum'])

/** Members whose keys are names (a property called `default` is a schema, not a default). */
export const NAMES = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
])

/** Each document's `$ref`s as read once: Stripe's seed rows follow the same ones thousands of times. */
const followed = new WeakMap<Json, Map<string, unknown>>()

/** Reads a local `$ref` (`#/components/schemas/Pet`) in the document. */
export function follow(document: Json, ref: string): unknown {
  // Path items are written out in place while a description is read: never kept.
  if (ref.startsWith('#/paths/')) return walk(document, ref)
  let known = followed.get(document)
  if (!known) followed.set(document, (known = new Map()))
  if (known.has(ref)) return known.get(ref)
  const node = walk(document, ref)
  known.set(ref, node)
  return node
}

function walk(document: Json, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = document
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw)
      .replaceAll('~1', '/')
      .replaceAll('~0', '~')
    if (!isObject(node) && !Array.isArray(node)) return undefined
    node = (node as Json)[key]
  }
  return node
}

/** The object a node stands for, its local `$ref`s followed (at most 32 deep, for cycles). */
export function resolve(document: Json, node: unknown): Json {
  let current = node
  for (let depth = 0; depth < 32; depth++) {
    if (!isObject(current)) return {}
    const ref = current.$ref
    if (typeof ref !== 'string') return current
    current = follow(document, ref)
  }
  return {}
}

/**
 * A schema as one object: references followed and `allOf` members merged (properties, required),
 * so the importer can read its fields. Validation still uses the original schema.
 */
export function flatten(
  document: Json,
  node: unknown,
  depth = 0,
  /** Variants (`oneOf`, `anyOf`) read as one object; a generator picks one instead. */
  variantsMerged = true,
): Json {
  const schema = resolve(document, node)
  if (depth > 16) return schema
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined
  if (variantsMerged && !Array.isArray(schema.allOf) && Array.isArray(variants))
    return mergeVariants(document, schema, variants, depth)
  if (!Array.isArray(schema.allOf)) return schema
  const { allOf, ...rest } = schema
  const out: Json = { ...rest }
  const properties: Json = { ...(rest.properties as Json | undefined) }
  const required = new Set<string>(
    (rest.required as string[] | undefined) ?? [],
  )
  for (const member of allOf as unknown[]) {
    const part = flatten(document, member, depth + 1, variantsMerged)
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties')
        for (const [name, p] of Object.entries(value as Json)) {
          const before = properties[name]
          properties[name] = before === undefined ? p : { allOf: [before, p] }
        }
      else if (key === 'items' && out.items !== undefined)
        out.items = { allOf: [out.items, value] }
      else if (key === 'required')
        for (const name of value as string[]) required.add(name)
      else if (!(key in out)) out[key] = value
    }
  }
  if (Object.keys(properties).length > 0) out.properties = properties
  if (required.size > 0) out.required = [...required]
  return out
}

/** One member as two variants draw it: enums and constants joined, one type kept where they agree. */
function mergeProperty(document: Json, a: unknown, b: unknown): unknown {
  const x = flatten(document, a)
  const y = flatten(document, b)
  const values = (s: Json) =>
    s.const !== undefined
      ? [s.const]
      : Array.isArray(s.enum)
        ? s.enum
        : undefined
  const left = values(x)
  const right = values(y)
  if (left && right) {
    const { const: _const, ...rest } = x
    return { ...rest, enum: [...new Set([...left, ...right])] }
  }
  if (JSON.stringify(x.type) === JSON.stringify(y.type) && x.type !== undefined)
    return x
  return { anyOf: [a, b] }
}

/**
 * A record drawn as variants (`oneOf` pending, paid, cancelled orders) read as one object: every
 * member's properties, required where all variants require them. Scalars stay as they are.
 */
function mergeVariants(
  document: Json,
  schema: Json,
  variants: unknown[],
  depth: number,
): Json {
  const members = variants.map((v) => flatten(document, v, depth + 1))
  if (!members.every((m) => isObject(m.properties))) return schema
  const properties: Json = {}
  for (const member of members)
    for (const [name, p] of Object.entries(member.properties as Json))
      properties[name] =
        properties[name] === undefined
          ? p
          : mergeProperty(document, properties[name], p)
  const required = (
    (members[0]!.required as string[] | undefined) ?? []
  ).filter((name) =>
    members.every((m) =>
      ((m.required as string[] | undefined) ?? []).includes(name),
    ),
  )
  const { oneOf: _o, anyOf: _a, ...rest } = schema
  return { ...rest, type: 'object', properties, required }
}

/** The type of a schema, `null` left out: `'object'`, `'array'`, `'string'`… */
export function typeOf(schema: Json): string | undefined {
  const type = schema.type
  if (typeof type === 'string') return type
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string
  if (isObject(schema.properties)) return 'object'
  if (schema.items !== undefined) return 'array'
  // `anyOf: [{ type: 'integer' }, { type: 'null' }]`: the one type of its members, null left out.
  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (Array.isArray(members)) {
    const types = new Set(
      members
        .filter(isObject)
        .filter((m) => m.type !== 'null')
        .map((m) => typeOf(m)),
    )
    return types.size === 1 ? [...types][0] : undefined
  }
  // `const: 'paid'`, `enum: ['pending', 'paid']`: the type of their values.
  const values =
    schema.const !== undefined
      ? [schema.const]
      : Array.isArray(schema.enum)
        ? schema.enum
        : []
  const kinds = new Set(
    values
      .filter((v) => v !== null)
      .map((v) =>
        typeof v === 'number'
          ? Number.isInteger(v)
            ? 'integer'
            : 'number'
          : typeof v,
      ),
  )
  if (kinds.size === 1) {
    const [kind] = kinds
    if (
      kind === 'string' ||
      kind === 'integer' ||
      kind === 'number' ||
      kind === 'boolean'
    )
      return kind
  }
  return undefined
}

/**
 * OpenAPI 3.0's dialect in JSON Schema 2020-12's words, so one validator reads both versions:
 * `nullable: true` becomes a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` numbers.
 */
export function normalise30(node: unknown, named = false): unknown {
  if (Array.isArray(node)) return node.map((n) => normalise30(n))
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node))
    out[key] =
      // Examples, defaults and the like are data: kept as they are.
      !named && (DATA.has(key) || key === 'examples')
        ? value
        : normalise30(value, NAMES.has(key))
  if (named) return out
  if (typeof out.nullable === 'boolean') {
    const nullable = out.nullable
    delete out.nullable
    if (nullable && typeof out.type === 'string') out.type = [out.type, 'null']
    if (nullable && Array.isArray(out.enum) && !out.enum.includes(null))
      out.enum = [...(out.enum as unknown[]), null]
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound]
      delete out[bound]
    } else delete out[flag]
  }
  return out
}

/**
 * The schema less one member at the record's own level (through `$ref`, `allOf`, `oneOf`,
 * `anyOf`): a record's `_links`, which the engine adds to what it stores.
 */
export function withoutMember(
  document: Json,
  node: unknown,
  member: string,
  depth = 0,
): unknown {
  const schema = resolve(document, node)
  if (depth > 16) return schema
  const out: Json = { ...schema }
  for (const key of ['allOf', 'oneOf', 'anyOf'])
    if (Array.isArray(schema[key]))
      out[key] = (schema[key] as unknown[]).map((m) =>
        withoutMember(document, m, member, depth + 1),
      )
  if (isObject(schema.properties) && member in schema.properties) {
    const { [member]: _dropped, ...rest } = schema.properties
    out.properties = rest
  }
  if (Array.isArray(schema.required))
    out.required = (schema.required as string[]).filter(
      (name) => name !== member,
    )
  return out
}

export { isObject }
