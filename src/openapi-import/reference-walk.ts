import { DATA, isObject, NAMES, type Json } from './schema-view.ts'

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * Calls `visit` on every object of a description that holds a reference (`{ $ref }`), with its
 * JSON pointer; data is skipped: examples (an Example Object's `value`, a schema's `examples`),
 * defaults, constants, enums and `x-` extensions. `visit` may replace the node it is given by
 * returning another, which is walked in its turn.
 */
export function walkReferences(
  node: unknown,
  visit: (node: Json, pointer: string) => Json | undefined,
  pointer = '#',
  named = false,
): unknown {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++)
      node[i] = walkReferences(node[i], visit, `${pointer}/${i}`)
    return node
  }
  if (!isObject(node)) return node
  if (typeof node.$ref === 'string') {
    const replaced = visit(node, pointer)
    if (replaced !== undefined && replaced !== node)
      return walkReferences(replaced, visit, pointer)
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'object' || value === null) continue
    const at = `${pointer}/${escape(key)}`
    if (named) {
      node[key] = walkReferences(value, visit, at)
      continue
    }
    if (DATA.has(key) || key.startsWith('x-')) continue
    if (key === 'examples') {
      // A schema's `examples` is an array of values; elsewhere a map of Example Objects, each
      // a reference or holding its data in `value`.
      if (Array.isArray(value) || !isObject(value)) continue
      for (const [name, example] of Object.entries(value)) {
        if (!isObject(example)) continue
        if (typeof example.$ref === 'string') {
          const replaced = visit(example, `${at}/${escape(name)}`)
          if (replaced !== undefined) value[name] = replaced
        }
      }
      continue
    }
    node[key] = walkReferences(value, visit, at, NAMES.has(key))
  }
  return node
}

/**
 * A copy of a description without what a validator must not read as schema: examples (Box's carry
 * `"$id"` members, which a JSON Schema validator takes for schema ids) and `x-` extensions, except
 * `keep` (the bundled files).
 */
export function withoutExamples(
  node: unknown,
  keep: string,
  named = false,
): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutExamples(n, keep))
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (
      !named &&
      (key === 'example' ||
        (key === 'examples' && !Array.isArray(value)) ||
        (key.startsWith('x-') && key !== keep))
    )
      continue
    out[key] =
      !named && (DATA.has(key) || key === 'examples')
        ? value
        : withoutExamples(value, keep, NAMES.has(key))
  }
  return out
}
