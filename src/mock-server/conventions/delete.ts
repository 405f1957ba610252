/** `DELETE` on an item: gone (204), `If-Match`, state and references permitting. */
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type { AnyRecord } from '../declare/types.ts'
import { checkIfMatch } from '../declare/check-if-match.ts'
import { stateConflict } from '../declare/write-checks.ts'
import { HttpResponse } from '../http-response.ts'
import { camel, schemaRef, withArticle } from '../openapi/schema-names.ts'
import type { Convention } from './convention.ts'
import { itemSchema, wrapItem } from './item-envelope.ts'
import { exampleId, states } from './endpoint-doc.ts'

export function deleteConvention(
  resource: CompiledResource,
): Convention<ItemHandler<AnyRecord>> {
  return {
    handler: (ctx, item) => {
      const { runtime } = ctx
      checkIfMatch(ctx.request, runtime.api.etag(resource, item))
      const state = resource.state
      if (state?.deleteIn && !state.deleteIn.includes(item[state.field]))
        stateConflict(resource, item, 'it cannot be deleted', ctx.path)
      runtime.api.deleteRow(runtime, resource, item)
      return resource.status.delete === 204
        ? HttpResponse.empty()
        : HttpResponse.json(
            wrapItem(
              resource.item,
              runtime.api.present(resource, item, runtime),
            ),
          )
    },
    doc: (ctx) => {
      const state = resource.state
      const referenced = [...ctx.api.resources.values()].some((other) =>
        other.relations.some(
          (r) => r.to === resource.name && r.onDelete === 'refuse',
        ),
      )
      return {
        operationId: camel('delete', resource.singular),
        summary: `Delete ${withArticle(resource.singular)}${state?.deleteIn ? ` (while its ${state.field} is ${states(state.deleteIn)})` : ''}`,
        tag: resource.title,
        answers: [
          resource.status.delete === 200
            ? {
                status: 200,
                schema: itemSchema(
                  resource.item,
                  schemaRef(ctx.names.get(resource.name)!.item),
                ),
              }
            : { status: 204 },
        ],
        ifMatch: true,
        problems: [
          'precondition-failed',
          ...(state?.deleteIn ? ['state-conflict'] : []),
          ...(referenced ? ['still-referenced'] : []),
        ],
        pathItem: { resource, example: exampleId(ctx, resource) },
      }
    },
  }
}
