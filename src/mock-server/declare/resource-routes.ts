import { JSON_PATCH } from './dialect-auth.ts'
import { fail } from '../problems/problem-error.ts'
import type { Handler, RouteContext, Method, RouteSpec } from '../route-spec.ts'
import type { HandlerRuntime } from '../ports/handler-runtime.ts'
import { actionConvention } from '../conventions/action.ts'
import type { Convention } from '../conventions/convention.ts'
import { createConvention } from '../conventions/create.ts'
import {
  declaredCollectionConvention,
  declaredItemConvention,
} from '../conventions/declared-route.ts'
import { deleteConvention } from '../conventions/delete.ts'
import { listConvention } from '../conventions/list.ts'
import {
  mergePatchConvention,
  updateTypes,
} from '../conventions/merge-patch.ts'
import { nestedConvention } from '../conventions/nested.ts'
import { readConvention } from '../conventions/read.ts'
import { replaceConvention } from '../conventions/replace.ts'
import { replaceAllConvention } from '../conventions/replace-all.ts'
import {
  addByKeysConvention,
  removeByKeysConvention,
} from '../conventions/by-keys.ts'
import { replaceByBodyConvention } from '../conventions/replace-by-body.ts'
import {
  upsertCreate,
  upsertDoc,
  upsertHandler,
  type PutTarget,
} from '../conventions/upsert.ts'
import { shapedAnswer } from '../conventions/shaped-answer.ts'
import { itemRoute, type ItemHandler } from './item-route.ts'
import { listShape } from '../collections/list-shape.ts'
import { camel, lowerFirst } from '../openapi/schema-names.ts'
import {
  parentValues,
  pathOf,
  underParents,
  type CompiledResource,
} from './compile-resource.ts'
import { dataAccess, resourceOf } from './handler-context.ts'
import type {
  AnyRecord,
  Id,
  ItemRouteDeclaration,
  ResourceDeclaration,
  Schema,
} from './types.ts'
import { FORM_TYPES, readFormValues } from '../conventions/form-values.ts'
import { jsonSchemaOf } from './schema-tools.ts'

/**
 * The id in the path: what the resource's ids look like, or a 404 like any unknown id. A string
 * key comes URL-decoded, as links encode it: `/users/ann%20smith` names `ann smith`.
 */
export function parsePathId(
  resource: CompiledResource,
  raw: string | undefined,
): Id | null {
  if (raw === undefined) return null
  if (resource.idKind === 'integer') {
    const value = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN
    return Number.isSafeInteger(value) ? value : null
  }
  let key: string
  try {
    key = decodeURIComponent(raw)
  } catch {
    return null
  }
  return key.length > 0 && key.length <= 200 ? key : null
}

/**
 * The parents a nested collection's path names (`/customers/{customer}/sources`): 404 for one that
 * does not exist or the caller may not see, or a value no row could hold; else the members a row
 * below them holds.
 */
function parentsLoader(
  resource: CompiledResource,
  resources: ReadonlyMap<string, CompiledResource>,
) {
  return (
    params: Record<string, string>,
    principal: RouteContext['principal'],
    runtime: HandlerRuntime,
  ): AnyRecord => {
    const values = parentValues(resource, params)
    for (const parent of resource.parents) {
      const raw = params[parent.param] ?? ''
      const target =
        parent.to === undefined ? undefined : resources.get(parent.to)
      const id = target ? parsePathId(target, raw) : raw
      const row =
        target && id !== null
          ? runtime.db.table(target.name).get(id)
          : undefined
      const missing = target
        ? !row || !runtime.api.visible(target, row, principal, runtime)
        : parent.numeric && typeof values[parent.field] !== 'number'
      if (missing)
        fail('not-found', {
          detail: `No ${target?.singular ?? parent.param} ${String(id ?? raw)} exists for this credential.`,
        })
    }
    return values
  }
}

