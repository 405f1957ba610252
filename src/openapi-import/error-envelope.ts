import type {
  ApiDeclaration,
  ProblemSummary,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { seededBy } from './conform-answer.ts'
import {
  flatProperties,
  jsonMedia,
  type DocOperation,
} from './openapi-reader.ts'
import { repairToSchema } from './repair-to-schema.ts'
import { flatten, isObject, resolve, typeOf, type Json } from './schema-view.ts'

const PROBLEM_MEMBERS = new Set([
  'type',
  'title',
  'status',
  'detail',
  'instance',
  'errors',
  'requestId',
])

/** The JSON schema most of the description's error responses (4xx, 5xx, `default`) draw. */
function commonErrorSchema(document: Json, operations: DocOperation[]) {
  const counts = new Map<unknown, number>()
  for (const { operation } of operations)
    for (const [status, raw] of Object.entries(
      (operation.responses as Json | undefined) ?? {},
    )) {
      if (!/^[45]|^default$/.test(status)) continue
      const schema = jsonMedia(resolve(document, raw).content)?.media.schema
      if (!isObject(schema)) continue
      const key = typeof schema.$ref === 'string' ? schema.$ref : schema
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  const [top] = [...counts].sort((a, b) => b[1] - a[1])
  if (!top) return undefined
  return typeof top[0] === 'string' ? { $ref: top[0] } : top[0]
}

/** The problem's slug: `/v1/problems/not-found` gives `not-found`. */
const slugOf = (problem: ProblemSummary) =>
  problem.type.split('/').at(-1) ?? problem.type

/** Members named for the problem's message, kind, status, field and request id, by the API's usual names. */
const MESSAGE =
  /^(message|detail|description|error_description|msg|error_message)$/i
const KIND = /^(type|code|error|id|error_code|reason|error_type|kind)$/i
const STATUS = /^(status|status_code|statusCode|http_status|code)$/i
const FIELD = /^(param|field|name|path|pointer|location|attribute|parameter)$/i
const REQUEST_ID = /^(request_?id|trace_?id|correlation_?id)$/i
const LIST =
  /^(errors|details|invalid_params|fields|validation_errors|error_details)$/i

type Problem = ProblemSummary & { requestId?: string }
type InvalidField = NonNullable<ProblemSummary['errors']>[number]

/**
 * One member of the API's error object filled from the problem: its message, its kind (an enum's
 * value that reads as the status's: `invalid_request_error` for a 4xx, `api_error` for a 5xx),
 * its status, the first invalid field, the request id. Undefined where the problem has nothing
 * for it (the member is then drawn from its schema, if required).
 */
function memberOf(
  document: Json,
  name: string,
  node: unknown,
  problem: Problem,
): unknown {
  const schema = flatten(document, node)
  const values = Array.isArray(schema.enum)
    ? schema.enum.filter((v): v is string => typeof v === 'string')
    : undefined
  if (values && values.length > 0) {
    const wanted = problem.status >= 500 ? /api|server|internal/ : /invalid/
    return values.find((v) => wanted.test(v)) ?? values[0]
  }
  const type = typeOf(schema)
  if (type === 'integer' || type === 'number')
    return STATUS.test(name) ? problem.status : undefined
  if (type !== 'string') return undefined
  if (MESSAGE.test(name)) return problem.detail
  if (name === 'title') return problem.title
  if (REQUEST_ID.test(name)) return problem.requestId
  if (/^status/i.test(name)) return String(problem.status)
  if (KIND.test(name)) return slugOf(problem)
  if (FIELD.test(name)) return problem.errors?.[0]?.field
  return undefined
}

/** One invalid field as an item of the API's own list of them (`{ field, message }`). */
function invalidItem(document: Json, node: unknown, error: InvalidField) {
  const properties = flatProperties(document, flatten(document, node))
  const out: Json = {}
  for (const [name, member] of Object.entries(properties)) {
    if (typeOf(member) !== 'string') continue
    if (FIELD.test(name) && error.field !== undefined) out[name] = error.field
    else if (MESSAGE.test(name) && error.message !== undefined)
      out[name] = error.message
    else if (KIND.test(name)) out[name] = 'invalid'
  }
  return out
}

/**
 * An object of the error schema filled from the problem, and its wrapper (`error` in
 * `{ "error": { … } }`: a required object member, or one named `error`) alike; other object
 * members (Stripe's `payment_intent`) are left to the schema.
 */
function filled(
  document: Json,
  node: unknown,
  problem: Problem,
  depth = 0,
): Json {
  const out: Json = {}
  const flat = flatten(document, node)
  const properties = flatProperties(document, flat)
  const required = new Set((flat.required as string[] | undefined) ?? [])
  for (const [name, member] of Object.entries(properties)) {
    const type = typeOf(member)
    if (type === 'object') {
      if (depth === 0 && (required.has(name) || /^error$/i.test(name)))
        out[name] = filled(document, member, problem, depth + 1)
    } else if (type === 'array' && LIST.test(name) && problem.errors?.length) {
      const items = member.items
      if (typeOf(flatten(document, items)) === 'object')
        out[name] = problem.errors.map((e) => invalidItem(document, items, e))
    } else if (
      depth === 0 &&
      name in problem &&
      fitsPlainly(document, member, (problem as unknown as Json)[name])
    ) {
      // The problem's own member, where the schema takes it as it is (`currentStatus`).
      continue
    } else {
      const value = memberOf(document, name, member, problem)
      if (value !== undefined) out[name] = value
    }
  }
  return out
}

/**
 * Whether a body plainly fits its schema, two levels deep: every required member there, each
 * plain member of its type and enum. Most error bodies filled from a problem do, and a
 * description's error schema can reach much of its graph (Stripe's names every object an error
 * may be about), which a full validation compiles first: seconds, once.
 */
function fitsPlainly(
  document: Json,
  node: unknown,
  value: unknown,
  depth = 0,
): boolean {
  const flat = flatten(document, node)
  const type = typeOf(flat)
  if (Array.isArray(flat.enum) && !flat.enum.includes(value)) return false
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'integer':
      return Number.isInteger(value)
    case 'number':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value)
    case 'object': {
      if (!isObject(value)) return false
      if (depth > 1) return true
      const properties = flatProperties(document, flat)
      for (const name of (flat.required as string[] | undefined) ?? [])
        if (!(name in value)) return false
      if (flat.additionalProperties === false)
        for (const name of Object.keys(value))
          if (!(name in properties)) return false
      return Object.entries(value).every(
        ([name, member]) =>
          !(name in properties) ||
          fitsPlainly(document, properties[name], member, depth + 1),
      )
    }
    default:
      // A composite (oneOf, anyOf) or untyped schema is left to the validator.
      return false
  }
}

