import { z } from 'zod'
import type { AnyResource } from '../mock-server/declare/types.ts'
import type {
  CollectionOperations,
  InferredResource,
} from './infer-resource.ts'
import type { OperationReport } from './import-types.ts'
import {
  flatProperties,
  requestSchemaOf,
  type DocOperation,
} from './openapi-reader.ts'
import { flatten, isObject, typeOf, type Json } from './schema-view.ts'

/**
 * Whether a collection's records come in by `PUT` on the item: it has no create on the collection,
 * and its `PUT` either lists `201 Created` (GitHub's "create or update" of
 * `PUT /orgs/{org}/actions/secrets/{secret_name}`) or takes no body, adding the item its path
 * names to a set (GitHub's `PUT /orgs/{org}/blocks/{username}`). A `PUT` with a body that lists
 * no 201 only replaces (Box's `PUT /files/{file_id}`): its records come from elsewhere.
 */
export function putOnItemCreates(group: CollectionOperations): boolean {
  const put = group.replace
  return (
    put !== undefined &&
    group.create === undefined &&
    (group.list !== undefined || group.read !== undefined) &&
    (put.operation.requestBody === undefined || successes(put).includes(201))
  )
}

/**
 * The collection's record inferred for a `PUT` that creates: keyed by the member its item path
 * names, where the record has one. GitHub's `{username}` names a user by its `login`.
 */
export function inferPutKeyed(
  infer: (keys: string[]) => InferredResource | { why: string },
  param: string | undefined,
): InferredResource | { why: string } {
  const first = infer([...new Set([...(param ? [param] : []), 'id'])])
  if (
    param === 'username' &&
    !('why' in first) &&
    first.key !== param &&
    'login' in first.record
  )
    return infer(['login'])
  return first
}

/** The success statuses an operation lists. */
function successes(op: DocOperation): number[] {
  const responses = isObject(op.operation.responses)
    ? (op.operation.responses as Json)
    : {}
  return Object.keys(responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
}

type WriteStatus = 200 | 201 | 202 | 204

/**
 * A `PUT` that creates the item its path names where there is none (`replace.upsert`): the body
 * the operation draws (none: an empty one, the record's members drawn), and the statuses it
 * lists, `201` for the create where it lists one. None where the body it draws takes no input the
 * engine can check.
 */
export function putCreate(
  group: CollectionOperations,
  inferred: InferredResource,
): Pick<AnyResource, 'replace' | 'status'> | undefined {
  const op = group.replace!
  // A PUT with no body (a membership's) carries nothing: a replace keeps every member as stored.
  const bodiless = op.operation.requestBody === undefined
  const input = bodiless ? z.object({}) : inferred.inputOf(op)
  if (!input) return undefined
  const listed = successes(op)
  const pick = (order: WriteStatus[]) =>
    order.find((s) => listed.includes(s)) ?? order[0]!
  const declared = inferred.declaration.replace
  const keep = bodiless
    ? Object.keys(inferred.record)
    : declared && typeof declared === 'object' && 'keep' in declared
      ? declared.keep
      : undefined
  return {
    replace: {
      input,
      ...(keep && { keep }),
      upsert: { prepare: inferred.prepare },
    },
    status: {
      ...inferred.declaration.status,
      // A read that lists 204 alone checks that the member is there (GitHub's).
      ...(group.read &&
        successes(group.read).join() === '204' && { read: 204 as const }),
      replace: pick([200, 204, 202, 201]),
      upsert: pick([201, 204, 200, 202]),
    },
  }
}

/** How the import report says a `PUT` that creates is served. */
export function putCreateReport(
  op: DocOperation,
  name: string,
): OperationReport {
  return {
    method: 'PUT',
    path: op.path,
    servedAs: 'replace',
    resource: name,
    why: 'PUT on the item creates it where there is none (keyed by the path), else replaces it',
    notes: ['If-None-Match: * creates only; If-Match gives 412'],
  }
}

/**
 * A `PUT` on the collection that replaces the whole set (`replaceAll`): its body is one array of
 * the records' keys (GitHub's `{ "selected_repository_ids": [1, 2] }`, `{ "runners": [9, 2] }`),
 * and it answers 204. None for any other body.
 */
export function replaceAllOf(
  document: Json,
  op: DocOperation,
  inferred: InferredResource,
): { member: string } | undefined {
  if (!successes(op).every((s) => s === 204)) return undefined
  const schema = requestSchemaOf(document, op.operation)
  if (!schema) return undefined
  const members = Object.entries(
    flatProperties(document, flatten(document, schema)),
  )
  if (members.length !== 1) return undefined
  const [member, node] = members[0]!
  const list = flatten(document, node)
  const item = typeOf(flatten(document, list.items))
  const key = typeOf(inferred.record[inferred.key] ?? {})
  const integer = (t: string | undefined) => t === 'integer' || t === 'number'
  return typeOf(list) === 'array' &&
    /^[A-Za-z_][\w-]{0,63}$/.test(member) &&
    (integer(key) ? integer(item) : item === 'string' && key === 'string')
    ? { member }
    : undefined
}

/** How the import report says a `PUT` that replaces the whole set is served. */
export function replaceAllReport(
  op: DocOperation,
  name: string,
  member: string,
): OperationReport {
  return {
    method: 'PUT',
    path: op.path,
    servedAs: 'replace',
    resource: name,
    why: `PUT on the collection makes the set the records ${member} names: the others deleted, absent ones created`,
    notes: ['every bad key in one 422'],
  }
}

/**
 * A `PUT` on the collection that replaces the record its body's key names (`replace.collection`,
 * Swagger Petstore's `PUT /pet` with `{ "id": 10, … }`), where the collection has no `PUT` on its
 * item: its body checked as the operation draws it, the key among the members it takes, and the
 * status it lists. None where its body cannot carry the key.
 */
export function replaceByBodyOf(
  document: Json,
  op: DocOperation,
  inferred: InferredResource,
): Pick<AnyResource, 'replace' | 'status'> | undefined {
  const input = inferred.inputOf(op)
  const schema = requestSchemaOf(document, op.operation)
  if (!input || !schema) return undefined
  const carried = Object.keys(
    flatProperties(document, flatten(document, schema)),
  )
  const key = inferred.record[inferred.key]
  if (!carried.includes(inferred.key) || !key || key.readOnly === true)
    return undefined
  const listed = successes(op)
  const status = ([200, 204, 202] as const).find((s) => listed.includes(s))
  return {
    replace: {
      input,
      keep: Object.keys(inferred.record).filter((f) => !carried.includes(f)),
      put: false,
      collection: true,
    },
    ...(status !== undefined &&
      status !== 200 && {
        status: { ...inferred.declaration.status, replace: status },
      }),
  }
}

/** How the import report says a `PUT` that replaces the record its body names is served. */
export function replaceByBodyReport(
  op: DocOperation,
  name: string,
): OperationReport {
  return {
    method: 'PUT',
    path: op.path,
    servedAs: 'replace',
    resource: name,
    why: `PUT on the collection ${op.path} replaces the record its body's key names`,
    notes: ['404 for a key no record has; If-Match gives 412'],
  }
}

/**
 * Whether two writes take one body (a `PUT` on the collection and a `POST` on the item that both
 * take a `Pet`): a replace by the one and an update by the other then share the replace's input
 * and the members it keeps.
 */
export function takeOneBody(document: Json, a: DocOperation, b: DocOperation) {
  const one = requestSchemaOf(document, a.operation)
  return (
    one !== undefined &&
    JSON.stringify(one) ===
      JSON.stringify(requestSchemaOf(document, b.operation))
  )
}