/** Finds the item the path names, hidden (404) when the caller may not see it. */
function loader(
  resource: CompiledResource,
  resources: ReadonlyMap<string, CompiledResource>,
) {
  const parents =
    resource.parents.length > 0 ? parentsLoader(resource, resources) : undefined
  return (
    params: Record<string, string>,
    principal: RouteContext['principal'],
    runtime: HandlerRuntime,
  ) => {
    const below = parents?.(params, principal, runtime)
    const raw = params[resource.key.param]
    const id = parsePathId(resource, raw)
    const row =
      id === null ? undefined : runtime.db.table(resource.name).get(id)
    if (
      !row ||
      !runtime.api.visible(resource, row, principal, runtime) ||
      (below && !underParents(resource, row, below))
    )
      fail('not-found', {
        detail: `No ${resource.singular} ${String(id ?? raw ?? '')} exists for this credential.`,
      })
    return row
  }
}

/**
 * What a `PUT` that may create names (`replace.upsert`): the row where there is one, else the key
 * a new one takes. 404 where the parents do not exist, the key is no key the resource's ids could
 * be, or the row is hidden from the caller; 409 where the key is taken below other parents.
 */
function upsertFinder(
  resource: CompiledResource,
  resources: ReadonlyMap<string, CompiledResource>,
) {
  const parents =
    resource.parents.length > 0 ? parentsLoader(resource, resources) : undefined
  return (ctx: RouteContext): PutTarget => {
    const { params, principal, runtime } = ctx
    const below = parents?.(params, principal, runtime)
    const raw = params[resource.key.param]
    const id = parsePathId(resource, raw)
    if (id === null)
      fail('not-found', {
        detail: `No ${resource.singular} can have the key ${raw ?? ''}: ${resource.idKind === 'integer' ? 'its keys are whole numbers from 1' : 'its keys are 1 to 200 characters'}.`,
      })
    const row = runtime.db.table(resource.name).get(id)
    if (!row) return { id }
    if (!runtime.api.visible(resource, row, principal, runtime))
      fail('not-found', {
        detail: `No ${resource.singular} ${String(id)} exists for this credential.`,
      })
    if (below && !underParents(resource, row, below))
      fail('already-exists', {
        detail: `${resource.singular} ${String(id)} exists below other parents, and a key names one record across them all. Choose another key.`,
        extensions: { existing: { resource: resource.name, id } },
      })
    return { row }
  }
}

/**
 * Finds a singleton's one record (below the parents its path names), hidden (404) when there is
 * none or the caller may not see it.
 */
function singletonLoader(
  resource: CompiledResource,
  resources: ReadonlyMap<string, CompiledResource>,
) {
  const parents =
    resource.parents.length > 0 ? parentsLoader(resource, resources) : undefined
  return (
    params: Record<string, string>,
    principal: RouteContext['principal'],
    runtime: HandlerRuntime,
  ) => {
    const below = parents?.(params, principal, runtime)
    for (const row of runtime.db.table(resource.name).rows.values())
      if (
        (!below || underParents(resource, row, below)) &&
        runtime.api.visible(resource, row, principal, runtime)
      )
        return row
    return fail('not-found', {
      detail: `No ${resource.singular} exists at ${pathOf(resource, below)} for this credential.`,
    })
  }
}

/** Handlers and description pieces of one route, by method, from the conventions that serve it. */
function split<H>(conventions: Partial<Record<Method, Convention<H>>>) {
  const handlers: Partial<Record<Method, H>> = {}
  const docs: NonNullable<RouteSpec['docs']> = {}
  const accepts: NonNullable<RouteSpec['accepts']> = {}
  const prefer: NonNullable<RouteSpec['prefer']> = {}
  for (const [method, convention] of Object.entries(conventions) as [
    Method,
    Convention<H> | undefined,
  ][])
    if (convention) {
      handlers[method] = convention.handler
      docs[method] = convention.doc
      if (convention.accepts) accepts[method] = convention.accepts
      if (convention.prefer) prefer[method] = true
    }
  return { handlers, docs, accepts, prefer }
}

/**
 * A write's handler and description where the API takes other bodies than JSON: the route takes
 * each type, a form's strings are read by the body schema's types before the handler sees them,
 * and the description lists each type.
 */
