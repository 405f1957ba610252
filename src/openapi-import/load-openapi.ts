import path from 'node:path'
import {
  DescriptionReadError,
  FILES_MEMBER,
  readDescription,
  sourcesOf,
} from './read-description.ts'
import type { OpenApiFinding } from './import-types.ts'
import { walkReferences } from './reference-walk.ts'
import { follow, isObject, type Json } from './schema-view.ts'
import { locatePointer, pointerOffsets } from './source-positions.ts'
import { renderedLinePointers } from './rendered-lines.ts'
import { fromValidator } from './validator-message.ts'
import { misspeltTypes } from './schema-types.ts'

export type { OpenApiFinding }

/** A description hypermock cannot serve: every finding of the validator, with the file. */
export class InvalidOpenApiError extends Error {
  override readonly name = 'InvalidOpenApiError'
  readonly findings: OpenApiFinding[]
  readonly file: string | undefined

  constructor(file: string | undefined, findings: OpenApiFinding[]) {
    const where = file ? ` ${file}` : ''
    const lines = findings.map((f) => {
      const at = f.line ? `${f.line}${f.column ? `:${f.column}` : ''}` : ''
      const where =
        f.file && (f.file !== file || at)
          ? `${f.file}${at ? `:${at}` : ''} `
          : ''
      return `${where}${f.pointer ?? ''}${f.pointer ? ': ' : ''}${f.message}`
    })
    super(
      `Failed to read the OpenAPI description${where}: ${findings.length} finding${findings.length === 1 ? '' : 's'}:\n  - ${lines.join('\n  - ')}`,
    )
    this.file = file
    this.findings = findings
  }
}

/** What the ref parser's errors carry: the file, and the `$ref` or place that failed. */
function findingOf(error: unknown, file: string | undefined): OpenApiFinding {
  const e = error as {
    message?: string
    source?: string
    path?: unknown
    errors?: unknown[]
  }
  const finding: OpenApiFinding = {
    message: String(e.message ?? error).trim(),
  }
  const source = typeof e.source === 'string' ? e.source : file
  if (source) finding.file = source
  if (Array.isArray(e.path) && e.path.length > 0)
    finding.pointer = `#/${e.path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`
  return finding
}

const BUNDLED = `#/${FILES_MEMBER}/`
const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')
const unescape = (part: string) =>
  part.replaceAll('~1', '/').replaceAll('~0', '~')

/**
 * The finding placed in the file the user wrote: a pointer into a bundled file becomes that file
 * and a pointer inside it, and both get the line and column the texts read show.
 */
function placed(
  finding: OpenApiFinding,
  document: Json,
  file: string | undefined,
  offsets: Map<string, Map<string, number>>,
): OpenApiFinding {
  if (!finding.pointer) return finding
  let key = ''
  let pointer = finding.pointer
  let named = file
  if (pointer.startsWith(BUNDLED)) {
    const end = pointer.indexOf('/', BUNDLED.length)
    key = unescape(pointer.slice(BUNDLED.length, end === -1 ? undefined : end))
    pointer = end === -1 ? '#' : `#${pointer.slice(end)}`
    named = file ? path.join(path.dirname(file), key) : key
  }
  const text = sourcesOf(document).get(key)
  if (text === undefined) return { ...finding, pointer }
  let known = offsets.get(key)
  if (!known) offsets.set(key, (known = pointerOffsets(text)))
  const at = locatePointer(text, pointer, known)
  return {
    ...finding,
    ...(named && { file: named }),
    pointer,
    ...(at && { line: at.line, column: at.column }),
  }
}

/** Every local `$ref` that names nothing, at the place it is written, as it is written. */
function missingReferences(document: Json): OpenApiFinding[] {
  const findings: OpenApiFinding[] = []
  // A path item written out in place is walked from its own file only.
  const seen = new Set<Json>()
  const check = (node: Json, at: string) => {
    const ref = node.$ref as string
    if (seen.has(node)) return undefined
    seen.add(node)
    if (ref.startsWith('#') && follow(document, ref) === undefined) {
      const bundled = ref.startsWith(BUNDLED) ? ref.slice(BUNDLED.length) : ''
      const end = bundled.indexOf('/')
      const written = bundled
        ? `${unescape(end === -1 ? bundled : bundled.slice(0, end))}#${end === -1 ? '' : bundled.slice(end)}`
        : ref
      findings.push({
        message: `names ${written}, which the description does not hold`,
        pointer: `${at}/$ref`,
      })
    }
    return undefined
  }
  const files = document[FILES_MEMBER]
  if (isObject(files))
    for (const [key, content] of Object.entries(files))
      walkReferences(content, check, `${BUNDLED}${escape(key)}`)
  walkReferences(document, check)
  return findings
}

