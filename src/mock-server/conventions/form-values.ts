/**
 * A form body's strings read by the body schema's types: a form (`balance=100&metadata[plan]=pro`)
 * carries only strings, so `balance` becomes the integer its schema says and `livemode=true` the
 * boolean. A string no type of its member reads stays a string, so validation names it.
 */
import { isObject } from '../../common/is-object.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'

/** The form media types, whose values come as strings. */
export const FORM_TYPES: readonly string[] = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
]

/** How deep a body's schema is followed; deeper members stay as they came. */
const MAX_DEPTH = 16

/** How many references in a row are followed (`$ref` to a `$ref`). */
const MAX_REFS = 16

/**
 * A local reference (`#/$defs/name`, `#/components/schemas/Customer`), looked up in the root it
 * points into: the schema's own, or the document that holds it.
 */
function resolve(root: JsonSchema, node: unknown): JsonSchema | undefined {
  let current = node
  for (let hops = 0; isObject(current); hops++) {
    const ref = current.$ref
    if (typeof ref !== 'string') return current
    if (hops >= MAX_REFS || !ref.startsWith('#/')) return undefined
    let found: unknown = root
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replaceAll('~1', '/').replaceAll('~0', '~')
      found =
        isObject(found) && Object.hasOwn(found, key) ? found[key] : undefined
    }
    current = found
  }
  return undefined
}

/** Every variant of a member (`anyOf`, `oneOf`, `allOf`'s parts), itself included. */
function variants(root: JsonSchema, node: JsonSchema): JsonSchema[] {
  const out = [node]
  for (const list of [node.anyOf, node.oneOf, node.allOf])
    if (Array.isArray(list))
      for (const each of list) {
        const variant = resolve(root, each)
        if (variant) out.push(variant)
      }
  return out
}

/** The types a member may take: `string`, `integer`, `number`, `boolean`, `object`, `array`. */
function typesOf(root: JsonSchema, node: JsonSchema): Set<string> {
  const types = new Set<string>()
  for (const variant of variants(root, node)) {
    const type = variant.type
    if (Array.isArray(type)) for (const t of type) types.add(String(t))
    else if (typeof type === 'string') types.add(type)
    for (const value of [
      ...(Array.isArray(variant.enum) ? variant.enum : []),
      ...('const' in variant ? [variant.const] : []),
    ])
      types.add(typeof value)
  }
  return types
}

/** The member's schema for one object member, or for an array's items. */
function child(
  root: JsonSchema,
  node: JsonSchema,
  key: 'items' | string,
  array: boolean,
): JsonSchema | undefined {
  for (const variant of variants(root, node)) {
    if (array) {
      const items = resolve(root, variant.items)
      if (items) return items
      continue
    }
    const properties = variant.properties
    if (isObject(properties) && key in properties)
      return resolve(root, properties[key])
    const extra = resolve(root, variant.additionalProperties)
    if (extra) return extra
  }
  return undefined
}

/** `value` read by `node`'s types, its members by their own. */
function read(
  root: JsonSchema,
  node: JsonSchema | undefined,
  value: unknown,
  depth: number,
): unknown {
  if (node === undefined || depth > MAX_DEPTH) return value
  if (typeof value === 'string') {
    const types = typesOf(root, node)
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
  if (Array.isArray(value))
    return value.map((each) =>
      read(root, child(root, node, 'items', true), each, depth + 1),
    )
  if (isObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [name, member] of Object.entries(value))
      Object.defineProperty(out, name, {
        value: read(root, child(root, node, name, false), member, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return out
  }
  return value
}

/**
 * A form's values read by `node`, a schema inside `root` (an OpenAPI description whose
 * `#/components/schemas/…` its references name): what an imported operation's body schema reads
 * a form with.
 */
export function formReader(
  root: JsonSchema,
  node: unknown,
): (value: unknown) => unknown {
  return (value) => {
    const schema = resolve(root, node)
    return isObject(value) && schema ? read(root, schema, value, 0) : value
  }
}

/** Reads a form body by a body schema's JSON Schema; any other body is left as it is. */
export function readFormValues(
  schema: JsonSchema | undefined,
  contentType: string | null,
  body: unknown,
): unknown {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  if (
    schema === undefined ||
    type === undefined ||
    !FORM_TYPES.includes(type) ||
    !isObject(body)
  )
    return body
  return read(schema, schema, body, 0)
}
