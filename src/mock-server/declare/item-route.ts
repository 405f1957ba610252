import type { Principal } from '../auth/tokens.ts'
import type { Handler, RouteContext, Method, RouteSpec } from '../route-spec.ts'
import type { HandlerRuntime } from '../ports/handler-runtime.ts'

/** A handler of an item route: it gets the item its route loads, typed. */
export type ItemHandler<T> = (
  ctx: RouteContext,
  item: T,
) => Response | Promise<Response>

export type ItemLoader<T> = (
  params: Record<string, string>,
  principal: Principal,
  runtime: HandlerRuntime,
) => T

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * A route that names one item (`/orders/:id`, `/orders/:id/cancel`): `load` finds it (404 when unknown
 * or hidden), and each handler gets it typed. The item is loaded right before the handler runs, after
 * the stages that may wait (idempotency, latency), so the handler acts on the current row and
 * concurrent writes serialise. `checkItem` asks the same `load` earlier for its 404; where no stage
 * waited since (a read, mostly), nothing can have changed, and the handler takes that item.
 */
export function itemRoute<T>(
  path: string,
  load: ItemLoader<T>,
  methods: Partial<Record<Method, ItemHandler<T>>>,
): RouteSpec {
  const bound: Partial<Record<Method, Handler>> = {}
  for (const method of METHODS) {
    const handler = methods[method]
    if (handler)
      bound[method] = (ctx) =>
        handler(
          ctx,
          ctx.checked
            ? (ctx.checked.item as T)
            : load(ctx.params, ctx.principal, ctx.runtime),
        )
  }
  return { path, load, methods: bound }
}
