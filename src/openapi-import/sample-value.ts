import { flatten, isObject, typeOf, type Json } from './schema-view.ts'

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

/** Realistic values from a schema, on the mock's seeded random source: the same on every reset. */
export function sampleValue(
  document: Json,
  node: unknown,
  random: () => number,
  /** The member's name, for a hint (`email`, `name`) where the schema gives no format. */
  name = '',
  depth = 0,
): unknown {
  const schema = flatten(document, node)
  const pick = <T>(list: readonly T[]): T =>
    list[Math.floor(random() * list.length)]!
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const options = schema.enum.filter((v) => v !== null)
    return options.length > 0 ? pick(options) : null
  }
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined
  if (Array.isArray(variants) && variants.length > 0)
    return sampleValue(document, variants[0], random, name, depth + 1)
  const examples = schema.examples
  if (Array.isArray(examples) && examples.length > 0 && schema.pattern)
    return pick(examples)
  if (schema.example !== undefined && schema.pattern) return schema.example
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 1
      const max =
        typeof schema.maximum === 'number'
          ? schema.maximum
          : typeof schema.exclusiveMaximum === 'number'
            ? schema.exclusiveMaximum - 1
            : Math.max(min, 100) * 10
      const value = min + random() * (max - min)
      return typeOf(schema) === 'integer'
        ? Math.floor(value)
        : Math.round(value * 100) / 100
    }
    case 'boolean':
      return random() < 0.5
    case 'array': {
      if (depth > 4) return []
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1
      const count = min + Math.floor(random() * 2)
      return Array.from({ length: count }, () =>
        sampleValue(document, schema.items, random, name, depth + 1),
      )
    }
    case 'object': {
      const out: Json = {}
      if (depth > 4) return out
      const required = new Set((schema.required as string[] | undefined) ?? [])
      for (const [key, property] of Object.entries(
        (schema.properties as Json | undefined) ?? {},
      ))
        if (required.has(key) || random() < 0.8)
          out[key] = sampleValue(document, property, random, key, depth + 1)
      return out
    }
    case 'string':
      return sampleString(schema, random, name, pick)
    default:
      return isObject(schema.properties) ? {} : pick(WORDS)
  }
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
  }
  const examples = schema.examples
  if (Array.isArray(examples) && examples.length > 0) return pick(examples)
  if (typeof schema.example === 'string') return schema.example
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
