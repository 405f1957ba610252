import type {
  AnyResource,
  ItemRouteDeclaration,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { exampleOperation } from './example-operation.ts'
import type { DocOperation } from './openapi-reader.ts'
import type { Json } from './schema-view.ts'

/**
 * An operation below an item that keeps no record of its own (`POST /charges/{charge}/capture`,
 * `PUT /posts/{id}/locked.json`) as one of the item's own routes (`itemRoutes`): the engine finds
 * the item (404), checks a write's `If-Match` against its ETag and answers with it; the body is
 * validated by the operation's schema and the answer is its example, or a body drawn from its
 * schema. `under`: another path the item is named below (`/test_helpers/issuing/cards`).
 */
export function itemAction(
  document: Json,
  op: DocOperation,
  validator: DescriptionValidator,
  path: string,
  under?: string,
): ItemRouteDeclaration {
  const route = exampleOperation(document, op, validator)
  return {
    method: route.method,
    path,
    ...(under !== undefined && { under }),
    handle: (ctx) => route.handle(ctx),
    ...(route.summary !== undefined && { summary: route.summary }),
    ...(route.status !== undefined && { status: route.status }),
    ...(route.accepts && { accepts: route.accepts }),
    ...(route.arrays && { arrays: true }),
  }
}

/** Adds an item route to a resource, unless one of that method and path is there already. */
export function addItemRoute(
  resource: AnyResource,
  route: ItemRouteDeclaration,
): boolean {
  const routes = resource.itemRoutes ?? []
  if (
    routes.some(
      (r) =>
        r.method === route.method &&
        r.path === route.path &&
        r.under === route.under,
    )
  )
    return false
  resource.itemRoutes = [...routes, route]
  return true
}
