import { parseCollectionQuery } from '../collections/query.ts'
import { collectionResponse } from '../collections/collection-response.ts'
import { selectPage } from '../collections/select-page.ts'
import { HttpResponse } from '../http-response.ts'
import { fail } from '../problems/problem-error.ts'
import type { Handler, HandlerContext, RouteSpec } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import { itemRoute, type ItemHandler } from './item-route.ts'
import { allowedActions, type CompiledResource } from './compile-resource.ts'
import {
  dataAccess,
  operationContext,
  recordResponse,
  resourceOf,
} from './operation-context.ts'
import { checkWith } from './schema-tools.ts'
import type {
  ActionContext,
  AnyRecord,
  CreateDeclaration,
  Id,
  InputContext,
  ReplaceDeclaration,
  Schema,
} from './types.ts'

const EMPTY_ACTION: Schema<AnyRecord> = {
  '~standard': {
    version: 1,
    vendor: 'hypermock',
    validate: (value) =>
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0
        ? {
            issues: Object.keys(value).map((key) => ({
              message:
                'is not a known member; this action takes no body members',
              path: [key],
            })),
          }
        : { value: {} },
  },
}

/** The body, validated: every invalid field in one 422. */
function validInput<T>(schema: Schema<T> | undefined, body: unknown): T {
  if (!schema) return body as T
  const result = checkWith(schema, body ?? {})
  if ('value' in result) return result.value
  validationFailed(result.errors, body !== undefined)
}

/** 412 when `If-Match` is present and names neither `*` nor the current ETag. */
function checkIfMatch(ctx: HandlerContext, etag: string) {
  const header = ctx.request.headers.get('If-Match')
  if (header === null) return
  const tags = header.split(',').map((tag) => tag.trim())
  if (tags.includes('*') || tags.includes(etag)) return
  fail('precondition-failed', {
    detail: `If-Match ${header} does not match the current ETag ${etag}: the resource changed since you read it. Read it again and retry.`,
  })
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** 409 for what the record's state does not allow (a stale link was followed). */
function stateConflict(
  resource: CompiledResource,
  row: AnyRecord,
  what: string,
  path: string,
): never {
  const field = resource.state!.field
  fail('state-conflict', {
    detail: `${capitalise(resource.singular)} ${String(row.id)} is ${String(row[field])}, so ${what}. Re-read the ${resource.singular} and follow the links it offers.`,
    instance: path,
    extensions: {
      currentStatus: row[field],
      allowedActions: allowedActions(resource, row),
    },
  })
}

/** Field errors for references that name nothing the caller can see, and for the owner field. */
function referenceErrors(
  runtime: Runtime,
  resource: CompiledResource,
  input: AnyRecord,
  ctx: HandlerContext,
  creating: boolean,
): FieldError[] {
  const errors: FieldError[] = []
  const admin = ctx.principal.owns === 'all'
  const owner = resource.ownerField
  if (owner && creating && input[owner] !== undefined && !admin)
    errors.push({
      field: owner,
      message: `may be set only with an admin token; ${resource.name} belong to the caller`,
      pointer: `#/${owner}`,
    })
  else if (
    owner &&
    creating &&
    admin &&
    input[owner] === undefined &&
    resource.relations.some((r) => r.field === owner)
  )
    errors.push({
      field: owner,
      message: 'is required with an admin token',
      pointer: `#/${owner}`,
    })
  for (const relation of resource.relations) {
    const value = input[relation.field]
    if (value === undefined || value === null) continue
    if (relation.field === owner && !admin) continue
    const target = resourceOf(runtime, relation.to)
    const row = runtime.db.table(relation.to).get(value as Id)
    if (!row || !runtime.api.visible(target, row, ctx.principal, runtime))
      errors.push({
        field: relation.field,
        message: `names no ${target.singular}${admin ? '' : ' of yours'} (${String(value)})`,
        pointer: `#/${relation.field}`,
      })
  }
  return errors
}

/** Nullable fields a body left out are stored as `null`; keys follow the record's field order. */
function completeRow(resource: CompiledResource, values: AnyRecord): AnyRecord {
  const properties = (resource.json.properties ?? {}) as Record<
    string,
    Record<string, unknown>
  >
  const row: AnyRecord = {}
  for (const field of resource.fields) {
    if (values[field] !== undefined) row[field] = values[field]
    else {
      const p = properties[field] ?? {}
      const type = p.type
      const nullable =
        (Array.isArray(type) && type.includes('null')) ||
        (Array.isArray(p.anyOf) &&
          (p.anyOf as { type?: unknown }[]).some((v) => v.type === 'null'))
      if (nullable) row[field] = null
    }
  }
  for (const [key, value] of Object.entries(values))
    if (!(key in row) && value !== undefined) row[key] = value
  return row
}

function listHandler(
  resource: CompiledResource,
  where: (
    ctx: HandlerContext,
    parent: AnyRecord | undefined,
  ) => (row: AnyRecord) => boolean,
) {
  return (ctx: HandlerContext, parent?: AnyRecord) => {
    const { runtime } = ctx
    const query = parseCollectionQuery(
      ctx.url.searchParams,
      resource.filters,
      resource.sortable,
      resource.list,
    )
    const { items, total } = selectPage(
      runtime.db.table(resource.name).rows.values(),
      query,
      where(ctx, parent),
      resource.idKind === 'integer',
    )
    return collectionResponse(
      ctx.url,
      query,
      items.map((row) => runtime.api.present(resource, row, runtime)),
      total,
      runtime.options.origin,
      resource.list,
    )
  }
}

function createHandler(resource: CompiledResource): Handler {
  const { input: schema, declaration } = resource.create!
  const create = declaration as CreateDeclaration<AnyRecord, AnyRecord>
  return (ctx) => {
    const { runtime } = ctx
    const input = validInput(schema, ctx.body) as AnyRecord
    const context: InputContext<AnyRecord> = { ...operationContext(ctx), input }
    if (create.handle) return create.handle(context)
    const errors = [
      ...referenceErrors(runtime, resource, input, ctx, true),
      ...(create.check?.(context) ?? []),
    ]
    if (errors.length > 0) validationFailed(errors, ctx.body !== undefined)
    create.guard?.(context)
    const values: AnyRecord = { ...input, ...create.prepare?.(context) }
    const owner = resource.ownerField
    if (owner && values[owner] === undefined && ctx.principal.owns !== 'all')
      values[owner] = ctx.principal.owns[0]
    if (resource.state) values[resource.state.field] = resource.state.initial
    delete values.version
    const row = runtime.db
      .handle(resource.name)
      .insert(completeRow(resource, values))
    create.run?.(context, row)
    return recordResponse(
      runtime,
      resource,
      runtime.db.table(resource.name).get(row.id as Id) ?? row,
      true,
    )
  }
}

function replaceHandler(resource: CompiledResource): ItemHandler<AnyRecord> {
  const { input: schema, declaration } = resource.replace!
  const replace = declaration as ReplaceDeclaration<AnyRecord, AnyRecord>
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx, runtime.api.etag(resource, item))
    const input = validInput(schema, ctx.body) as AnyRecord
    const context: ActionContext<AnyRecord, AnyRecord> = {
      ...operationContext(ctx),
      item,
      input,
    }
    const errors = [
      ...referenceErrors(runtime, resource, input, ctx, false),
      ...(replace.check?.(context) ?? []),
    ]
    if (errors.length > 0) validationFailed(errors, ctx.body !== undefined)
    const state = resource.state
    if (state?.replaceIn && !state.replaceIn.includes(item[state.field]))
      stateConflict(resource, item, 'it cannot be replaced', ctx.path)
    if (
      resource.has.version &&
      input.version !== undefined &&
      input.version !== item.version
    )
      fail('version-mismatch', {
        detail: `The body says version ${String(input.version)}, but ${resource.singular} ${String(item.id)} is at version ${String(item.version)}. Re-read it, apply your change, and send it again.`,
        extensions: { currentVersion: item.version },
      })
    const kept: AnyRecord = { id: item.id }
    for (const field of [
      'createdAt',
      'version',
      resource.state?.field,
      resource.ownerField,
      ...resource.hidden,
      ...(replace.keep ?? []),
    ])
      if (
        field !== undefined &&
        field in item &&
        !(field in input && field === resource.ownerField)
      )
        kept[field] = item[field]
    const { version: _version, ...body } = input
    const next = completeRow(resource, { ...kept, ...body })
    const updated = runtime.db
      .handle(resource.name)
      .replace(item.id as Id, next)
    return recordResponse(
      runtime,
      resource,
      updated,
      false,
      resource.status.replace,
    )
  }
}