function withBodies<H extends (ctx: RouteContext, ...rest: never[]) => unknown>(
  split: {
    handlers: Partial<Record<Method, H>>
    docs: NonNullable<RouteSpec['docs']>
    accepts: NonNullable<RouteSpec['accepts']>
  },
  method: Method,
  input: Schema | undefined,
  types: readonly string[],
) {
  const handler = split.handlers[method]
  const doc = split.docs[method]
  if (!handler || !doc || sameTypes(types, ['application/json'])) return
  const json = input ? jsonSchemaOf(input, 'input') : undefined
  split.handlers[method] = ((ctx: RouteContext, ...rest: never[]) =>
    handler(
      {
        ...ctx,
        body: readFormValues(
          json,
          ctx.request.headers.get('Content-Type'),
          ctx.body,
        ),
      },
      ...rest,
    )) as H
  split.accepts[method] = types.join(', ')
  split.docs[method] = (ctx) => {
    const described = doc(ctx)
    return described.body
      ? {
          ...described,
          body: {
            ...described.body,
            mediaType: types
              .filter((t) => t !== 'application/json-patch+json')
              .join(', '),
          },
        }
      : described
  }
}

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t) => b.includes(t))

/** Every route one resource serves: its collection, its items, its actions and nested lists. */
export function resourceRoutes(
  resource: CompiledResource,
  resources: ReadonlyMap<string, CompiledResource>,
): RouteSpec[] {
  const base = resource.route
  // The item's path, its key parameter named as the API names it (`/messages/:Sid`); a
  // singleton's record lives at the resource's path itself.
  const at = resource.singleton ? base : `${base}/:${resource.key.param}`
  const hasParents = resource.parents.length > 0
  const visibleRows = (ctx: RouteContext) => {
    const { runtime, principal } = ctx
    const data = dataAccess(runtime)
    // A nested collection lists the rows below the parents its path names.
    const below = hasParents ? parentValues(resource, ctx.params) : undefined
    return (row: AnyRecord) =>
      (!below || underParents(resource, row, below)) &&
      runtime.api.visibleWith(resource, row, principal, data)
  }
  const creates = resource.createMethod
  // A PUT that replaces the whole set, where the records come in by PUT on the item.
  const replaceAll = resource.upsert && resource.declaration.replaceAll
  // A PUT that replaces the record its body's key names.
  const byBody =
    resource.replace &&
    (resource.replace.declaration as { collection?: boolean }).collection ===
      true
  // Writes that name records by their keys alone (a library of saved items).
  const byKeys = resource.declaration.byKeys
  const collectionOps = split<Handler>({
    ...(resource.listed && { GET: listConvention(resource, visibleRows) }),
    ...(resource.create && { [creates]: createConvention(resource) }),
    ...(replaceAll && {
      PUT: replaceAllConvention(resource, replaceAll.member),
    }),
    ...(byBody && {
      PUT: replaceByBodyConvention(resource, replaceConvention(resource)),
    }),
    ...(byKeys && {
      [byKeys.add ?? 'PUT']: addByKeysConvention(resource, byKeys),
      ...(byKeys.remove !== false && {
        DELETE: removeByKeysConvention(resource, byKeys),
      }),
    }),
  })
  // The resource's own operations on the collection as a whole, for methods it leaves free.
  const ownRoutes = (resource.declaration.collectionRoutes ?? []).filter(
    (route) => !collectionOps.handlers[route.method],
  )
  const declaredOps = split<Handler>(
    Object.fromEntries(
      ownRoutes.map((route) => [
        route.method,
        declaredCollectionConvention(resource, route, visibleRows),
      ]),
    ),
  )
  Object.assign(collectionOps.handlers, declaredOps.handlers)
  Object.assign(collectionOps.docs, declaredOps.docs)
  for (const route of ownRoutes)
    if (route.accepts && route.accepts.length > 0)
      collectionOps.accepts[route.method] = route.accepts.join(', ')
  const arrays = ownRoutes.filter((r) => r.arrays)
  withBodies(collectionOps, creates, resource.create?.input, resource.bodies)
  if (byBody)
    withBodies(collectionOps, 'PUT', resource.replace?.input, resource.bodies)
  // The API's own shape of each answer, where the resource declares one.
  const shape = resource.declaration.answer
  if (shape) {
    const { GET, [creates]: create } = collectionOps.handlers
    if (GET) collectionOps.handlers.GET = shapedAnswer(GET, 'list', shape)
    if (byBody && collectionOps.handlers.PUT)
      collectionOps.handlers.PUT = shapedAnswer(
        collectionOps.handlers.PUT,
        'replace',
        shape,
      )
    if (create)
      collectionOps.handlers[creates] = shapedAnswer(create, 'create', shape)
  }
  const collection: RouteSpec = {
    path: base,
    methods: collectionOps.handlers,
    docs: collectionOps.docs,
    ...(Object.keys(collectionOps.accepts).length > 0 && {
      accepts: collectionOps.accepts,
    }),
    prefer: collectionOps.prefer,
    resource: resource.name,
    kind: 'collection',
    // A nested collection's parents must exist: 404 before anything else is read.
    ...(hasParents && { load: parentsLoader(resource, resources) }),
  }
  // A record may come as the one member of an array, as the API answers it.
  const wrapped = resource.item === 'array'
  if (wrapped && resource.create) collection.arrays = { [creates]: true }
  if (arrays.length > 0)
    collection.arrays = {
      ...collection.arrays,
      ...Object.fromEntries(arrays.map((r) => [r.method, true])),
    }
  if (resource.create)
    collection.strictKey =
      (resource.create.declaration as { strictKey?: boolean }).strictKey ===
      true
  const load = resource.singleton
    ? singletonLoader(resource, resources)
    : loader(resource, resources)
  const item = split<ItemHandler<AnyRecord>>({
    GET: readConvention(resource),
    ...(resource.put && { PUT: replaceConvention(resource) }),
    ...(resource.patch && {
      [resource.patchMethod]: mergePatchConvention(resource),
    }),
    ...(resource.delete && { DELETE: deleteConvention(resource) }),
  })
  withBodies(item, 'PUT', resource.replace?.input, resource.bodies)
  // A PUT that may create: its create half takes the bodies the replace does.
  const upsert = resource.upsert
    ? split({
        PUT: {
          handler: upsertCreate(resource),
          doc: item.docs.PUT!,
        },
      })
    : undefined
  if (upsert)
    withBodies(upsert, 'PUT', resource.replace?.input, resource.bodies)
  // An update takes its patch types, and forms where the API's writes are forms.
  if (resource.bodies.some((t) => FORM_TYPES.includes(t)))
    withBodies(
      item,
      resource.patchMethod,
      resource.replace?.input,
      updateTypes(resource),
    )
  if (shape)
    for (const [method, operation] of [
      ['GET', 'read'],
      ['PUT', 'replace'],
      [resource.patchMethod, 'patch'],
      ['DELETE', 'delete'],
    ] as const) {
      const handler = item.handlers[method]
      if (handler)
        item.handlers[method] = shapedAnswer(handler, operation, shape)
    }
  const created =
    upsert &&
    (shape
      ? shapedAnswer(upsert.handlers.PUT!, 'replace', shape)
      : upsert.handlers.PUT!)
  // A singleton has no collection: its path is its record's. Nor has a resource that neither
  // lists nor creates.
  const collections =
    resource.singleton || Object.keys(collection.methods).length === 0
      ? []
      : [collection]
  // A collection with no items has its collection's route alone, and the searches below.
  if (!resource.items)
    return withSuffix(
      [...collections, ...otherPaths(resource, shape)],
      resource.declaration.suffix,
    )
  const itemSpec = itemRoute(at, load, item.handlers)
  if (created) {
    itemSpec.methods.PUT = upsertHandler(
      resource,
      upsertFinder(resource, resources),
      item.handlers.PUT!,
      created,
    )
    itemSpec.upserts = { PUT: true }
    item.docs.PUT = upsertDoc(resource, item.docs.PUT!)
  }
  const routes: RouteSpec[] = [
    ...collections,
    {
      ...itemSpec,
      docs: item.docs,
      prefer: item.prefer,
      ...(Object.keys(item.accepts).length > 0 && { accepts: item.accepts }),
      // A JSON Patch is an array of operations.
      ...(((resource.patch && resource.patchTypes.includes(JSON_PATCH)) ||
        wrapped) && {
        arrays: { PUT: wrapped, [resource.patchMethod]: true },
      }),
      resource: resource.name,
      kind: 'item',
    },
  ]
  for (const transition of resource.state?.transitions ?? []) {
    const action = split({ POST: actionConvention(resource, transition) })
    withBodies(action, 'POST', transition.input, resource.bodies)
    routes.push({
      ...itemRoute(`${at}/${transition.path}`, load, action.handlers),
      docs: action.docs,
      ...(Object.keys(action.accepts).length > 0 && {
        accepts: action.accepts,
      }),
      prefer: action.prefer,
      resource: resource.name,
      kind: 'action',
      action: transition.name,
      strictKey: transition.strictKey,
    })
  }
  for (const nested of resource.nested) {
    const child = resources.get(nested.of)!
    const list = split({
      GET: nestedConvention(resource, child, nested, (ctx, parent) => {
        const { runtime, principal } = ctx
        const data = dataAccess(runtime)
        return (row) =>
          nested.where(row, parent!) &&
          runtime.api.visibleWith(child, row, principal, data)
      }),
    })
    routes.push({
      ...itemRoute(`${at}/${nested.name}`, load, list.handlers),
      docs: list.docs,
      resource: child.name,
      kind: 'nested',
      parent: resource.name,
    })
  }
  // The resource's own operations on each item, one route per path below it (below the item's
  // own path, or below another the API names its items at).
  const declared = new Map<string, ItemRouteDeclaration[]>()
  for (const route of resource.declaration.itemRoutes ?? []) {
    // An empty path is the item's own, beside the methods the resource serves there.
    const below = route.path === '' ? '' : `/${route.path}`
    const path =
      route.under === undefined
        ? `${at}${below}`
        : `${route.under}/:${resource.key.param}${below}`
    declared.set(path, [...(declared.get(path) ?? []), route])
  }
  for (const [path, list] of declared) {
    const ops = split<ItemHandler<AnyRecord>>(
      Object.fromEntries(
        list.map((route) => [
          route.method,
          declaredItemConvention(resource, route),
        ]),
      ),
    )
    const accepts = list.filter((r) => r.accepts && r.accepts.length > 0)
    const arrays = list.filter((r) => r.arrays)
    const route: RouteSpec = {
      ...itemRoute(path, load, ops.handlers),
      docs: ops.docs,
      ...(accepts.length > 0 && {
        accepts: Object.fromEntries(
          accepts.map((r) => [r.method, r.accepts!.join(', ')]),
        ),
      }),
      ...(arrays.length > 0 && {
        arrays: Object.fromEntries(arrays.map((r) => [r.method, true])),
      }),
      resource: resource.name,
      kind: 'action',
    }
    // A path an action or nested list takes already gets the other methods beside its own.
    const shared = routes.find((r) => r.path === route.path)
    if (!shared) {
      routes.push(route)
      continue
    }
    Object.assign(shared.methods, route.methods)
    shared.docs = { ...shared.docs, ...route.docs }
    if (route.accepts) shared.accepts = { ...shared.accepts, ...route.accepts }
    if (route.arrays) shared.arrays = { ...shared.arrays, ...route.arrays }
  }
  routes.push(...otherPaths(resource, shape))
  // A path suffix the API writes (`/posts.json`, `/posts/{id}.json`): each route answers there too.
  // The suffixed one comes first: `/posts/:id` matches `/posts/7.json` as well, and of two
  // matches alike the first answers.
  return withSuffix(routes, resource.declaration.suffix)
}