/** The parser's options, a fresh object each time (the parser writes into them). */
const options = () => ({
  resolve: { external: false, http: false, file: false },
  // A cycle of schemas is left a `$ref` rather than followed through: half of Stripe's
  // check, and nothing the rules read lies inside a cycle.
  dereference: { circular: 'ignore' },
})

/**
 * Reads an OpenAPI 3.0 or 3.1 description from a file, a URL or an object: YAML or JSON, `$ref`s to
 * other local files bundled in (a `$ref` to a URL is never fetched: it is a finding), and the whole
 * checked by `@readme/openapi-parser` against the specification. Anything wrong throws one
 * `InvalidOpenApiError` with its findings, each with its file and place.
 * The result has local `$ref`s only, ready for `importOpenApi`.
 */
export async function loadOpenApi(source: string | Json): Promise<Json> {
  const file = typeof source === 'string' ? source : undefined
  let document: Json
  try {
    document = await readDescription(source)
  } catch (error) {
    if (error instanceof DescriptionReadError)
      throw new InvalidOpenApiError(file, [error.finding])
    throw new InvalidOpenApiError(file, [findingOf(error, file)])
  }
  const version = typeof document.openapi === 'string' ? document.openapi : ''
  if (!/^3\.[01]\.\d+/.test(version))
    throw new InvalidOpenApiError(file, [
      {
        message: `hypermock reads OpenAPI 3.0 and 3.1; this description is ${document.swagger ? `Swagger ${String(document.swagger)}` : version ? `OpenAPI ${version}` : 'of no version (no "openapi" member)'}. Convert it to OpenAPI 3 first.`,
        ...(file && { file }),
        pointer: document.swagger ? '#/swagger' : '#/openapi',
      },
    ])
  const offsets = new Map<string, Map<string, number>>()
  const missing = missingReferences(document)
  if (missing.length > 0)
    throw new InvalidOpenApiError(
      file,
      missing.map((f) =>
        placed({ ...f, ...(file && { file }) }, document, file, offsets),
      ),
    )
  // A 3.1 description's schemas are JSON Schema 2020-12, which the OpenAPI validator leaves
  // unchecked: a misspelt type (`type: strnig`) would load as a schema that allows anything.
  const types = version.startsWith('3.1')
    ? misspeltTypes(document).map((f) =>
        placed({ ...f, ...(file && { file }) }, document, file, offsets),
      )
    : []
  // Loaded here, not at the top: only an import needs the parser. Every `$ref` is local by now,
  // and the parser is told never to follow another (one inside an example would be a download).
  const parser = await import('@readme/openapi-parser')
  let result
  try {
    result = await parser.validate(
      structuredClone(document) as never,
      options() as never,
    )
  } catch (error) {
    throw new InvalidOpenApiError(file, [findingOf(error, file)])
  }
  if (!result.valid) {
    // The validator quotes lines of its rendering of the dereferenced document: rendered again
    // here, each marked line is traced back through the `$ref`s to where the user wrote it.
    const framed = result.errors.some((e) => /^>\s*\d+\s*\|/m.test(e.message))
    let lines: string[] = []
    if (framed)
      try {
        const dereferenced = await parser.dereference(
          structuredClone(document) as never,
          options() as never,
        )
        lines = renderedLinePointers(dereferenced)
      } catch {
        // No line is traced: the findings keep the pointers their messages name.
      }
    // A component used in several places is reported once per place: traced back, they are one.
    const findings = new Map<string, OpenApiFinding>()
    for (const e of result.errors) {
      const { message, pointer } = fromValidator(e.message, lines, document)
      const finding = placed(
        { message, ...(file && { file }), ...(pointer && { pointer }) },
        document,
        file,
        offsets,
      )
      findings.set(JSON.stringify(finding), finding)
    }
    for (const finding of types) findings.set(JSON.stringify(finding), finding)
    throw new InvalidOpenApiError(file, [...findings.values()])
  }
  if (types.length > 0) throw new InvalidOpenApiError(file, types)
  return document
}
