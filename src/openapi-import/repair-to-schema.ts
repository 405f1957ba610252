import type { ErrorObject } from 'ajv'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { flatProperties } from './openapi-reader.ts'
import { sampleValue } from './sample-value.ts'
import { flatten, isObject, type Json } from './schema-view.ts'

/** Rounds of repair: each fixes every error it can see; a fix may uncover one deeper down. */
const ROUNDS = 6

/** A `$ref` the validator rebased onto the description (`openapi#/…`) read as the description's own (`#/…`). */
function unrebased(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unrebased)
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === '$ref' &&
      typeof value === 'string' &&
      value.startsWith('openapi#')
        ? value.slice('openapi'.length)
        : unrebased(value)
  return out
}

const segmentsOf = (pointer: string) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))

type Container = Record<string, unknown> | unknown[]

/** The value at `path` inside `root`, with its parent and name; undefined where the path is gone. */
function locate(root: { value: unknown }, path: string[]) {
  let parent: Container = root as unknown as Container
  let name: string = 'value'
  for (const segment of path) {
    const next = (parent as Record<string, unknown>)[name]
    if (next === null || typeof next !== 'object') return undefined
    parent = next as Container
    name = segment
  }
  return { parent, name }
}

/**
 * A value made to fit its schema where it does not, changing only what the validator names: a
 * required member drawn, a member of the wrong type, format, pattern or enum drawn again from its
 * own schema, a member the schema forbids left out. What already conforms is returned as it is;
 * what repair cannot fix in a few rounds (two overlapping `oneOf` variants) is returned as far as
 * it got. Used where an answer comes from somewhere the description does not vouch for: its own
 * examples that break its schemas, a record drawn by another operation's schema, an error body.
 */
export function repairToSchema(
  document: Json,
  validator: DescriptionValidator,
  schema: unknown,
  value: unknown,
  random: () => number,
): unknown {
  let validate: ReturnType<DescriptionValidator>
  try {
    validate = validator(schema)
  } catch {
    // A schema no validator compiles says nothing a value could be fitted to.
    return value
  }
  if (validate(value)) return value
  const root = { value: structuredClone(value) }
  for (let round = 0; round < ROUNDS; round++) {
    const errors = [...(validate.errors ?? [])]
    let changed = false
    // Deepest first: a member drawn whole afterwards replaces what was fixed inside it.
    errors.sort(
      (a, b) =>
        segmentsOf(b.instancePath).length - segmentsOf(a.instancePath).length,
    )
    for (const error of errors) {
      const fix = fixOf(document, error)
      if (!fix) continue
      const path = [...segmentsOf(error.instancePath), ...fix.below]
      const place = locate(root, path)
      if (!place) continue
      if (fix.kind === 'delete') {
        if (!Array.isArray(place.parent)) delete place.parent[place.name]
      } else {
        ;(place.parent as Record<string, unknown>)[place.name] = sampleValue(
          document,
          fix.schema,
          random,
          /^\d+$/.test(place.name) ? '' : place.name,
        )
      }
      changed = true
    }
    if (!changed || validate(root.value)) break
  }
  return root.value
}

type Fix =
  | { kind: 'draw'; below: string[]; schema: unknown }
  | { kind: 'delete'; below: string[] }

function fixOf(document: Json, error: ErrorObject): Fix | undefined {
  const parent = unrebased(error.parentSchema)
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string })
        .missingProperty
      const properties = flatProperties(document, flatten(document, parent))
      return {
        kind: 'draw',
        below: [missing],
        schema: properties[missing] ?? {},
      }
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = error.params as {
        additionalProperty?: string
        unevaluatedProperty?: string
      }
      const name = extra.additionalProperty ?? extra.unevaluatedProperty
      return name === undefined ? undefined : { kind: 'delete', below: [name] }
    }
    // Composites are judged by their branches' own errors.
    case 'oneOf':
    case 'anyOf':
    case 'allOf':
    case 'not':
    case 'if':
    case 'then':
    case 'else':
    case 'discriminator':
    case 'false schema':
      return undefined
    default:
      return { kind: 'draw', below: [], schema: parent }
  }
}
