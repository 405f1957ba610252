import { canSeeCustomer, type Principal } from '../auth/tokens.ts'
import {
  parseCollectionQuery,
  type CollectionFields,
} from '../collections/query.ts'
import { collectionResponse } from '../collections/collection-response.ts'
import { selectPage } from '../collections/select-page.ts'
import { fail } from '../problems/problem-error.ts'
import { HttpResponse } from '../http-response.ts'
import type {
  Handler,
  HandlerContext,
  Method,
  RouteSpec,
} from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'

/** Path ids are positive integers; anything else names nothing, so it is a 404 like any unknown id. */
export function parseId(raw: string | undefined, kind: string): number {
  const value =
    raw !== undefined && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value)) notFound(kind, raw ?? '')
  return value
}

/** The `instance` stays the request path (contract section 6), also on nested and action paths. */
export function notFound(kind: string, id: string | number): never {
  fail('not-found', { detail: `No ${kind} ${id} exists for this credential.` })
}

/**
 * The `load` of an item route: the id from the path, then the row, hidden (404) when the caller may
 * not see it. Existence is never disclosed: unknown and foreign ids answer alike.
 */
export function itemLoader<T>(
  kind: string,
  find: (runtime: Runtime, id: number) => T | undefined,
  canSee: (principal: Principal, row: T, runtime: Runtime) => boolean,
): ItemLoader<T> {
  return (params, principal, runtime): T => {
    const id = parseId(params.id, kind)
    const row = find(runtime, id)
    if (row === undefined || !canSee(principal, row, runtime))
      notFound(kind, id)
    return row
  }
}

export function visible(principal: Principal, customerId: number | null) {
  return canSeeCustomer(principal, customerId)
}

/** 412 when `If-Match` is present and names neither `*` nor the current ETag. */
export function checkIfMatch(ctx: HandlerContext, etag: string) {
  const header = ctx.request.headers.get('If-Match')
  if (header === null) return
  const tags = header.split(',').map((tag) => tag.trim())
  if (tags.includes('*') || tags.includes(etag)) return
  fail('precondition-failed', {
    detail: `If-Match ${header} does not match the current ETag ${etag}: the resource changed since you read it. Read it again and retry.`,
  })
}

export interface ItemResponseInit {
  status?: number
  location?: string
}

export function itemResponse(
  body: unknown,
  etag: string,
  init: ItemResponseInit = {},
) {
  const headers: Record<string, string> = { ETag: etag }
  if (init.location) headers.Location = init.location
  return HttpResponse.json(body, { status: init.status ?? 200, headers })
}

export interface CollectionSpec<T, P> {
  fields: CollectionFields
  /** The table's rows, in id order (no copy: `table.rows.values()`). */
  rows: (ctx: HandlerContext) => Iterable<T>
  /** Which rows this caller sees here: visibility, and the parent of a nested collection. */
  where: (ctx: HandlerContext, parent: P) => (row: T) => boolean
  present: (row: T, base: string) => unknown
}

/** A collection read: query parsed (400 on any bad parameter), then filtered, sorted, paged, presented. */
function listRows<T extends { id: number }, P>(
  spec: CollectionSpec<T, P>,
  ctx: HandlerContext,
  parent: P,
) {
  const query = parseCollectionQuery(ctx.url.searchParams, spec.fields)
  const { items, total } = selectPage(
    spec.rows(ctx) as Iterable<T & Record<string, unknown>>,
    query,
    spec.where(ctx, parent),
  )
  return collectionResponse(
    ctx.url,
    query,
    items.map((row) => spec.present(row, ctx.runtime.basePath)),
    total,
  )
}

/** A top-level collection (`/orders`). */
export function listHandler<T extends { id: number }>(
  spec: CollectionSpec<T, undefined>,
): Handler {
  return (ctx) => listRows(spec, ctx, undefined)
}

/** A collection below an item (`/customers/:id/orders`): `where` gets the parent item. */
export function nestedListHandler<T extends { id: number }, P>(
  spec: CollectionSpec<T, P>,
): ItemHandler<P> {
  return (ctx, parent) => listRows(spec, ctx, parent)
}

/** A handler of an item route: it gets the item its route loads, typed. */
export type ItemHandler<T> = (
  ctx: HandlerContext,
  item: T,
) => Response | Promise<Response>

export type ItemLoader<T> = (
  params: Record<string, string>,
  principal: Principal,
  runtime: Runtime,
) => T

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * A route that names one item (`/orders/:id`, `/orders/:id/cancel`): `load` finds it (404 when unknown
 * or hidden), and each handler gets it typed. The item is loaded right before the handler runs, after
 * the stages that may wait (idempotency, latency), so the handler acts on the current row and
 * concurrent writes serialise; `checkItem` asks the same `load` earlier only for its 404.
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
        handler(ctx, load(ctx.params, ctx.principal, ctx.runtime))
  }
  return { path, load, methods: bound }
}
