/**
 * `PUT` on the collection that replaces the record its body's key names (`replace.collection`):
 * Swagger Petstore's `PUT /pet` with `{ "id": 10, … }`. The record is found as its item's read
 * finds it, then replaced as a `PUT` on the item replaces it: `If-Match`, every invalid field in
 * one 422, the new ETag.
 */
import {
  parentValues,
  underParents,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type { AnyRecord, Id } from '../declare/types.ts'
import { fail } from '../problems/problem-error.ts'
import type { Handler, RouteContext } from '../route-spec.ts'
import { validationFailed } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import type { DescribeEndpoint } from './endpoint-doc.ts'
import { unwrapItem } from './item-envelope.ts'

/** The record the body's key names: 422 where it names none, 404 where no record has it. */
function recordNamed(resource: CompiledResource, ctx: RouteContext) {
  const member = resource.key.member
  const body = unwrapItem(resource.item, ctx.body)
  const key =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as AnyRecord)[member]
      : undefined
  const integer = resource.idKind === 'integer'
  const ok = integer
    ? typeof key === 'number' && Number.isSafeInteger(key) && key >= 1
    : typeof key === 'string' && key.length > 0 && key.length <= 200
  if (!ok)
    validationFailed(
      [
        {
          field: member,
          pointer: `#/${member}`,
          message: `names the ${resource.singular} to replace: ${integer ? 'a whole number from 1' : 'a string of 1 to 200 characters'} is required`,
        },
      ],
      ctx.body !== undefined,
    )
  const { runtime } = ctx
  const row = runtime.db.table(resource.name).get(key as Id)
  const below = parentValues(resource, ctx.params)
  if (
    !row ||
    !runtime.api.visible(resource, row, ctx.principal, runtime) ||
    !underParents(resource, row, below)
  )
    fail('not-found', {
      detail: `No ${resource.singular} ${String(key)} exists for this credential: the body's "${member}" names the ${resource.singular} to replace.`,
    })
  return row
}

/** The collection's `PUT`, the item's replace applied to the record its body names. */
export function replaceByBodyConvention(
  resource: CompiledResource,
  replace: Convention<ItemHandler<AnyRecord>>,
): Convention<Handler> {
  const doc: DescribeEndpoint = (ctx) => {
    const { pathItem: _item, ...described } = replace.doc(ctx)
    return {
      ...described,
      summary: `Replace the ${resource.singular} its body's ${resource.key.member} names`,
      problems: [...described.problems, 'not-found'],
    }
  }
  return {
    prefer: true,
    handler: (ctx) => replace.handler(ctx, recordNamed(resource, ctx)),
    doc,
  }
}
