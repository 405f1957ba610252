/** A collection's own operations: its list (also served nested below a parent) and its create. */
import { parseCollectionQuery } from '../collections/query.ts'
import { collectionResponse } from '../collections/collection-response.ts'
import { selectPage } from '../collections/select-page.ts'
import type { Handler, HandlerContext } from '../route-spec.ts'
import { validationFailed } from '../validation/validate.ts'
import { type CompiledResource } from './compile-resource.ts'
import { operationContext, recordResponse } from './operation-context.ts'
import { completeRow, referenceErrors, validInput } from './write-checks.ts'
import type { AnyRecord, CreateDeclaration, Id, InputContext } from './types.ts'

export function listHandler(
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

export function createHandler(resource: CompiledResource): Handler {
  const { input: schema, declaration } = resource.create!
  const create = declaration as CreateDeclaration<AnyRecord, AnyRecord>
  return (ctx) => {
    const { runtime } = ctx
    const input = validInput(schema, ctx.body, (raw) =>
      referenceErrors(runtime, resource, raw, ctx, true),
    ) as AnyRecord
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
