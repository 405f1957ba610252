/**
 * `GET` on an item: the record with its links and ETag (304 for a fresh `If-None-Match`); or, where
 * the resource's read answers 204, no body and the ETag (the item is there).
 */
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import { handlerContext, recordResponse } from '../declare/handler-context.ts'
import { HttpResponse } from '../http-response.ts'
import type { AnyRecord } from '../declare/types.ts'
import { camel, schemaRef, withArticle } from '../openapi/schema-names.ts'
import type { Convention } from './convention.ts'
import { itemSchema } from './item-envelope.ts'
import { exampleId, hookProblems } from './endpoint-doc.ts'

export function readConvention(
  resource: CompiledResource,
): Convention<ItemHandler<AnyRecord>> {
  const guard = resource.declaration.read?.guard as
    | ((ctx: unknown) => void)
    | undefined
  return {
    handler: (ctx, item) => {
      if (guard) guard({ ...handlerContext(ctx), item })
      if (resource.status.read === 204)
        return HttpResponse.empty({
          headers: { ETag: ctx.runtime.api.etag(resource, item) },
        })
      return recordResponse(ctx.runtime, resource, item)
    },
    doc: (ctx) => ({
      operationId: camel('get', resource.singular),
      summary: `Read ${withArticle(resource.singular)}`,
      tag: resource.title,
      answers: [
        resource.status.read === 204
          ? { status: 204, etag: true }
          : {
              status: 200,
              schema: itemSchema(
                resource.item,
                schemaRef(ctx.names.get(resource.name)!.item),
              ),
              etag: true,
            },
      ],
      ifNoneMatch: resource.status.read === 200,
      problems: guard ? hookProblems(ctx, false) : [],
      pathItem: { resource, example: exampleId(ctx, resource) },
    }),
  }
}
