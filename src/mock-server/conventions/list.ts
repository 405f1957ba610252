/** `GET` on a collection: a page of the records the caller may see, filtered and sorted. */
import { afterKeyPage } from '../collections/after-key-page.ts'
import { collectionResponse } from '../collections/collection-response.ts'
import { parseCollectionQuery } from '../collections/query.ts'
import { selectPage } from '../collections/select-page.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { AnyRecord } from '../declare/types.ts'
import { lowerFirst, camel, schemaRef } from '../openapi/schema-names.ts'
import type { Handler, RouteContext } from '../route-spec.ts'
import type { Convention } from './convention.ts'

/** Which rows of the listed resource a request sees (below `parent` for a nested list). */
export type RowFilter = (
  ctx: RouteContext,
  parent: AnyRecord | undefined,
) => (row: AnyRecord) => boolean

export function listHandler(resource: CompiledResource, where: RowFilter) {
  return (ctx: RouteContext, parent?: AnyRecord) => {
    const { runtime } = ctx
    const query = parseCollectionQuery(
      ctx.url.searchParams,
      resource.filters,
      resource.sortable,
      resource.list,
    )
    const rows = runtime.db.table(resource.name).rows.values()
    const idOrdered = resource.idKind === 'integer'
    const keyed =
      resource.list.paging === 'after'
        ? afterKeyPage(
            rows,
            query,
            where(ctx, parent),
            idOrdered,
            (row) => String(row.id),
            resource.list.params,
          )
        : undefined
    const { items, total } =
      keyed ?? selectPage(rows, query, where(ctx, parent), idOrdered)
    return collectionResponse(
      ctx.url,
      query,
      items.map((row) => runtime.api.present(resource, row, runtime)),
      total,
      runtime.options.origin,
      resource.list,
      keyed,
    )
  }
}

export function listConvention(
  resource: CompiledResource,
  where: RowFilter,
): Convention<Handler> {
  return {
    handler: listHandler(resource, where),
    doc: (ctx) => ({
      operationId: camel('list', resource.name),
      summary: `List ${lowerFirst(resource.title)}`,
      tag: resource.title,
      answers: [
        {
          status: 200,
          schema: schemaRef(ctx.names.get(resource.name)!.collection),
          page: true,
        },
      ],
      collection: resource,
      problems: ['invalid-query'],
    }),
  }
}
