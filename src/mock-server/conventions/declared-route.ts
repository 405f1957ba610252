/**
 * A route the declaration writes itself (`routes`, or a resource's `itemRoutes`): its code decides
 * what it answers.
 */
import { checkIfMatch } from '../declare/check-if-match.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import { handlerContext } from '../declare/handler-context.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type {
  AnyRecord,
  CollectionRouteDeclaration,
  Id,
  ItemRouteDeclaration,
  RouteDeclaration,
} from '../declare/types.ts'
import { camel, withArticle } from '../openapi/schema-names.ts'
import type { Handler, RouteContext, RouteSpec } from '../route-spec.ts'
import type { Convention } from './convention.ts'
import { exampleId } from './endpoint-doc.ts'

/** A declared route outside the resources, as a route the pipeline serves like any other. */
export function declaredRoute(declared: RouteDeclaration): RouteSpec {
  const { method, path, summary, status = 200 } = declared
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return {
    path,
    methods: {
      [method]: (ctx: Parameters<typeof handlerContext>[0]) =>
        declared.handle(handlerContext(ctx)),
    },
    // The description says what the declaration says of it, and any JSON for the body.
    docs: {
      [method]: () => ({
        operationId: camel(method.toLowerCase(), ...words),
        summary: summary ?? `${method} ${path.replace(/:(\w+)/g, '{$1}')}`,
        tag: 'Routes',
        answers: [status === 204 ? { status } : { status, schema: {} }],
        problems: [],
      }),
    },
    kind: 'meta',
    ...(declared.accepts &&
      declared.accepts.length > 0 && {
        accepts: { [method]: declared.accepts.join(', ') },
      }),
    ...(declared.arrays && { arrays: { [method]: true } }),
    declared: {
      ...(summary !== undefined && { summary }),
      ...(declared.status !== undefined && { status: declared.status }),
    },
  }
}

/**
 * An operation a resource declares on each item (`itemRoutes`): the item its route loads (404
 * otherwise), a write's `If-Match` checked against its ETag, then the declaration's `handle`; the
 * answer carries the item's ETag as it is after any change, unless `handle` set its own.
 */
export function declaredItemConvention(
  resource: CompiledResource,
  declared: ItemRouteDeclaration,
): Convention<ItemHandler<AnyRecord>> {
  const { method, summary, status = 200 } = declared
  return {
    handler: (ctx, item) => {
      const { runtime } = ctx
      if (method !== 'GET')
        checkIfMatch(ctx.request, runtime.api.etag(resource, item))
      let current = item
      const answer = declared.handle({
        ...handlerContext(ctx),
        item,
        update(changes) {
          current = runtime.db
            .handle(resource.name)
            .update(current.id as Id, changes)
          return current
        },
      })
      if (answer.headers.has('ETag')) return answer
      const headers = new Headers(answer.headers)
      headers.set('ETag', runtime.api.etag(resource, current))
      return new Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers,
      })
    },
    doc: (ctx) => ({
      operationId: camel(
        method.toLowerCase(),
        resource.singular,
        ...`${declared.under ?? ''}/${declared.path}`
          .split(/[^A-Za-z0-9]+/)
          .filter(Boolean),
      ),
      summary:
        summary ??
        `${method} ${withArticle(resource.singular)}'s ${declared.path}${declared.under === undefined ? '' : ` at ${declared.under}`}`,
      tag: resource.title,
      answers: [
        status === 204
          ? { status, etag: true }
          : { status, schema: {}, etag: true },
      ],
      ...(method !== 'GET' && { ifMatch: true }),
      problems: method === 'GET' ? [] : ['precondition-failed'],
      pathItem: { resource, example: exampleId(ctx, resource) },
    }),
  }
}

/**
 * An operation a resource declares on its collection as a whole (`collectionRoutes`): below
 * parents, a path naming none is a 404 before it runs; then the declaration's `handle`, which
 * sees the records the collection's list would show.
 */
export function declaredCollectionConvention(
  resource: CompiledResource,
  declared: CollectionRouteDeclaration,
  visible: (ctx: RouteContext) => (row: AnyRecord) => boolean,
): Convention<Handler> {
  const { method, summary, status = 200 } = declared
  return {
    handler: (ctx) => {
      const shown = visible(ctx)
      return declared.handle({
        ...handlerContext(ctx),
        rows: () =>
          [...ctx.runtime.db.table(resource.name).rows.values()].filter(shown),
      })
    },
    doc: () => ({
      operationId: camel(method.toLowerCase(), 'all', resource.name),
      summary:
        summary ?? `${method} ${resource.title.toLowerCase()} as a whole`,
      tag: resource.title,
      answers: [status === 204 ? { status } : { status, schema: {} }],
      problems: [],
    }),
  }
}
