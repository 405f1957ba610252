import type { ErrorObject } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { OpenApiFinding } from './import-types.ts'
import { FILES_MEMBER } from './read-description.ts'
import { walkReferences } from './reference-walk.ts'
import { DATA, follow, isObject, type Json } from './schema-view.ts'

/** JSON Schema's types: what a 3.1 description's `type` may name, alone or in an array. */
const TYPES = [
  'array',
  'boolean',
  'integer',
  'null',
  'number',
  'object',
  'string',
] as const

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

const META = 'https://json-schema.org/draft/2020-12/schema'

let metaValidator: Ajv2020 | undefined
/** JSON Schema 2020-12's own meta-schema, by the validator the engine already uses. */
const meta = () =>
  (metaValidator ??= new Ajv2020({
    strict: false,
    validateFormats: false,
    allErrors: true,
  }))

/** The closest type by edit distance, when it is close enough to be a slip of the keyboard. */
function closest(word: string): string | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i)
    for (let i = 1; i <= a.length; i++) {
      const next = [i]
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(
          row[j]! + 1,
          next[j - 1]! + 1,
          row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        )
      row = next
    }
    return row[b.length]!
  }
  const lower = word.toLowerCase()
  // A type cut short (`bool`, `int`, `str`) is that type.
  const started = TYPES.find((t) => lower.length >= 3 && t.startsWith(lower))
  if (started) return started
  const best = TYPES.map((t) => ({ t, d: distance(lower, t) })).sort(
    (x, y) => x.d - y.d,
  )[0]!
  return best.d <= Math.max(2, Math.floor(best.t.length / 3))
    ? best.t
    : undefined
}

function message(value: unknown): string {
  const names = TYPES.join(', ')
  const wrong = (Array.isArray(value) ? value : [value]).filter(
    (v) => !(TYPES as readonly unknown[]).includes(v),
  )
  if (Array.isArray(value) && wrong.length === 0)
    return `names a type twice (${JSON.stringify(value)}); each of ${names} at most once`
  if (!Array.isArray(value) && typeof value !== 'string')
    return `must be a type name or an array of them (${names}), not ${JSON.stringify(value)}`
  return wrong
    .map((w) => {
      const guess = typeof w === 'string' ? closest(w) : undefined
      return `${JSON.stringify(w)} is not a schema type${guess ? ` (did you mean "${guess}"?)` : ''}; a type is one of ${names}`
    })
    .join('; ')
}

/**
 * The places schemas are written: every `schema` member (of a parameter, header or media type)
 * and every entry of `components.schemas`, in the document and in the files bundled into it;
 * examples, defaults and other extensions are data, never walked.
 */
function schemaRoots(document: Json): { schema: unknown; pointer: string }[] {
  const roots: { schema: unknown; pointer: string }[] = []
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`))
      return
    }
    if (!isObject(node)) return
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escape(key)}`
      if (DATA.has(key) || key === 'examples') continue
      if (key.startsWith('x-') && !(pointer === '#' && key === FILES_MEMBER))
        continue
      if (key === 'schema' && (isObject(value) || typeof value === 'boolean'))
        roots.push({ schema: value, pointer: at })
      else if (
        key === 'schemas' &&
        pointer.endsWith('/components') &&
        isObject(value)
      )
        for (const [name, schema] of Object.entries(value))
          roots.push({ schema, pointer: `${at}/${escape(name)}` })
      else walk(value, at)
    }
  }
  walk(document, '#')
  return roots
}

/**
 * Every `type` of a 3.1 description's schemas that JSON Schema does not know (`type: strnig`,
 * `type: [integr, "null"]`), each with its JSON pointer, all at once. The schemas are checked
 * against JSON Schema 2020-12's meta-schema, and its findings on `type` kept: the OpenAPI
 * validator checks a 3.0 description's types itself, and a 3.1 description's not at all. Schemas
 * reached by `$ref` (a schema in a file of its own) are checked where they are written, once.
 */
export function misspeltTypes(document: Json): OpenApiFinding[] {
  const findings = new Map<string, OpenApiFinding>()
  const seen = new Set<unknown>()
  const queue = schemaRoots(document)
  const validate = meta().getSchema(META)!
  while (queue.length > 0) {
    const { schema, pointer } = queue.shift()!
    if (seen.has(schema) || !isObject(schema)) continue
    seen.add(schema)
    // Schemas it names by `$ref` are checked where they are written.
    walkReferences(
      schema,
      (node) => {
        const ref = node.$ref as string
        if (ref.startsWith('#')) {
          const target = follow(document, ref)
          if (isObject(target) && !seen.has(target))
            queue.push({ schema: target, pointer: ref })
        }
        return undefined
      },
      pointer,
      true,
    )
    // Against 2020-12 whatever `$schema` a schema names: every draft names the same types.
    if (validate(schema) === true) continue
    for (const error of (validate.errors ?? []) as ErrorObject[]) {
      const match = /^(.*\/type)(\/\d+)?$/.exec(error.instancePath)
      if (!match || !/\/properties\/type\//.test(`${error.schemaPath}/`))
        continue
      const path = match[1]!
      const value = path
        .split('/')
        .slice(1)
        .reduce<unknown>(
          (node, part) =>
            isObject(node) || Array.isArray(node)
              ? (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
              : undefined,
          schema,
        )
      const at = `${pointer}${path}`
      if (!findings.has(at))
        findings.set(at, { message: message(value), pointer: at })
    }
  }
  return [...findings.values()]
}
