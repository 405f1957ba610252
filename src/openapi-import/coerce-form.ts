import { flatten, isObject, typeOf, type Json } from './schema-view.ts'

/** The types a member may take, its variants' included (`anyOf: [integer, enum ['']]`). */
function typesOf(document: Json, schema: Json, depth: number): Set<string> {
  const out = new Set<string>()
  const type = schema.type
  if (Array.isArray(type)) for (const t of type) out.add(String(t))
  else if (typeof type === 'string') out.add(type)
  if (Array.isArray(schema.enum))
    for (const value of schema.enum) out.add(typeof value)
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (Array.isArray(variants) && depth < 8)
    for (const v of variants)
      for (const t of typesOf(
        document,
        flatten(document, v, 0, false),
        depth + 1,
      ))
        out.add(t)
  if (out.size === 0 && isObject(schema.properties)) out.add('object')
  return out
}

/** The object schema among a member's variants, for reading its members. */
function objectOf(document: Json, schema: Json): Json | undefined {
  const flat = flatten(document, schema)
  if (isObject(flat.properties) || isObject(flat.additionalProperties))
    return flat
  return undefined
}

/**
 * A form body's strings as the schema types them: `amount=2000` an integer, `livemode=true` a
 * boolean, nested members by their own schemas; a string no type reads otherwise stays a string,
 * so validation names it.
 */
export function coerceForm(
  document: Json,
  schema: unknown,
): (value: unknown) => unknown {
  const walk = (value: unknown, node: unknown, depth: number): unknown => {
    if (depth > 16 || node === undefined) return value
    const schema = flatten(document, node, 0, false)
    if (typeof value === 'string') {
      const types = typesOf(document, schema, 0)
      if (types.has('string')) return value
      if (
        (types.has('integer') || types.has('number')) &&
        value.trim() !== '' &&
        Number.isFinite(Number(value))
      )
        return Number(value)
      if (types.has('boolean') && (value === 'true' || value === 'false'))
        return value === 'true'
      return value
    }
    if (Array.isArray(value)) {
      const items = flatten(document, schema).items
      return value.map((v) => walk(v, items, depth + 1))
    }
    if (isObject(value)) {
      const object = objectOf(document, schema)
      if (!object) {
        // An array sent as `a[0]=x` reads as an object only when indices skip; keep it.
        return value
      }
      const properties = (object.properties as Json | undefined) ?? {}
      const extra = isObject(object.additionalProperties)
        ? object.additionalProperties
        : undefined
      const out: Json = {}
      for (const [name, member] of Object.entries(value))
        out[name] = walk(member, properties[name] ?? extra, depth + 1)
      return out
    }
    return value
  }
  return (value) =>
    isObject(value) && typeOf(flatten(document, schema)) !== 'string'
      ? walk(value, schema, 0)
      : value
}
