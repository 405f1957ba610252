import type { AnyResource } from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import type { OperationReport } from './import-types.ts'
import { addItemRoute, itemAction } from './item-action.ts'
import { requestBodyOf, type DocOperation } from './openapi-reader.ts'
import type { Json } from './schema-view.ts'

/**
 * Whether a `PATCH` on an item takes no body at all (GitHub's `PATCH /notifications/threads/{id}`,
 * which marks a thread read): no update of the record's members, an action on the item.
 */
export function bodilessPatch(op: DocOperation) {
  return op.method === 'patch' && op.operation.requestBody === undefined
}

/**
 * Whether a `PUT` on an item takes a body neither JSON nor a form (Box's upload of a file's part,
 * `application/octet-stream`, at `PUT /files/upload_sessions/{id}`): no replace of the record, an
 * action on the item.
 */
export function opaquePut(document: Json, op: DocOperation) {
  return (
    op.method === 'put' &&
    op.operation.requestBody !== undefined &&
    !requestBodyOf(document, op.operation, true)
  )
}

/**
 * An operation on an item that changes none of its members (`bodilessPatch`, `opaquePut`, a
 * `POST` with no body such as OpenAI's cancel of an eval run) as one
 * of the item's own routes at its path (`itemRoutes`, path `''`): 404 for an item that does not
 * exist, `If-Match` checked against its ETag, and the answer the description draws. Returns its
 * report.
 */
export function itemPathAction(
  document: Json,
  op: DocOperation,
  validator: DescriptionValidator,
  resource: AnyResource,
  name: string,
): OperationReport {
  addItemRoute(resource, itemAction(document, op, validator, ''))
  const method = op.method.toUpperCase()
  return {
    method,
    path: op.path,
    servedAs: 'action',
    resource: name,
    why: `${method} with ${method === 'PUT' ? 'a body that is not JSON' : 'no body'} on an existing item of ${name}: 404 when there is none; If-Match gives 412`,
    notes: ['it changes no member: it answers its example or a generated body'],
  }
}