function withSuffix(routes: RouteSpec[], suffix: string | undefined) {
  return suffix
    ? routes.flatMap((route) => [...suffixed(route, suffix), route])
    : routes
}

/** Searches and creates at paths of their own; a search and a create may share one. */
function otherPaths(
  resource: CompiledResource,
  shape: ResourceDeclaration['answer'],
): RouteSpec[] {
  const routes = searchRoutes(resource, shape)
  for (const create of createRoutes(resource, shape)) {
    const search = routes.find((r) => r.path === create.path)
    if (!search) {
      routes.push(create)
      continue
    }
    Object.assign(search.methods, create.methods)
    search.docs = { ...search.docs, ...create.docs }
    if (create.accepts)
      search.accepts = { ...search.accepts, ...create.accepts }
    search.prefer = { ...search.prefer, ...create.prefer }
  }
  return routes
}

/** Creates of the same records at paths of their own, each answering as the resource's create. */
function createRoutes(
  resource: CompiledResource,
  shape: ResourceDeclaration['answer'],
): RouteSpec[] {
  return (resource.declaration.creates ?? []).map((at) => {
    const input = at.input ?? resource.create?.input
    const own = resource.create?.declaration
    const prepare = at.prepare ?? (at.input ? undefined : own?.prepare)
    const variant: CompiledResource = {
      ...resource,
      create: {
        input,
        declaration: prepare ? { prepare } : {},
      },
      createMethod: 'POST',
      status: {
        ...resource.status,
        create: at.status ?? resource.status.create,
      },
      bodies: at.accepts ?? resource.bodies,
    }
    const ops = split<Handler>({ POST: createConvention(variant) })
    withBodies(ops, 'POST', input, variant.bodies)
    const create = ops.handlers.POST!
    const answer = at.answer
    const doc = ops.docs.POST!
    return {
      path: at.path.replace(/\{(\w+)\}/g, ':$1'),
      methods: {
        POST: answer
          ? shapedAnswer(create, 'create', (_, body) => answer(body))
          : shape
            ? shapedAnswer(create, 'create', shape)
            : create,
      },
      docs: {
        POST: (ctx) => ({
          ...doc(ctx),
          operationId: camel(
            'create',
            resource.singular,
            'at',
            ...at.path.split(/[^A-Za-z0-9]+/).filter(Boolean),
          ),
          ...(at.summary !== undefined && { summary: at.summary }),
        }),
      },
      ...(ops.accepts.POST !== undefined && { accepts: ops.accepts }),
      prefer: ops.prefer,
      resource: resource.name,
      kind: 'create',
      declared: {},
    }
  })
}

