import type {
  AnswerOperation,
  AnyResource,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import {
  flatProperties,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { pageMemberOf } from './list-inference.ts'
import { repairToSchema } from './repair-to-schema.ts'
import { sampleValue } from './sample-value.ts'
import { flatten, isObject, typeOf, type Json } from './schema-view.ts'

/** A random source seeded by a string: the same row answers the same drawn members every time. */
export function seededBy(text: string) {
  let state = 2166136261
  for (let i = 0; i < text.length; i++)
    state = Math.imul(state ^ text.charCodeAt(i), 16777619) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/**
 * The member of an answer's schema that wraps the record (`{ "category": { "id": 1, … } }`): the
 * schema has no member named `key` itself, and exactly one object member that does.
 */
export function wrapperOf(
  document: Json,
  schema: unknown,
  key: string,
): string | undefined {
  const flat = flatten(document, schema)
  if (typeOf(flat) === 'array') return undefined
  const properties = flatProperties(document, flat)
  // A record with an id of its own is no wrapper (Stripe's account beside its person's `account`).
  if (key in properties || 'id' in properties) return undefined
  const wrapping = Object.entries(properties).filter(
    ([, member]) =>
      typeOf(member) !== 'array' && key in flatProperties(document, member),
  )
  return wrapping.length === 1 ? wrapping[0]![0] : undefined
}

/**
 * The array member an answer holds its one record in (`{ "Items": [ { … } ] }`): the one member
 * whose items carry the key, where the answer has no key of its own and no member wraps it whole.
 */
export function arrayWrapperOf(
  document: Json,
  schema: unknown,
  key: string,
): string | undefined {
  const flat = flatten(document, schema)
  if (typeOf(flat) === 'array') return undefined
  const properties = flatProperties(document, flat)
  if (key in properties || 'id' in properties) return undefined
  if (wrapperOf(document, schema, key) !== undefined) return undefined
  return arrayHolding(document, properties, key)
}

/** The one array member of these whose items carry the key. */
function arrayHolding(
  document: Json,
  properties: Record<string, Json>,
  key: string,
): string | undefined {
  const holding = Object.entries(properties).filter(
    ([, member]) =>
      typeOf(member) === 'array' &&
      key in flatProperties(document, flatten(document, member.items)),
  )
  return holding.length === 1 ? holding[0]![0] : undefined
}

/**
 * A stored record answered in one operation's own schema, where operations describe it
 * differently (a create that answers members the read leaves out, an update that answers
 * `{ "post": { … } }`): the record wrapped in the member that holds it, members the schema
 * forbids left out, and required or differently drawn members drawn from that schema (seeded by
 * `seed`, so a row answers the same every time). What already conforms is answered as it is.
 */
export function conformAnswer(
  document: Json,
  validator: DescriptionValidator,
  schema: unknown,
  row: Record<string, unknown>,
  key: string,
  seed: string,
): unknown {
  if (schema === undefined) return row
  const random = seededBy(seed)
  const flat = flatten(document, schema)
  const properties = flatProperties(document, flat)
  const required = (flat.required as string[] | undefined) ?? []
  // Each member drawn by its own name as well: a member two operations' schemas both draw is
  // drawn alike in each, whatever else either draws before it.
  const draw = (name: string) =>
    sampleValue(document, properties[name], seededBy(`${seed} ${name}`), name)
  // Wrapped even where the wrapper is optional, as the description draws the answer.
  const wrapper = key in row ? wrapperOf(document, schema, key) : undefined
  // Checked on what is already at hand: most records carry their key or an `id` themselves.
  const inArray =
    key in row &&
    wrapper === undefined &&
    typeOf(flat) !== 'array' &&
    !(key in properties) &&
    !('id' in properties)
      ? arrayHolding(document, properties, key)
      : undefined
  const conforms = (value: unknown): boolean => validator(schema)(value)
  if (inArray) {
    const out: Record<string, unknown> = {}
    for (const name of required) if (name !== inArray) out[name] = draw(name)
    out[inArray] = [
      conformAnswer(
        document,
        validator,
        flatten(document, properties[inArray]).items,
        row,
        key,
        seed,
      ),
    ]
    return out
  }
  if (!wrapper && conforms(row)) return row
  // A record the engine has wrapped already (`{ "data": { "gid": … } }`): the record within is
  // made to fit, never drawn anew.
  const around = key in row ? undefined : wrapperOf(document, schema, key)
  const inner = around === undefined ? undefined : row[around]
  if (around !== undefined && isObject(inner) && key in inner) {
    const out: Record<string, unknown> = { ...row }
    for (const name of required)
      if (out[name] === undefined) out[name] = draw(name)
    out[around] = conformAnswer(
      document,
      validator,
      (flat.properties as Json)[around],
      inner,
      key,
      seed,
    )
    return out
  }
  if (typeOf(flat) === 'array' || !isObject(flat.properties)) return row
  if (wrapper) {
    const out: Record<string, unknown> = {}
    for (const name of required) if (name !== wrapper) out[name] = draw(name)
    out[wrapper] = conformAnswer(
      document,
      validator,
      (flat.properties as Json)[wrapper],
      row,
      key,
      seed,
    )
    return out
  }
  const out: Record<string, unknown> = { ...row }
  if (
    flat.additionalProperties === false ||
    flat.unevaluatedProperties === false
  )
    for (const name of Object.keys(out))
      if (!(name in properties)) delete out[name]
  for (const name of required)
    if (out[name] === undefined) out[name] = draw(name)
  if (conforms(out)) return out
  const validate = validator(schema)
  // Members the record draws differently from this answer: drawn from the answer's own schema.
  const broken = new Set<string>()
  for (const error of validate.errors ?? []) {
    const name =
      error.instancePath.split('/')[1] ??
      (error.params as { missingProperty?: string }).missingProperty
    if (name !== undefined && name !== key && name in properties)
      broken.add(name.replaceAll('~1', '/').replaceAll('~0', '~'))
  }
  for (const name of broken) out[name] = draw(name)
  // What is still off lies deeper (a nested member the record draws otherwise).
  return repairToSchema(document, validator, schema, out, random)
}

/** The operations of one collection the engine serves, by the answer each shapes. */
export type AnsweredOperations = {
  [operation in AnswerOperation]?: DocOperation | undefined
}

/**
 * The `answer` of a collection the engine serves: each operation's success body in that
 * operation's own schema (`conformAnswer`), a list's records each in its items' schema and the
 * members its envelope requires drawn where the engine has none. Members drawn for a record are
 * seeded by the collection and the record's key, so every answer of one row draws them alike.
 * Where the engine wraps each record in a member (`wrapped`, the dialect's item envelope), an
 * operation whose schema draws the record otherwise (a create that answers its key alone, an
 * update that answers `{ "success": "OK" }`) answers the record within in that schema, and one
 * whose schema names that member beside others (`{ "run": { … }, "token": { … } }`) keeps the
 * record there. Undefined where no operation draws a body.
 */
export function answerShaper(
  document: Json,
  validator: DescriptionValidator,
  ops: AnsweredOperations,
  table: string,
  key: string,
  wrapped?: string,
): NonNullable<AnyResource['answer']> | undefined {
  const schemas: Partial<Record<AnswerOperation, unknown>> = {}
  for (const [operation, op] of Object.entries(ops))
    if (op) {
      const schema = successOf(document, op.operation)?.body?.media.schema
      if (schema !== undefined) schemas[operation as AnswerOperation] = schema
    }
  if (Object.keys(schemas).length === 0) return undefined
  const record = (schema: unknown, value: unknown) =>
    isObject(value)
      ? conformAnswer(
          document,
          validator,
          schema,
          value,
          key,
          `${table} ${String(value[key])}`,
        )
      : value
  return (operation, body) => {
    const schema = schemas[operation]
    if (schema === undefined) return body
    if (operation === 'list') return page(flatten(document, schema), body)
    const inner = wrapped === undefined ? undefined : wrappedRecord(body)
    if (inner === undefined) return record(schema, body)
    const flat = flatten(document, schema)
    const properties = flatProperties(document, flat)
    if (!(wrapped! in properties)) return record(schema, inner)
    // The record in its member, the others the schema requires drawn beside it.
    const out: Record<string, unknown> = {}
    const seed = `${table} ${String(inner[key])}`
    for (const name of (flat.required as string[] | undefined) ?? [])
      if (name !== wrapped && properties[name])
        out[name] = sampleValue(
          document,
          properties[name],
          seededBy(`${seed} ${name}`),
          name,
        )
    out[wrapped!] = record(properties[wrapped!], inner)
    return out
  }

  /** The record the engine's body wraps, where it is that envelope alone. */
  function wrappedRecord(body: unknown) {
    if (!isObject(body)) return undefined
    const names = Object.keys(body)
    const inner = body[wrapped!]
    return names.length === 1 && names[0] === wrapped && isObject(inner)
      ? inner
      : undefined
  }

  /** A page of records in the list's schema: in the member that holds it, where one does. */
  function page(flat: Json, body: unknown): unknown {
    if (Array.isArray(body)) {
      if (typeOf(flat) !== 'array') return body
      // A list of names (GitHub's `["C", "Go", …]`, each read at `/gitignore/templates/{name}`)
      // lists the records' keys.
      const items = flatten(document, flat.items)
      return ['string', 'integer', 'number'].includes(typeOf(items) ?? '')
        ? body.map((item) => (isObject(item) ? item[key] : item))
        : body.map((item) => record(flat.items, item))
    }
    if (!isObject(body) || !isObject(flat.properties)) return body
    const properties = flatProperties(document, flat)
    const around = pageMemberOf(document, flat)
    if (around !== undefined && !(around in body))
      return { [around]: page(properties[around]!, body) }
    const out: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(body))
      out[name] =
        Array.isArray(value) && typeOf(properties[name] ?? {}) === 'array'
          ? value.map((item) => record(properties[name]!.items, item))
          : value
    const random = seededBy(`${table} list`)
    for (const name of (flat.required as string[] | undefined) ?? [])
      if (out[name] === undefined && properties[name])
        out[name] = sampleValue(document, properties[name], random, name)
    // A plain member the engine fills that the schema draws otherwise (Stripe's `url` of
    // /v1/balance/history, whose pattern says /v1/balance_transactions): drawn from the schema.
    const own = flat.properties as Json
    for (const [name, value] of Object.entries(out))
      if (
        ['string', 'number', 'boolean'].includes(typeof value) &&
        own[name] !== undefined &&
        !validator(own[name])(value)
      )
        out[name] = sampleValue(document, properties[name], random, name)
    if (
      flat.additionalProperties === false ||
      flat.unevaluatedProperties === false
    )
      for (const name of Object.keys(out))
        if (!(name in properties)) delete out[name]
    return out
  }
}
