import {
  isObject,
  resolveRef,
  type JsonSchema,
  type OpenApiDocument,
} from './openapi-document.ts'

/** Members a server sets itself: copying them from a read into a create would be refused. */
const SERVER_SET = new Set([
  'id',
  '_links',
  '_embedded',
  'createdAt',
  'updatedAt',
  'created_at',
  'updated_at',
  'version',
  'etag',
])

function sample(doc: OpenApiDocument, raw: unknown, depth: number): unknown {
  const schema = resolveRef(doc, raw)
  if (!isObject(schema) || depth > 6) return null
  if (schema.default !== undefined) return schema.default
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  const choice = schema.anyOf ?? schema.oneOf
  if (Array.isArray(choice)) return sample(doc, choice[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'object' || isObject(schema.properties)) {
    const properties = isObject(schema.properties) ? schema.properties : {}
    const required = Array.isArray(schema.required)
      ? (schema.required as string[])
      : []
    return Object.fromEntries(
      required.map((name) => [name, sample(doc, properties[name], depth + 1)]),
    )
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 1
    return Math.max(1, Math.ceil(min))
  }
  if (type === 'boolean') return true
  if (type === 'array') return []
  if (type === 'string')
    return schema.format === 'email' ? 'check@example.com' : 'hypermock-check'
  return null
}

/**
 * A create body from a real item: its values without the members a server sets, and, when the
 * create's schema lists its members, only those.
 */
export function itemBody(
  item: Record<string, unknown>,
  schema: JsonSchema | null,
): Record<string, unknown> {
  const declared =
    schema && isObject(schema.properties) ? schema.properties : null
  return Object.fromEntries(
    Object.entries(item).filter(
      ([name]) => !SERVER_SET.has(name) && (!declared || name in declared),
    ),
  )
}

/**
 * The same members as a body built from the description, with a real item's values where the item
 * has them: what a server that refused the built values (a placeholder string in a numeric column,
 * an id that does not exist) accepts. `null` when the item changes nothing.
 */
export function withItemValues(
  body: Record<string, unknown>,
  item: Record<string, unknown>,
): Record<string, unknown> | null {
  const merged = Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      name in item && !SERVER_SET.has(name) ? item[name] : value,
    ]),
  )
  return JSON.stringify(merged) === JSON.stringify(body) ? null : merged
}

/**
 * A body the server should accept for a create, and where it came from: the description's
 * example, else one built from its required members, else an existing item without the members
 * a server sets.
 */
export function validBody(
  doc: OpenApiDocument | null,
  schema: JsonSchema | null,
  example: unknown,
  item: Record<string, unknown> | undefined,
): {
  body: Record<string, unknown>
  from: 'example' | 'schema' | 'item'
} | null {
  if (isObject(example))
    return { body: withoutReadOnly(doc, schema, example), from: 'example' }
  if (doc && schema) {
    const built = sample(doc, schema, 0)
    if (isObject(built))
      return { body: withoutReadOnly(doc, schema, built), from: 'schema' }
  }
  if (!item) return null
  return { body: itemBody(item, null), from: 'item' }
}

/**
 * A body without the members its schema marks `readOnly`: a client does not send them (OpenAPI:
 * "SHOULD NOT be sent as part of the request"), and a server may refuse one. A description's
 * example often shows the whole record, ids included.
 */
function withoutReadOnly(
  doc: OpenApiDocument | null,
  schema: JsonSchema | null,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const properties =
    schema && isObject(schema.properties) ? schema.properties : null
  if (!properties) return body
  return Object.fromEntries(
    Object.entries(body).filter(([name]) => {
      const raw = properties[name]
      const property = doc && isObject(raw) ? resolveRef(doc, raw) : raw
      return !(isObject(property) && property.readOnly === true)
    }),
  )
}

/** The wrong JSON type for a member: a string where a number belongs, a number where a string does. */
const wrongValue = (value: unknown, declared: unknown) =>
  declared === 'string' || (declared === undefined && typeof value === 'string')
    ? 12345
    : 'hypermock-check-invalid'

/** A create body with exactly two members of the wrong type, and their names; `null` if it has fewer than two. */
export function twoInvalidFields(
  body: Record<string, unknown>,
  schema: JsonSchema | null,
): { body: Record<string, unknown>; fields: [string, string] } | null {
  const properties =
    schema && isObject(schema.properties) ? schema.properties : {}
  const typeOf = (name: string) => {
    const property = properties[name]
    return isObject(property) ? property.type : undefined
  }
  const candidates = Object.entries(body).filter(
    ([, value]) =>
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean',
  )
  const [first, second] = candidates
  if (!first || !second) return null
  return {
    body: {
      ...body,
      [first[0]]: wrongValue(first[1], typeOf(first[0])),
      [second[0]]: wrongValue(second[1], typeOf(second[0])),
    },
    fields: [first[0], second[0]],
  }
}
