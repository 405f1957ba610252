import { Ajv2020 } from 'ajv/dist/2020.js'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { patternRegExp } from '../common/pattern-regexp.ts'
import {
  escapePointer,
  isObject,
  resolveRef,
  type OpenApiDocument,
} from './openapi-document.ts'

/** The description is added to ajv under this id; pointers into it are `#/paths/...`. */
const DOCUMENT_ID = 'https://description.hypermock.invalid/openapi.json'

interface Validators {
  schema(pointer: string): ValidateFunction | string
}

/** By the description's text: runs against the same server compile its schemas once. */
const cache = new Map<string, Validators>()
const CACHED_DESCRIPTIONS = 4
const byDocument = new WeakMap<OpenApiDocument, Validators>()

/**
 * Compiles a description's schemas on demand, once each: OpenAPI 3.1 schemas are JSON Schema
 * 2020-12, 3.0 ones are draft-07 with `nullable` (which ajv reads). Every error is kept, as the
 * engine's validation does. A schema that does not compile gives the reason instead.
 */
export function validatorsFor(doc: OpenApiDocument): Validators {
  const same = byDocument.get(doc)
  if (same) return same
  const text = JSON.stringify(doc)
  const known = cache.get(text)
  if (known) {
    byDocument.set(doc, known)
    return known
  }
  const version = (doc as { openapi?: unknown }).openapi
  const options = {
    strict: false,
    allErrors: true,
    validateSchema: false,
    discriminator: false,
    code: { regExp: patternRegExp },
  } as const
  const ajv =
    typeof version === 'string' && version.startsWith('3.0')
      ? new Ajv(options)
      : new Ajv2020(options)
  addFormats.default(ajv)
  ajv.addSchema(doc as object, DOCUMENT_ID)
  const compiled = new Map<string, ValidateFunction | string>()
  const validators: Validators = {
    schema(pointer) {
      let validate = compiled.get(pointer)
      if (validate === undefined) {
        try {
          validate = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` })
        } catch (error) {
          validate = `its schema does not compile: ${(error as Error).message}`
        }
        compiled.set(pointer, validate)
      }
      return validate
    },
  }
  byDocument.set(doc, validators)
  cache.set(text, validators)
  if (cache.size > CACHED_DESCRIPTIONS) cache.delete(cache.keys().next().value!)
  return validators
}

/** The description's answer for a status: the code itself, its range (`4XX`), else `default`. */
export function documentedResponse(
  doc: OpenApiDocument,
  operationPointer: string,
  operation: Record<string, unknown>,
  status: number,
): { key: string; pointer: string; response: Record<string, unknown> } | null {
  const responses = isObject(operation.responses) ? operation.responses : {}
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find(
    (candidate) =>
      Object.keys(responses).some(
        (k) => k.toUpperCase() === candidate.toUpperCase(),
      ),
  )
  if (key === undefined) return null
  const actual = Object.keys(responses).find(
    (k) => k.toUpperCase() === key.toUpperCase(),
  )!
  const response = resolveRef(doc, responses[actual])
  return isObject(response)
    ? {
        key: actual,
        pointer: `${operationPointer}/responses/${escapePointer(actual)}`,
        response,
      }
    : null
}

/** A media type's essence: `application/json; charset=utf-8` → `application/json`. */
const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase()

/** Whether a documented media range (`application/json`, `application/*`, `*\/*`) covers a type. */
function covers(range: string, type: string) {
  const [rangeType, rangeSub] = essence(range).split('/')
  const [actualType, actualSub] = type.split('/')
  return (
    (rangeType === '*' || rangeType === actualType) &&
    (rangeSub === '*' || rangeSub === actualSub)
  )
}

export interface ResponseProblem {
  what: string
  /** Where in the description the rule that failed lives, a JSON pointer. */
  schemaPath: string
}

/**
 * How a response departs from what the description documents for its operation: an undocumented
 * status, a media type it does not list, a body its schema refuses (every error, with the
 * instance's and the schema's path), a required header missing. `[]` when it conforms.
 */
export function responseProblems(
  doc: OpenApiDocument,
  operation: { pointer: string; operation: Record<string, unknown> },
  response: {
    method: string
    status: number
    headers: Headers
    json: unknown
    hasBody: boolean
  },
): ResponseProblem[] {
  const documented = documentedResponse(
    doc,
    operation.pointer,
    operation.operation,
    response.status,
  )
  if (!documented) {
    const listed = Object.keys(
      isObject(operation.operation.responses)
        ? operation.operation.responses
        : {},
    )
    return [
      {
        what: `status ${response.status} is not documented (documented: ${listed.join(', ') || 'none'})`,
        schemaPath: `${operation.pointer}/responses`,
      },
    ]
  }
  const problems: ResponseProblem[] = []
  const headers = isObject(documented.response.headers)
    ? documented.response.headers
    : {}
  for (const [name, raw] of Object.entries(headers)) {
    const header = resolveRef(doc, raw)
    if (
      isObject(header) &&
      header.required === true &&
      name.toLowerCase() !== 'content-type' &&
      !response.headers.has(name)
    )
      problems.push({
        what: `the required header ${name} is missing`,
        schemaPath: `${documented.pointer}/headers/${escapePointer(name)}`,
      })
  }
  const content = isObject(documented.response.content)
    ? documented.response.content
    : null
  if (!content || !response.hasBody || response.method === 'HEAD')
    return problems
  const type = essence(response.headers.get('content-type') ?? '')
  const range = Object.keys(content).find((candidate) =>
    covers(candidate, type),
  )
  if (range === undefined) {
    problems.push({
      what: `Content-Type ${type || '(none)'} is not documented for ${documented.key} (documented: ${Object.keys(content).join(', ')})`,
      schemaPath: `${documented.pointer}/content`,
    })
    return problems
  }
  const media = content[range]
  if (
    !isObject(media) ||
    media.schema === undefined ||
    response.json === undefined
  )
    return problems
  const schemaPath = `${documented.pointer}/content/${escapePointer(range)}/schema`
  const validate = validatorsFor(doc).schema(schemaPath)
  if (typeof validate === 'string') return problems
  if (validate(response.json)) return problems
  for (const error of (validate.errors ?? []).slice(0, 3))
    problems.push({
      what: `the body at ${error.instancePath || '/'} ${error.message ?? 'does not match'} (${error.schemaPath} of the schema)`,
      schemaPath,
    })
  return problems
}
