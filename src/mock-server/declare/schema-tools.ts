import { z } from 'zod'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { fieldErrors, type FieldError } from '../validation/validate.ts'
import type { Schema } from './types.ts'

export type JsonSchema = Record<string, unknown>

interface ZodObjectLike {
  _zod: { def: { type: string } }
  shape: Record<string, unknown>
  safeParse(
    value: unknown,
    context?: { jitless?: boolean },
  ): {
    success: boolean
    data?: unknown
    error?: { issues: z.core.$ZodIssue[] }
  }
  omit(mask: Record<string, true>): ZodObjectLike
  partial(mask: Record<string, true>): ZodObjectLike
  strict(): ZodObjectLike
}

/** A zod 4 object schema, from this package's zod or the app's own copy (no `instanceof`). */
export function asZodObject(schema: unknown): ZodObjectLike | null {
  const candidate = schema as Partial<ZodObjectLike> | null
  return candidate?._zod?.def?.type === 'object' &&
    typeof candidate.safeParse === 'function' &&
    typeof candidate.omit === 'function'
    ? (candidate as ZodObjectLike)
    : null
}

export const isStandardSchema = (value: unknown): value is Schema =>
  typeof (value as { '~standard'?: { validate?: unknown } } | null)?.[
    '~standard'
  ]?.validate === 'function'

function pointerOf(path: readonly PropertyKey[]) {
  return `#/${path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`
}

function keyOf(segment: PropertyKey | StandardSchemaV1.PathSegment) {
  return typeof segment === 'object' ? segment.key : segment
}

export type Checked<T> = { value: T } | { errors: FieldError[] }

/**
 * zod compiles a parser for each object schema the first time it parses with it, which pays off
 * over many parses. A check that runs once or a few times at start (a declaration's scenarios, its
 * seed rows) skips that compile: the same issues, for this parse only, whatever zod's global
 * config says.
 */
export const oneShot = { jitless: true } as const

/**
 * Validates with any Standard Schema, keeping every issue: each becomes one `errors` item with its
 * JSON pointer. zod schemas go through `safeParse`, whose issues also name unknown members, so a
 * typo gets a "did you mean".
 */
export function checkWith<T>(
  schema: Schema<T>,
  value: unknown,
  { once = false }: { once?: boolean } = {},
): Checked<T> {
  const zod = asZodObject(schema)
  if (zod) {
    const result = zod.safeParse(value, once ? oneShot : undefined)
    if (result.success) return { value: result.data as T }
    return {
      errors: fieldErrors(result.error!.issues, Object.keys(zod.shape), value),
    }
  }
  const result = schema['~standard'].validate(value)
  if (result instanceof Promise)
    throw new TypeError(
      'Failed to validate: the schema validates asynchronously. hypermock runs every operation synchronously; use a schema without async refinements.',
    )
  if (!result.issues) return { value: result.value }
  return {
    errors: result.issues.map((issue) => {
      const path = (issue.path ?? []).map(keyOf)
      return {
        field: path.map(String).join('.'),
        message: issue.message,
        pointer: pointerOf(path),
      }
    }),
  }
}

/** JSON Schema formats that OpenAPI 3.1 (JSON Schema 2020-12) and its validators know. */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
])

/** Drops `format` values no validator knows (zod writes `starts_with`); the `pattern` stays. */
export function standardFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(standardFormats)
  if (schema === null || typeof schema !== 'object') return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (
      key === 'format' &&
      typeof value === 'string' &&
      !STANDARD_FORMATS.has(value)
    )
      continue
    out[key] = standardFormats(value)
  }
  return out
}

/**
 * The JSON Schema of what a schema produces (or, with `io: 'input'`, of what it accepts: a request
 * body's): zod's own output, or a Standard JSON Schema's, or an empty (any) schema where neither is
 * there.
 */
export function jsonSchemaOf(
  schema: Schema,
  io: 'input' | 'output' = 'output',
): JsonSchema {
  let json: unknown = {}
  try {
    if (asZodObject(schema) || (schema as { _zod?: unknown })._zod)
      json = z.toJSONSchema(schema as unknown as z.ZodType, {
        io,
        unrepresentable: 'any',
      })
    else {
      const standard = (
        schema['~standard'] as {
          jsonSchema?: Partial<
            Record<'input' | 'output', (o: { target: string }) => unknown>
          >
        }
      ).jsonSchema
      const convert = standard?.[io]
      if (convert) json = convert({ target: 'draft-2020-12' })
    }
  } catch {
    json = {}
  }
  const clean = standardFormats(json) as JsonSchema
  delete clean.$schema
  return clean
}
