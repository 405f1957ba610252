import { samplePattern } from './sample-pattern.ts'
import { flatten, isObject, resolve, typeOf, type Json } from './schema-view.ts'

const WORDS = [
  'amber',
  'birch',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'grove',
  'harbor',
  'island',
  'juniper',
  'kestrel',
  'lagoon',
  'meadow',
  'nectar',
  'orchid',
  'prairie',
  'quartz',
  'river',
  'summit',
  'tundra',
  'upland',
  'valley',
]
const NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
]

/** Past this depth only what a schema requires is made; past the limit, the least it accepts. */
const FULL_DEPTH = 3
const MAX_DEPTH = 12

/**
 * Realistic values from a schema, on the mock's seeded random source: the same on every reset.
 * One variant of a `oneOf`/`anyOf` is drawn whole (merging them would break either); below a few
 * levels only required members are filled, so deep descriptions (Stripe's, Spotify's) stay small.
 * A value may still miss a rule it cannot see (a `pattern`, two overlapping `oneOf` variants):
 * callers validate what they keep.
 */
export function sampleValue(
  document: Json,
  node: unknown,
  random: () => number,
  /** The member's name, for a hint (`email`, `name`) where the schema gives no format. */
  name = '',
  depth = 0,
): unknown {
  const schema = flatten(document, node, 0, false)
  const pick = <T>(list: readonly T[]): T =>
    list[Math.floor(random() * list.length)]!
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const options = schema.enum.filter((v) => v !== null)
    return options.length > 0 ? pick(options) : null
  }
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined
  if (Array.isArray(variants) && variants.length > 0) {
    const { oneOf: _o, anyOf: _a, ...rest } = schema
    const options = variants.filter(
      (v) => flatten(document, v, 0, false).type !== 'null',
    )
    const chosen = resolve(
      document,
      pick(options.length > 0 ? options : variants),
    )
    // Members beside the variants (`properties`, `required`) apply to the one drawn.
    const merged =
      Object.keys(rest).length > 0 ? { allOf: [rest, chosen] } : chosen
    return sampleValue(document, merged, random, name, depth + 1)
  }
  const nullable =
    Array.isArray(schema.type) && (schema.type as unknown[]).includes('null')
  if (depth > MAX_DEPTH && nullable) return null
  // A schema that requires itself (a node whose required child is the node) has no finite value:
  // drawing stops here, and callers validate what they keep.
  if (depth > 2 * MAX_DEPTH)
    return typeOf(schema) === 'array'
      ? []
      : isObject(schema.properties)
        ? {}
        : null
  const examples = schema.examples
  if (Array.isArray(examples) && examples.length > 0 && schema.pattern)
    return pick(examples)
  if (schema.example !== undefined && schema.pattern) return schema.example
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return sampleNumber(schema, random)
    case 'boolean':
      return random() < 0.5
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0
      const max =
        typeof schema.maxItems === 'number' ? schema.maxItems : min + 2
      const wanted =
        depth > FULL_DEPTH || schema.uniqueItems === true
          ? Math.max(min, depth > FULL_DEPTH ? 0 : 1)
          : Math.max(min, 1) + Math.floor(random() * 2)
      const count = Math.min(wanted, Math.max(max, min))
      if (depth > MAX_DEPTH && min === 0) return []
      return Array.from({ length: count }, () =>
        sampleValue(document, schema.items, random, name, depth + 1),
      )
    }
    case 'object': {
      const out: Json = {}
      const required = new Set((schema.required as string[] | undefined) ?? [])
      for (const [key, property] of Object.entries(
        (schema.properties as Json | undefined) ?? {},
      ))
        if (required.has(key) || (depth <= FULL_DEPTH && random() < 0.8))
          out[key] = sampleValue(document, property, random, key, depth + 1)
      return out
    }
    case 'string':
      return sampleString(schema, random, name, pick)
    default:
      return isObject(schema.properties) ? {} : pick(WORDS)
  }
}

function sampleNumber(schema: Json, random: () => number) {
  const integer = typeOf(schema) === 'integer'
  const step = integer ? 1 : 0.01
  let min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + step
        : 1
  let max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - step
        : Math.max(min, 100) * 10
  if (integer) {
    min = Math.ceil(min)
    max = Math.floor(max)
  }
  if (max < min) max = min
  const multiple =
    typeof schema.multipleOf === 'number' && schema.multipleOf > 0
      ? schema.multipleOf
      : undefined
  const value = min + random() * (max - min)
  if (multiple) {
    const n = Math.max(Math.ceil(min / multiple), 0)
    const top = Math.floor(max / multiple)
    return multiple * (n + Math.floor(random() * Math.max(top - n + 1, 1)))
  }
  return integer ? Math.floor(value) : Math.round(value * 100) / 100
}

function sampleString(
  schema: Json,
  random: () => number,
  name: string,
  pick: <T>(list: readonly T[]) => T,
) {
  const hex = (n: number) =>
    Array.from({ length: n }, () =>
      Math.floor(random() * 16).toString(16),
    ).join('')
  const time = () =>
    new Date(
      Date.parse('2026-01-05T09:00:00.000Z') +
        Math.floor(random() * 90 * 86_400_000),
    )
  switch (schema.format) {
    case 'uuid':
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`
    case 'date-time':
      return time().toISOString()
    case 'date':
      return time().toISOString().slice(0, 10)
    case 'email':
      return `${pick(NAMES).toLowerCase()}.${pick(WORDS)}@example.com`
    case 'uri':
    case 'url':
      return `https://example.com/${pick(WORDS)}`
    case 'hostname':
      return `${pick(WORDS)}.example.com`
    case 'ipv4':
      return `192.0.2.${Math.floor(random() * 250) + 1}`
    case 'ipv6':
      return `2001:db8::${hex(4)}`
    case 'time':
      return time().toISOString().slice(11, 19) + 'Z'
    case 'uri-reference':
      return `/${pick(WORDS)}`
    case 'byte':
      return btoa(pick(WORDS))
  }
  const examples = schema.examples
  if (Array.isArray(examples) && examples.length > 0) return pick(examples)
  if (typeof schema.example === 'string') return schema.example
  if (typeof schema.pattern === 'string') {
    const drawn = samplePattern(schema.pattern, random)
    if (drawn !== undefined) return drawn
  }
  const lower = name.toLowerCase()
  let text = lower.includes('email')
    ? `${pick(NAMES).toLowerCase()}@example.com`
    : lower.includes('name')
      ? `${pick(NAMES)} ${pick(WORDS)}`
      : `${pick(WORDS)} ${pick(WORDS)}`
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 200
  while (text.length < min) text += ` ${pick(WORDS)}`
  return text.slice(0, Math.max(max, 1))
}
