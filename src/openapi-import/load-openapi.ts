import { DescriptionReadError, readDescription } from './read-description.ts'
import type { OpenApiFinding } from './import-types.ts'
import type { Json } from './schema-view.ts'

export type { OpenApiFinding }

/** A description hypermock cannot serve: every finding of the validator, with the file. */
export class InvalidOpenApiError extends Error {
  override readonly name = 'InvalidOpenApiError'
  readonly findings: OpenApiFinding[]
  readonly file: string | undefined

  constructor(file: string | undefined, findings: OpenApiFinding[]) {
    const where = file ? ` ${file}` : ''
    const lines = findings.map(
      (f) =>
        `${f.file && f.file !== file ? `${f.file} ` : ''}${f.pointer ?? ''}${f.pointer ? ': ' : ''}${f.message}`,
    )
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

/** A JSON pointer the validator names in its message (`at "/paths/~1pets/get"`). */
function pointerIn(message: string) {
  const match = /(?:at|in) "?(#?\/[^"\s]*)"?/.exec(message)
  return match
    ? match[1]!.startsWith('#')
      ? match[1]
      : `#${match[1]}`
    : undefined
}

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
  // Loaded here, not at the top: only an import needs the parser. Every `$ref` is local by now,
  // and the parser is told never to follow another (one inside an example would be a download).
  const parser = await import('@readme/openapi-parser')
  let result
  try {
    result = await parser.validate(
      structuredClone(document) as never,
      {
        resolve: { external: false, http: false, file: false },
        // A cycle of schemas is left a `$ref` rather than followed through: half of Stripe's
        // check, and nothing the rules read lies inside a cycle.
        dereference: { circular: 'ignore' },
      } as never,
    )
  } catch (error) {
    throw new InvalidOpenApiError(file, [findingOf(error, file)])
  }
  if (!result.valid)
    throw new InvalidOpenApiError(
      file,
      result.errors.map((e) => {
        const pointer = pointerIn(e.message)
        return {
          message: e.message.trim(),
          ...(file && { file }),
          ...(pointer && { pointer }),
        }
      }),
    )
  return document
}
