import type { ByKeysDeclaration } from '../mock-server/declare/types.ts'
import type { InferredResource } from './infer-resource.ts'
import type { OperationReport } from './import-types.ts'
import {
  flatProperties,
  requestSchemaOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { flatten, typeOf, type Json } from './schema-view.ts'

/** The names a list of keys goes by: `ids` for records keyed by `id`, `uris` by `uri`. */
const keysNames = (key: string) => new Set([`${key}s`, `${key}_list`])

/** The query parameter an operation lists the keys in (`?ids=a,b`), where it has one. */
function queryOf(op: DocOperation, names: Set<string>) {
  return op.parameters.find(
    (p) => p.in === 'query' && names.has(String(p.name)),
  )?.name as string | undefined
}

/** The body member an operation lists the keys in (`{ "ids": [...] }`): an array of scalars. */
function memberOf(document: Json, op: DocOperation, names: Set<string>) {
  const schema = requestSchemaOf(document, op.operation)
  if (schema === undefined) return undefined
  const properties = flatProperties(document, flatten(document, schema))
  return Object.keys(properties).find((name) => {
    if (!names.has(name)) return false
    const member = flatten(document, properties[name])
    return (
      typeOf(member) === 'array' &&
      ['string', 'integer'].includes(
        typeOf(flatten(document, member.items)) ?? '',
      )
    )
  })
}

/** The success an operation answers with when it answers no body: 204, else 200. */
function bareStatus(document: Json, op: DocOperation): 200 | 204 | undefined {
  const success = successOf(document, op.operation)
  if (!success || success.body) return undefined
  return success.status === 204 ? 204 : success.status === 200 ? 200 : undefined
}

/**
 * Writes on a collection with no items of its own that name its records by their keys alone
 * (Spotify's `PUT /me/albums?ids=a,b`, `DELETE /me/albums` with `{ "ids": [...] }`): the
 * resource's `byKeys`, where the adding write (and the removing one, where the description has
 * it) lists the keys in a query parameter or body member named for them, and answers no body.
 */
export function byKeysOf(
  document: Json,
  add: DocOperation,
  remove: DocOperation | undefined,
  inferred: InferredResource,
): ByKeysDeclaration | undefined {
  const names = keysNames(inferred.key)
  const writes = [add, ...(remove ? [remove] : [])]
  const query = writes.map((op) => queryOf(op, names)).find(Boolean)
  const member = writes.map((op) => memberOf(document, op, names)).find(Boolean)
  if (query === undefined && member === undefined) return undefined
  const status = bareStatus(document, add)
  if (status === undefined) return undefined
  // A removal that answers otherwise than the addition is left to answer as it is drawn.
  const removes =
    remove !== undefined && bareStatus(document, remove) === status
  return {
    ...(member !== undefined && { member }),
    ...(query !== undefined && { query }),
    add: add.method === 'post' ? 'POST' : 'PUT',
    remove: removes,
    prepare: inferred.prepare,
    status,
  }
}

/** How the import report says a write by keys is served. */
export function byKeysReport(
  op: DocOperation,
  name: string,
  declared: ByKeysDeclaration,
): OperationReport {
  const where = declared.query
    ? `?${declared.query}=`
    : `the body's ${String(declared.member)}`
  const adds = op.method !== 'delete'
  return {
    method: op.method.toUpperCase(),
    path: op.path,
    servedAs: adds ? 'create' : 'delete',
    resource: name,
    why: adds
      ? `${op.method.toUpperCase()} on the collection adds the records ${where} names, keeping the others`
      : `DELETE on the collection removes the records ${where} names`,
    notes: ['every bad key in one 422'],
  }
}

/**
 * The writes by keys of a collection at `at`: its `PUT` on the collection (among the writes the
 * engine's routes leave out) and its `DELETE` there (among the operations at paths of their own),
 * each taken out of its list where the collection serves it.
 */
export function claimByKeys(
  document: Json,
  at: string,
  inferred: InferredResource,
  extra: DocOperation[],
  own: DocOperation[],
): { byKeys: ByKeysDeclaration; served: DocOperation[] } | undefined {
  const add = extra.find((op) => op.method === 'put' && op.path === at)
  if (!add) return undefined
  const remove = own.find((op) => op.method === 'delete' && op.path === at)
  const byKeys = byKeysOf(document, add, remove, inferred)
  if (!byKeys) return undefined
  const served = [add, ...(byKeys.remove && remove ? [remove] : [])]
  extra.splice(extra.indexOf(add), 1)
  if (byKeys.remove && remove) own.splice(own.indexOf(remove), 1)
  return { byKeys, served }
}