/** Whether a schema draws a problem document: every member it names is one of RFC 9457's. */
function isProblemSchema(document: Json, schema: unknown) {
  const names = Object.keys(flatProperties(document, flatten(document, schema)))
  return names.length === 0 || names.every((n) => PROBLEM_MEMBERS.has(n))
}

/** An operation's path as a pattern a request's path ends with. */
const pathPattern = (path: string) =>
  new RegExp(
    `${path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  )

/**
 * Where the description's errors are a shape of its own (Stripe's and OpenAI's
 * `{ "error": { "type", "message", … } }`, GitHub's `{ message, documentation_url }`, Box's
 * `{ type: "error", status, code }`, DigitalOcean's `{ id, message, request_id }`): each error
 * in the schema the refused operation documents for its status (or the one most of its errors
 * draw), filled from the problem (message, kind, status, every invalid field where it has a
 * list for them) and made to fit that schema. RFC 9457's members stay beside where the schema
 * has room for them. Undefined where the errors are problem documents already, or draw nothing.
 */
export function errorBodyOf(
  document: Json,
  operations: DocOperation[],
  validator: DescriptionValidator,
): ApiDeclaration['errorBody'] {
  const common = commonErrorSchema(document, operations)
  const documented = operations.some(({ operation }) =>
    Object.keys((operation.responses as Json | undefined) ?? {}).some((s) =>
      /^[45]|^default$/.test(s),
    ),
  )
  if (!documented) return undefined
  // The most specific first: `/pets/mine` before `/pets/{id}`.
  const routes = operations
    .map((op) => ({
      method: op.method.toUpperCase(),
      pattern: pathPattern(op.path),
      literal: op.path.replace(/\{[^}]+\}/g, '').length,
      responses: (op.operation.responses as Json | undefined) ?? {},
    }))
    .sort((a, b) => b.literal - a.literal)
  const schemaFor = (
    problem: Problem,
    request: { method: string; path: string },
  ) => {
    const matching = routes.filter((r) => r.pattern.test(request.path))
    const route =
      matching.find((r) => r.method === request.method) ?? matching[0]
    const status = String(problem.status)
    const raw = route
      ? (route.responses[status] ??
        route.responses[`${status[0]}XX`] ??
        route.responses.default)
      : undefined
    const content =
      raw === undefined ? undefined : resolve(document, raw).content
    const schema = jsonMedia(content)?.media.schema
    return {
      schema: schema ?? common,
      // Whether the answer may be a problem document's own media type: the status lists it (or
      // any type), or lists none.
      problemType:
        !isObject(content) ||
        Object.keys(content).some(
          (type) => type === '*/*' || /^application\/problem\+json/i.test(type),
        ),
    }
  }
  return (problem, request) => {
    const { schema, problemType } = schemaFor(problem, request)
    if (!isObject(schema)) return undefined
    // A problem document the schema already takes (hypermock's own description's, one that
    // only adds members) is answered as it is, as JSON where the status lists JSON alone.
    if (
      isProblemSchema(document, schema) ||
      fitsPlainly(document, schema, problem)
    )
      return problemType ? undefined : { ...problem }
    const body = { ...problem, ...filled(document, schema, problem) }
    if (fitsPlainly(document, schema, body)) return body
    return repairToSchema(
      document,
      validator,
      schema,
      body,
      seededBy(`${problem.status} ${slugOf(problem)}`),
    ) as object
  }
}