function deleteHandler(resource: CompiledResource): ItemHandler<AnyRecord> {
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx, runtime.api.etag(resource, item))
    const state = resource.state
    if (state?.deleteIn && !state.deleteIn.includes(item[state.field]))
      stateConflict(resource, item, 'it cannot be deleted', ctx.path)
    runtime.api.deleteRow(runtime, resource, item)
    return resource.status.delete === 204
      ? HttpResponse.empty()
      : HttpResponse.json(runtime.api.present(resource, item, runtime))
  }
}

function actionHandler(
  resource: CompiledResource,
  transition: NonNullable<CompiledResource['state']>['transitions'][number],
): ItemHandler<AnyRecord> {
  const field = resource.state!.field
  const { declaration } = transition
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx, runtime.api.etag(resource, item))
    const input = validInput(transition.input ?? EMPTY_ACTION, ctx.body)
    if (!transition.from.includes(item[field]))
      stateConflict(
        resource,
        item,
        `"${transition.name}" is not allowed now`,
        ctx.path,
      )
    const context: ActionContext<AnyRecord> = {
      ...operationContext(ctx),
      item,
      input,
    }
    declaration.guard?.(context)
    const result = declaration.run?.(context)
    const updated = runtime.db.handle(resource.name).update(item.id as Id, {
      ...result?.set,
      [field]: transition.to,
    })
    return result?.respond ?? recordResponse(runtime, resource, updated)
  }
}

function readHandler(resource: CompiledResource): ItemHandler<AnyRecord> {
  const guard = resource.declaration.read?.guard as
    ((ctx: unknown) => void) | undefined
  return (ctx, item) => {
    if (guard) guard({ ...operationContext(ctx), item })
    return recordResponse(ctx.runtime, resource, item)
  }
}

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
