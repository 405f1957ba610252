import type { ErrorObject } from 'ajv'
import {
  escapePointer,
  isObject,
  resolveRef,
  type DescribedOperation,
  type OpenApiDocument,
} from './openapi-document.ts'
import { validatorsFor } from './response-conformance.ts'

/**
 * A JSON pointer to an operation's JSON request body schema, following a `requestBody` given by
 * `$ref`; `null` when the operation takes no JSON body.
 */
export function requestSchemaPointer(
  doc: OpenApiDocument,
  operation: DescribedOperation,
): string | null {
  const raw = operation.operation.requestBody
  const body = resolveRef(doc, raw)
  const mediaType =
    isObject(body) && isObject(body.content)
      ? Object.keys(body.content).find((type) => /json/i.test(type))
      : undefined
  if (!mediaType) return null
  const at =
    isObject(raw) && typeof raw.$ref === 'string'
      ? raw.$ref
      : `${operation.pointer}/requestBody`
  return `${at}/content/${escapePointer(mediaType)}/schema`
}

/** The top-level members a schema marks `readOnly`: a request leaves them out even when required. */
function readOnlyMembers(doc: OpenApiDocument, schema: unknown): Set<string> {
  const resolved = resolveRef(doc, schema)
  const properties =
    isObject(resolved) && isObject(resolved.properties)
      ? resolved.properties
      : {}
  return new Set(
    Object.entries(properties)
      .filter(([, raw]) => {
        const property = resolveRef(doc, raw)
        return isObject(property) && property.readOnly === true
      })
      .map(([name]) => name),
  )
}

/**
 * Whether a value is a request body the operation's schema accepts; `null` when the operation has
 * no JSON body schema, or the description or the schema does not compile. A required member marked `readOnly` is not
 * asked of a request (OpenAPI: it is sent in responses only).
 */
export function requestBodyValidator(
  doc: OpenApiDocument,
  operation: DescribedOperation,
): ((value: unknown) => boolean) | null {
  const pointer = requestSchemaPointer(doc, operation)
  if (!pointer) return null
  let validate: ReturnType<ReturnType<typeof validatorsFor>['schema']>
  try {
    validate = validatorsFor(doc).schema(pointer)
  } catch {
    // A description ajv cannot take in (two schemas with one $id): bodies are sent unchecked.
    return null
  }
  if (typeof validate === 'string') return null
  const body = resolveRef(doc, operation.operation.requestBody)
  const media =
    isObject(body) && isObject(body.content)
      ? Object.entries(body.content).find(([type]) => /json/i.test(type))?.[1]
      : undefined
  const readOnly = readOnlyMembers(
    doc,
    isObject(media) ? media.schema : undefined,
  )
  const excused = (error: ErrorObject) =>
    error.keyword === 'required' &&
    error.instancePath === '' &&
    readOnly.has(String(error.params.missingProperty))
  return (value) =>
    validate(value) === true || (validate.errors ?? []).every(excused)
}
