import {
  isObject,
  resolveRef,
  type JsonSchema,
  type OpenApiDocument,
} from './openapi-document.ts'
import { samples, schemaArbitrary } from './schema-arbitrary.ts'

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
  if (type === 'string') {
    const format =
      typeof schema.format === 'string' ? FORMATTED[schema.format] : undefined
    if (format) return format
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0
    const max =
      typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
    return 'hypermock-check'.padEnd(min, '-').slice(0, Math.max(max, 0))
  }
  return null
}

/** A fixed value for each common string format, so a built body reads the same every run. */
const FORMATTED: Record<string, string> = {
  email: 'check@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2030-01-01T00:00:00Z',
  date: '2030-01-01',
  uri: 'https://example.com/hypermock-check',
  url: 'https://example.com/hypermock-check',
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

/** Drawn bodies tried for one that the schema accepts; the same seed draws the same ones. */
const DRAWN = 60
const DRAW_SEED = 41

/**
 * A body the server should accept for a create, and where it came from. With a validator (the
 * description's request schema), the first body it accepts: one of the description's examples,
 * else one built from the required members, else the smallest of bodies drawn from the schema.
 * When none is accepted, or there is no validator, the first example, else the built body, as
 * before; else an existing item without the members a server sets.
 */
export function validBody(
  doc: OpenApiDocument | null,
  schema: JsonSchema | null,
  examples: unknown[],
  item: Record<string, unknown> | undefined,
  valid: ((value: unknown) => boolean) | null = null,
): {
  body: Record<string, unknown>
  from: 'example' | 'schema' | 'item'
} | null {
  const given = examples
    .filter(isObject)
    .map((example) => withoutReadOnly(doc, schema, example))
  const built =
    doc && schema
      ? (() => {
          const value = sample(doc, schema, 0)
          return isObject(value) ? withoutReadOnly(doc, schema, value) : null
        })()
      : null
  if (valid && doc && schema) {
    const example = given.find(valid)
    if (example) return { body: example, from: 'example' }
    if (built && valid(built)) return { body: built, from: 'schema' }
    const drawn = samples(schemaArbitrary(doc, schema), DRAW_SEED, DRAWN)
      .filter(isObject)
      .map((value) => withoutReadOnly(doc, schema, value))
      .filter(valid)
      .sort((a, b) => Object.keys(a).length - Object.keys(b).length)[0]
    if (drawn) return { body: drawn, from: 'schema' }
  }
  const [example] = given
  if (example) return { body: example, from: 'example' }
  if (built) return { body: built, from: 'schema' }
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

const SIMPLE_TYPES = ['string', 'number', 'integer', 'boolean']

/**
 * A create body with exactly two members of the wrong type, and their names: the body's own simple
 * members first, then members of a simple type the schema describes and a client may send (an
 * example that sends one member still has a schema of two). `null` if there are fewer than two.
 */
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
  const candidates: [string, unknown][] = Object.entries(body).filter(
    ([, value]) =>
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean',
  )
  for (const [name, property] of Object.entries(properties))
    if (
      !(name in body) &&
      isObject(property) &&
      property.readOnly !== true &&
      SIMPLE_TYPES.includes(property.type as string)
    )
      candidates.push([name, undefined])
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
