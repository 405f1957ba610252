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
 * own schema, a member the schema forbids left out, a value that several `oneOf` variants accept
 * made to match one (or left out, where nothing requires it). What already conforms is returned
 * as it is; what repair cannot fix in a few rounds is returned as far as it got. Used where an
 * answer comes from somewhere the description does not vouch for: its own examples that break
 * its schemas, a record drawn by another operation's schema, an error body.
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
    // A value that more than one variant of a `oneOf` accepts is settled first, alone: the other
    // errors are those of the variants it was measured against, and fixing them would rewrite
    // what the value says (a log entry's `type`) to suit a variant it is not.
    const overlaps = errors.filter(
      (e) =>
        e.keyword === 'oneOf' &&
        Array.isArray(
          (e.params as { passingSchemas?: unknown }).passingSchemas,
        ),
    )
    const places = new Map(overlaps.map((e) => [e.instancePath, e]))
    const settled = [...places.values()]
      .sort(
        (a, b) =>
          segmentsOf(b.instancePath).length - segmentsOf(a.instancePath).length,
      )
      .filter((error) =>
        settleOverlap(document, validator, validate, root, error, random),
      )
    if (settled.length > 0) {
      if (validate(root.value)) break
      continue
    }
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

/** Variants tried for a value more than one `oneOf` variant accepts, at most. */
const VARIANTS = 16

/**
 * A value that several variants of a `oneOf` accept, made to match exactly one: the value with
 * only the members a variant names, or with the members it names and the value lacks drawn,
 * or one drawn from the variant; where none fits, an optional member is left out, if the whole
 * then conforms. False where nothing settles it.
 */
function settleOverlap(
  document: Json,
  validator: DescriptionValidator,
  validate: ReturnType<DescriptionValidator>,
  root: { value: unknown },
  error: ErrorObject,
  random: () => number,
): boolean {
  const parent = unrebased(error.parentSchema) as Json
  const place = locate(root, segmentsOf(error.instancePath))
  if (!place || !Array.isArray(parent.oneOf)) return false
  const current = (place.parent as Record<string, unknown>)[place.name]
  let exactlyOne: ReturnType<DescriptionValidator>
  try {
    exactlyOne = validator(parent)
  } catch {
    return false
  }
  const passing = (
    (error.params as { passingSchemas: number[] }).passingSchemas ?? []
  ).slice(0, VARIANTS)
  const candidates: (() => unknown)[] = []
  for (const index of passing) {
    const variant = flatten(document, parent.oneOf[index])
    const members = flatProperties(document, variant)
    if (isObject(current) && Object.keys(members).length > 0) {
      candidates.push(() =>
        Object.fromEntries(
          Object.entries(current).filter(([name]) => name in members),
        ),
      )
      candidates.push(() => {
        const filled: Record<string, unknown> = { ...current }
        for (const [name, member] of Object.entries(members))
          if (filled[name] === undefined)
            filled[name] = sampleValue(document, member, random, name)
        return filled
      })
    }
    candidates.push(() => sampleValue(document, variant, random, place.name))
  }
  for (const candidate of candidates) {
    const value = candidate()
    if (exactlyOne(value)) {
      ;(place.parent as Record<string, unknown>)[place.name] = value
      return true
    }
  }
  // No value of one variant alone: the member is left out where nothing requires it.
  if (!Array.isArray(place.parent) && place.parent !== (root as never)) {
    const record = place.parent
    const at = segmentsOf(error.instancePath).slice(0, -1)
    delete record[place.name]
    validate(root.value)
    const required = (validate.errors ?? []).some(
      (e) =>
        e.keyword === 'required' &&
        (e.params as { missingProperty?: string }).missingProperty ===
          place.name &&
        segmentsOf(e.instancePath).join('/') === at.join('/'),
    )
    if (!required) return true
    record[place.name] = current
  }
  return false
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
