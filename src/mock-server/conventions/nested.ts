/** `GET` on a nested collection (`/books/{id}/loans`): the child records of one parent. */
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { AnyRecord } from '../declare/types.ts'
import { camel, schemaRef, withArticle } from '../openapi/schema-names.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type { Convention } from './convention.ts'
import { listHandler, type RowFilter } from './list.ts'
import { exampleId } from './endpoint-doc.ts'

export function nestedConvention(
  parent: CompiledResource,
  child: CompiledResource,
  nested: CompiledResource['nested'][number],
  where: RowFilter,
): Convention<ItemHandler<AnyRecord>> {
  return {
    handler: listHandler(child, where),
    doc: (ctx) => ({
      operationId: camel('list', parent.singular, nested.name),
      summary:
        nested.title ?? `${child.title} of ${withArticle(parent.singular)}`,
      tag: parent.title,
      answers: [
        {
          status: 200,
          schema: schemaRef(ctx.names.get(child.name)!.collection),
          page: true,
        },
      ],
      collection: child,
      problems: ['invalid-query'],
      pathItem: { resource: parent, example: exampleId(ctx, parent) },
    }),
  }
}
