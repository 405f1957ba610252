import type {
  ApiDeclaration,
  ProblemSummary,
} from '../mock-server/declare/types.ts'
import { jsonMedia, type DocOperation } from './openapi-reader.ts'
import { sampleValue } from './sample-value.ts'
import { flatten, isObject, resolve, typeOf, type Json } from './schema-view.ts'

const PROBLEM_MEMBERS = new Set(['type', 'title', 'status', 'detail'])

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

/**
 * One member of the envelope's error object filled from the problem: its message, its kind (an
 * enum's value that reads as the status's: `invalid_request_error` for a 4xx, `api_error` for a
 * 5xx), its code, the first invalid field.
 */
function memberOf(
  document: Json,
  name: string,
  node: unknown,
  problem: ProblemSummary,
): unknown {
  const schema = flatten(document, node)
  const values = Array.isArray(schema.enum)
    ? schema.enum.filter((v): v is string => typeof v === 'string')
    : undefined
  if (values && values.length > 0) {
    const wanted = problem.status >= 500 ? /api|server|internal/ : /invalid/
    return values.find((v) => wanted.test(v)) ?? values[0]
  }
  if (typeOf(schema) !== 'string') return undefined
  if (/^(message|detail|description)$/.test(name)) return problem.detail
  if (/^(type|code)$/.test(name)) return slugOf(problem)
  if (name === 'param') return problem.errors?.[0]?.field ?? null
  return undefined
}

/**
 * Where a description's errors are an envelope of their own (Stripe's and OpenAI's
 * `{ "error": { "type", "message", … } }`), the members every problem document carries beside
 * RFC 9457's, filled from the problem: a client that reads only the envelope (Stripe's SDK takes
 * any answer without `error` for a success) sees the failure. Undefined where the errors are
 * problem documents already, or draw nothing of the kind.
 */
export function errorEnvelope(
  document: Json,
  operations: DocOperation[],
): ApiDeclaration['problemMembers'] {
  const schema = commonErrorSchema(document, operations)
  if (!schema) return undefined
  const envelope = flatten(document, schema)
  const properties = isObject(envelope.properties) ? envelope.properties : {}
  const names = Object.keys(properties)
  if (names.every((n) => PROBLEM_MEMBERS.has(n))) return undefined
  const required = (envelope.required as string[] | undefined) ?? []
  const wrappers = (required.length > 0 ? required : names).filter(
    (n) =>
      !PROBLEM_MEMBERS.has(n) &&
      typeOf(flatten(document, properties[n])) === 'object',
  )
  if (wrappers.length === 0) return undefined
  return (problem) => {
    const out: Record<string, unknown> = {}
    for (const wrapper of wrappers) {
      const inner = flatten(document, properties[wrapper])
      const members = isObject(inner.properties) ? inner.properties : {}
      const needed = new Set((inner.required as string[] | undefined) ?? [])
      const error: Record<string, unknown> = {}
      for (const [name, node] of Object.entries(members)) {
        const value = memberOf(document, name, node, problem)
        if (value !== undefined) error[name] = value
        else if (needed.has(name))
          error[name] = sampleValue(document, node, () => 0, name)
      }
      out[wrapper] = error
    }
    return out
  }
}
