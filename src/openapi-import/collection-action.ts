import type {
  AnyResource,
  CollectionRouteDeclaration,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { exampleOperation } from './example-operation.ts'
import type { OperationReport } from './import-types.ts'
import {
  flatProperties,
  requestSchemaOf,
  type DocOperation,
} from './openapi-reader.ts'
import { flatten, type Json } from './schema-view.ts'

/** Whether a write's body carries the record's key (`{ "id": 10, … }`): it names one record. */
export function namesRecord(document: Json, op: DocOperation, key: string) {
  const schema = requestSchemaOf(document, op.operation, true)
  return (
    schema !== undefined &&
    key in flatProperties(document, flatten(document, schema))
  )
}

/**
 * A write on a collection as a whole that names no record of it (GitHub's `PUT /notifications`
 * marks every one read, `PUT .../runners/{runner_id}/labels` sets a runner's labels): one of the
 * resource's `collectionRoutes`. The engine answers 404 for parents that do not exist; the body is
 * validated by the operation's schema and the answer is its example, or a body drawn from its
 * schema. Returns its report.
 */
export function collectionAction(
  document: Json,
  op: DocOperation,
  validator: DescriptionValidator,
  resource: AnyResource,
  name: string,
): OperationReport {
  const route = exampleOperation(document, op, validator)
  const declared: CollectionRouteDeclaration = {
    method: route.method as CollectionRouteDeclaration['method'],
    handle: (ctx) => route.handle(ctx),
    ...(route.summary !== undefined && { summary: route.summary }),
    ...(route.status !== undefined && { status: route.status }),
    ...(route.accepts && { accepts: route.accepts }),
    ...(route.arrays && { arrays: true }),
  }
  resource.collectionRoutes = [...(resource.collectionRoutes ?? []), declared]
  const method = op.method.toUpperCase()
  return {
    method,
    path: op.path,
    servedAs: 'action',
    resource: name,
    why: `${method} on the collection as a whole (its body names no record of it): 404 when a parent its path names does not exist`,
    notes: ['it changes no record: it answers its example or a generated body'],
  }
}
