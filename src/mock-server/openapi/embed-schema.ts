import type { JsonSchema } from '../declare/schema-tools.ts'

/**
 * Makes a stand-alone JSON Schema (zod's output) a part of the description: its `$defs` become
 * components named `<name>_<def>`, and its `$ref`s (`#/$defs/…`, `#` for the root of a recursive
 * schema) point at them, since inside one document `#` means the document.
 */
export function embedSchema(
  json: JsonSchema,
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const { $defs, $schema: _s, $id: _i, ...root } = json
  const defs = ($defs ?? {}) as Record<string, JsonSchema>
  const target = (ref: string) => {
    if (ref === '#') return `#/components/schemas/${name}`
    const def = /^#\/\$defs\/(.+)$/.exec(ref)?.[1]
    return def === undefined ? ref : `#/components/schemas/${name}_${def}`
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite)
    if (node === null || typeof node !== 'object') return node
    const out: JsonSchema = {}
    for (const [key, value] of Object.entries(node))
      out[key] =
        key === '$ref' && typeof value === 'string'
          ? target(value)
          : rewrite(value)
    return out
  }
  for (const [def, schema] of Object.entries(defs))
    components[`${name}_${def}`] = rewrite(schema) as JsonSchema
  return rewrite(root) as JsonSchema
}
