/** `GET` on a collection: a page of the records the caller may see, filtered and sorted. */
import { afterKeyPage } from '../collections/after-key-page.ts'
import { collectionResponse } from '../collections/collection-response.ts'
import { isUnpaged } from '../collections/list-shape.ts'
import { parseCollectionQuery } from '../collections/query.ts'
import { HttpResponse } from '../http-response.ts'
import { selectTablePage } from '../collections/sorted-view.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { AnyRecord } from '../declare/types.ts'
import { OWN_ID } from '../declare/new-id.ts'
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
    const auth = runtime.api.auth
    // An API key sent as a query parameter is the credential, not a filter.
    const search =
      auth.type === 'apiKey' && auth.in === 'query'
        ? new URLSearchParams(
            [...ctx.url.searchParams].filter(([name]) => name !== auth.name),
          )
        : ctx.url.searchParams
    const query = parseCollectionQuery(
      search,
      resource.filters,
      resource.sortable,
      resource.list,
    )
    // `id` filters and sorts by a record's own id where another member is its key (the row keeps
    // it aside); with no sort asked for, the list keeps the key's order.
    if (resource.ownId) {
      query.filters = query.filters.map((f) =>
        f.field === 'id' ? { ...f, field: OWN_ID } : f,
      )
      if (search.has(resource.list.params.sort))
        query.sort = query.sort.map((s) =>
          s.field === 'id' ? { ...s, field: OWN_ID } : s,
        )
    }
    // An API whose plain list is a bare array of every match (json-server's) pages only on request.
    const whole =
      resource.list.unpaged === 'array' && isUnpaged(search, resource.list)
    if (whole) query.perPage = Number.MAX_SAFE_INTEGER
    const table = runtime.db.table(resource.name)
    const rows = table.rows.values()
    const idOrdered = resource.idKind === 'integer'
    const keyed =
      !whole && resource.list.paging === 'after'
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
      keyed ?? selectTablePage(table, query, where(ctx, parent), idOrdered)
    if (whole)
      return HttpResponse.json(
        items.map((row) => runtime.api.present(resource, row, runtime)),
      )
    const key = (row: AnyRecord | undefined) =>
      row === undefined ? undefined : String(row.id)
    return collectionResponse(
      ctx.url,
      query,
      items.map((row) => runtime.api.present(resource, row, runtime)),
      total,
      runtime.options.origin,
      resource.list,
      keyed ?? {
        hasMore: false,
        first: key(items[0]),
        last: key(items.at(-1)),
      },
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
