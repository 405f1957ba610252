import { fail } from '../problems/problem-error.ts'
import type { HandlerContext, RouteSpec } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import { itemRoute } from './item-route.ts'
import { type CompiledResource } from './compile-resource.ts'
import { dataAccess, resourceOf } from './operation-context.ts'
import { createHandler, listHandler } from './collection-handlers.ts'
import {
  actionHandler,
  deleteHandler,
  readHandler,
  replaceHandler,
} from './item-handlers.ts'
import type { AnyRecord, Id } from './types.ts'

/** The id in the path: what the resource's ids look like, or a 404 like any unknown id. */
export function parsePathId(
  resource: CompiledResource,
  raw: string | undefined,
): Id | null {
  if (raw === undefined) return null
  if (resource.idKind === 'integer') {
    const value = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN
    return Number.isSafeInteger(value) ? value : null
  }
  return raw.length > 0 && raw.length <= 200 ? raw : null
}

/** Finds the item the path names, hidden (404) when the caller may not see it. */
function loader(resource: CompiledResource) {
  return (
    params: Record<string, string>,
    principal: HandlerContext['principal'],
    runtime: Runtime,
  ) => {
    const id = parsePathId(resource, params.id)
    const row =
      id === null ? undefined : runtime.db.table(resource.name).get(id)
    if (!row || !runtime.api.visible(resource, row, principal, runtime))
      fail('not-found', {
        detail: `No ${resource.singular} ${params.id ?? ''} exists for this credential.`,
      })
    return row
  }
}

/** Every route one resource serves: its collection, its items, its actions and nested lists. */
export function resourceRoutes(
  resource: CompiledResource,
  resources: ReadonlyMap<string, CompiledResource>,
): RouteSpec[] {
  const base = `/${resource.name}`
  const visibleRows = (ctx: HandlerContext) => {
    const { runtime, principal } = ctx
    const data = dataAccess(runtime)
    return (row: AnyRecord) =>
      runtime.api.visibleWith(resource, row, principal, data)
  }
  const collection: RouteSpec = {
    path: base,
    methods: { GET: listHandler(resource, visibleRows) },
    resource: resource.name,
    kind: 'collection',
  }
  if (resource.create) {
    collection.methods.POST = createHandler(resource)
    collection.strictKey =
      (resource.create.declaration as { strictKey?: boolean }).strictKey ===
      true
  }
  const load = loader(resource)
  const itemMethods: Parameters<typeof itemRoute<AnyRecord>>[2] = {
    GET: readHandler(resource),
  }
  if (resource.replace) itemMethods.PUT = replaceHandler(resource)
  if (resource.delete) itemMethods.DELETE = deleteHandler(resource)
  const routes: RouteSpec[] = [
    collection,
    {
      ...itemRoute(`${base}/:id`, load, itemMethods),
      resource: resource.name,
      kind: 'item',
    },
  ]
  for (const transition of resource.state?.transitions ?? [])
    routes.push({
      ...itemRoute(`${base}/:id/${transition.path}`, load, {
        POST: actionHandler(resource, transition),
      }),
      resource: resource.name,
      kind: 'action',
      action: transition.name,
      strictKey: transition.strictKey,
    })
  for (const nested of resource.nested) {
    const child = resources.get(nested.of)!
    const list = listHandler(child, (ctx, parent) => {
      const { runtime, principal } = ctx
      const data = dataAccess(runtime)
      return (row) =>
        nested.where(row, parent!) &&
        runtime.api.visibleWith(child, row, principal, data)
    })
    routes.push({
      ...itemRoute(`${base}/:id/${nested.name}`, load, { GET: list }),
      resource: child.name,
      kind: 'nested',
      parent: resource.name,
    })
  }
  return routes
}

export { resourceOf }
