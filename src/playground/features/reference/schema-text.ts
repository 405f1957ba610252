import { isObject } from '../../../common/is-object.ts'

export { isObject }
/** JSON Schema and OpenAPI pieces read for display: types in a line, fields as rows, `$ref`s resolved. */

export type Json = Record<string, unknown>

/** `#/components/schemas/Order` → that node, or undefined. */
export function resolveRef(doc: Json, ref: unknown): Json | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined
  let node: unknown = doc
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined
    node = node[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return isObject(node) ? node : undefined
}

/** A node with its `$ref` followed (once per level: the description's refs do not chain). */
export function deref(doc: Json, node: unknown): Json {
  if (!isObject(node)) return {}
  return typeof node.$ref === 'string'
    ? (resolveRef(doc, node.$ref) ?? {})
    : node
}

/** `Order` for `#/components/schemas/Order`, else undefined. */
export function refName(node: unknown): string | undefined {
  return isObject(node) && typeof node.$ref === 'string'
    ? node.$ref.split('/').at(-1)
    : undefined
}

const MAX_ENUM = 8

/** A schema in one line, as Swagger UI's model view reads: `integer ≥ 1`, `string (usd | eur…)`. */
export function schemaText(doc: Json, node: unknown, depth = 0): string {
  const name = refName(node)
  if (name !== undefined) return name
  if (!isObject(node)) return 'any'
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = node[key]
    if (Array.isArray(options) && depth < 3)
      return options
        .map((option) => schemaText(doc, option, depth + 1))
        .join(' | ')
  }
  if ('const' in node) return JSON.stringify(node.const)
  const type = typeof node.type === 'string' ? node.type : 'any'
  const notes: string[] = []
  if (Array.isArray(node.enum)) {
    const values = node.enum.slice(0, MAX_ENUM).map(String).join(' | ')
    notes.push(node.enum.length > MAX_ENUM ? `${values} | …` : values)
  }
  if (typeof node.format === 'string') notes.push(node.format)
  if (typeof node.minimum === 'number') notes.push(`≥ ${node.minimum}`)
  if (typeof node.exclusiveMinimum === 'number')
    notes.push(`> ${node.exclusiveMinimum}`)
  if (typeof node.maximum === 'number') notes.push(`≤ ${node.maximum}`)
  if (typeof node.maxLength === 'number')
    notes.push(`≤ ${node.maxLength} chars`)
  if (node.default !== undefined)
    notes.push(`default ${JSON.stringify(node.default)}`)
  const head =
    type === 'array' && depth < 3
      ? `array of ${schemaText(doc, node.items, depth + 1)}`
      : type
  return notes.length > 0 ? `${head} (${notes.join(', ')})` : head
}

export interface FieldRow {
  name: string
  type: string
  required: boolean
  description: string
}

/** The members of an object schema (the first option of a `oneOf`), one row each. */
export function schemaFields(doc: Json, node: unknown): FieldRow[] {
  let schema = deref(doc, node)
  if (Array.isArray(schema.oneOf)) schema = deref(doc, schema.oneOf[0])
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required) ? schema.required : []
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: schemaText(doc, property),
    required: required.includes(name),
    description:
      isObject(property) && typeof property.description === 'string'
        ? property.description
        : '',
  }))
}

/** The first example the schema (or its first `oneOf` option) gives, or undefined. */
export function schemaExample(doc: Json, node: unknown): unknown {
  const schema = deref(doc, node)
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return schema.examples[0]
  if (Array.isArray(schema.oneOf) && schema.oneOf.length > 0)
    return schemaExample(doc, schema.oneOf[0])
  // A problem document's schema fixes its type, title and status: those make its example.
  const properties = isObject(schema.properties) ? schema.properties : {}
  const fixed = Object.entries(properties).flatMap(([name, property]) =>
    isObject(property) && 'const' in property
      ? [[name, property.const] as const]
      : [],
  )
  return fixed.length > 0 ? Object.fromEntries(fixed) : undefined
}