/** Read-only lists of the same records at paths of their own, in their own envelopes. */
function searchRoutes(
  resource: CompiledResource,
  shape: ResourceDeclaration['answer'],
): RouteSpec[] {
  const routes: RouteSpec[] = []
  for (const search of resource.declaration.searches ?? []) {
    const listed: CompiledResource = {
      ...resource,
      ...(search.list && { list: listShape(search.list) }),
      ...(search.filters && {
        filters: Object.fromEntries(
          search.filters.map((f) => [
            f,
            resource.scalarFields[f] ?? { type: 'string' as const },
          ]),
        ),
      }),
    }
    const list = listConvention(listed, (ctx) => {
      const data = dataAccess(ctx.runtime)
      return (row) =>
        ctx.runtime.api.visibleWith(resource, row, ctx.principal, data)
    })
    const answer = search.answer
    routes.push({
      path: search.path.replace(/\{(\w+)\}/g, ':$1'),
      methods: {
        GET: answer
          ? shapedAnswer(list.handler, 'list', (_, body) => answer(body))
          : shape
            ? shapedAnswer(list.handler, 'list', shape)
            : list.handler,
      },
      docs: {
        GET: (ctx) => ({
          ...list.doc(ctx),
          operationId: camel(
            'search',
            resource.name,
            ...search.path.split(/[^A-Za-z0-9]+/).filter(Boolean),
          ),
          summary: search.summary ?? `Search ${lowerFirst(resource.title)}`,
        }),
      },
      resource: resource.name,
      kind: 'search',
      declared: {},
    })
  }
  return routes
}

