/**
 * One record's body in the envelope its API's dialect names (`dialect.item`): bare, in a member
 * (`{ "data": { … } }`), or as the one record of an array. Answers are wrapped here; a write's body
 * that comes wrapped the same way is read as the record it wraps.
 */
import type { ItemEnvelope } from '../declare/dialect.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'

/** The JSON text of a record, wrapped. */
export function wrapItemJson(envelope: ItemEnvelope, json: string): string {
  if (envelope === 'bare') return json
  if (envelope === 'array') return `[${json}]`
  return `{${JSON.stringify(envelope.member)}:${json}}`
}

/** A record, wrapped. */
export function wrapItem(envelope: ItemEnvelope, record: unknown): unknown {
  if (envelope === 'bare') return record
  if (envelope === 'array') return [record]
  return { [envelope.member]: record }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The record a write's body carries: the wrapped one where the body is the envelope alone
 * (`{ "data": { … } }`, `[{ … }]`), else the body as it came (a bare record is taken too).
 */
export function unwrapItem(envelope: ItemEnvelope, body: unknown): unknown {
  if (envelope === 'bare') return body
  if (envelope === 'array')
    return Array.isArray(body) && body.length === 1 && isRecord(body[0])
      ? body[0]
      : body
  if (!isRecord(body)) return body
  const keys = Object.keys(body)
  const inner = body[envelope.member]
  return keys.length === 1 && keys[0] === envelope.member && isRecord(inner)
    ? inner
    : body
}

/**
 * Where a write's body holds the record it wraps, as a JSON Pointer (`/data`, `/0`): the place
 * its invalid members are named at. Empty where the body came bare.
 */
export function wrappedAt(envelope: ItemEnvelope, body: unknown): string {
  if (envelope === 'bare' || unwrapItem(envelope, body) === body) return ''
  return envelope === 'array'
    ? '/0'
    : `/${envelope.member.replaceAll('~', '~0').replaceAll('/', '~1')}`
}

/** The JSON Schema of a record's answer, wrapped as its answers are. */
export function itemSchema(
  envelope: ItemEnvelope,
  schema: JsonSchema,
): JsonSchema {
  if (envelope === 'bare') return schema
  if (envelope === 'array')
    return { type: 'array', items: schema, minItems: 1, maxItems: 1 }
  return {
    type: 'object',
    required: [envelope.member],
    properties: { [envelope.member]: schema },
  }
}
