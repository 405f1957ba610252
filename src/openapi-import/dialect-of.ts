import type { DocOperation } from './openapi-reader.ts'
import { resolve, type Json } from './schema-view.ts'

const WRITES = new Set(['post', 'put', 'patch'])

/** Headers the engine reads itself, or the credential: never a required header of the API's own. */
const OWN_HEADERS = new Set([
  'authorization',
  'content-type',
  'accept',
  'if-match',
  'if-none-match',
  'idempotency-key',
  'cookie',
])

/**
 * The status a description gives invalid input: 400 where every write documents 400 and none
 * documents 422, else hypermock's 422.
 */
function validationStatusOf(operations: readonly DocOperation[]) {
  const writes = operations.filter((op) => WRITES.has(op.method))
  if (writes.length === 0) return undefined
  const documents = (op: DocOperation, status: string) =>
    Object.hasOwn((op.operation.responses as Json | undefined) ?? {}, status)
  return writes.every((op) => documents(op, '400')) &&
    !writes.some((op) => documents(op, '422'))
    ? (400 as const)
    : undefined
}

/** The request headers each operation requires (`in: header`, `required: true`), by lowercase name. */
function requiredHeadersOf(document: Json, op: DocOperation) {
  const names = new Map<string, string>()
  const own = (op.operation.parameters as unknown[] | undefined) ?? []
  for (const raw of [...op.parameters, ...own]) {
    const p = resolve(document, raw)
    if (p.in !== 'header' || p.required !== true || typeof p.name !== 'string')
      continue
    if (!OWN_HEADERS.has(p.name.toLowerCase()))
      names.set(p.name.toLowerCase(), p.name)
  }
  return names
}

/**
 * What a description says of the API's own dialect beside its security schemes: the status of
 * invalid input, and the headers every operation requires (a tenant id). A header only some
 * operations require is noted, not enforced.
 */
export function dialectOf(
  document: Json,
  operations: readonly DocOperation[],
  notes: string[],
): { validationStatus?: 400; requiredHeaders?: string[] } {
  const out: { validationStatus?: 400; requiredHeaders?: string[] } = {}
  const status = validationStatusOf(operations)
  if (status !== undefined) {
    out.validationStatus = status
    notes.push(
      'every write documents 400 and none 422: invalid bodies are answered 400, every invalid field listed',
    )
  }
  if (operations.length === 0) return out
  const perOperation = operations.map((op) => requiredHeadersOf(document, op))
  const counts = new Map<string, { name: string; count: number }>()
  for (const names of perOperation)
    for (const [lower, name] of names) {
      const seen = counts.get(lower)
      counts.set(lower, {
        name: seen?.name ?? name,
        count: (seen?.count ?? 0) + 1,
      })
    }
  const everywhere: string[] = []
  for (const { name, count } of counts.values())
    if (count === operations.length) everywhere.push(name)
    else
      notes.push(
        `header ${name} is required by ${count} of ${operations.length} operations: not enforced (requiredHeaders applies to every request)`,
      )
  if (everywhere.length > 0) {
    out.requiredHeaders = everywhere
    notes.push(
      `every operation requires ${everywhere.join(', ')}: a request without ${everywhere.length === 1 ? 'it' : 'one'} is answered 400 missing-header`,
    )
  }
  return out
}

/**
 * The record members an item path's parameter may name, most likely first: the parameter as
 * spelled (`task_gid`), in the record's casing (`Sid` names `sid`, `ConversationSid` names
 * `conversationSid` or `conversation_sid`), then `id`, then the parameter's last word alone
 * (`task_gid` names `gid`, `ConversationSid` names `sid`), which an API keeps every record by.
 */
export function keyCandidates(param: string | undefined): string[] {
  if (param === undefined || param === 'id') return ['id']
  const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
  const snake = (s: string) =>
    s
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/-/g, '_')
      .toLowerCase()
  const words = snake(param).split('_').filter(Boolean)
  const last = words.at(-1)
  const tail =
    words.length > 1 && last !== undefined && last !== 'id'
      ? [last, last.charAt(0).toUpperCase() + last.slice(1)]
      : []
  return [...new Set([param, lowerFirst(param), snake(param), 'id', ...tail])]
}