/**
 * A route again at its path with a suffix (`/posts/:id` at `/posts/:id.json`), the suffix taken
 * off the parameter it ends in before anything reads it; none for a path that ends in it already.
 */
function suffixed(route: RouteSpec, suffix: string): RouteSpec[] {
  if (route.path.endsWith(suffix)) return []
  const param = /:(\w+)$/.exec(route.path)?.[1]
  if (param === undefined)
    return [{ ...route, path: `${route.path}${suffix}`, kind: 'alias' }]
  const bare = (params: Record<string, string>) => ({
    ...params,
    [param]: params[param]!.endsWith(suffix)
      ? params[param]!.slice(0, -suffix.length)
      : params[param]!,
  })
  const methods: RouteSpec['methods'] = {}
  for (const [method, handler] of Object.entries(route.methods) as [
    Method,
    Handler,
  ][])
    methods[method] = (ctx) => handler({ ...ctx, params: bare(ctx.params) })
  const load = route.load
  return [
    {
      ...route,
      path: `${route.path}{[^/]+${suffix.replaceAll('.', '\\.')}}`,
      kind: 'alias',
      methods,
      ...(load && {
        load: (params, principal, runtime) =>
          load(bare(params), principal, runtime),
      }),
    },
  ]
}

export { resourceOf }
