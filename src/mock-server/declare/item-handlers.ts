/** An item's operations, once the route has loaded it: read, replace, delete and actions. */
import { HttpResponse } from '../http-response.ts'
import { fail } from '../problems/problem-error.ts'
import { validationFailed } from '../validation/validate.ts'
import { type ItemHandler } from './item-route.ts'
import { type CompiledResource } from './compile-resource.ts'
import { operationContext, recordResponse } from './operation-context.ts'
import {
  checkIfMatch,
  completeRow,
  EMPTY_ACTION,
  referenceErrors,
  stateConflict,
  validInput,
} from './write-checks.ts'
import type {
  ActionContext,
  AnyRecord,
  Id,
  ReplaceDeclaration,
} from './types.ts'

export function replaceHandler(
  resource: CompiledResource,
): ItemHandler<AnyRecord> {
  const { input: schema, declaration } = resource.replace!
  const replace = declaration as ReplaceDeclaration<AnyRecord, AnyRecord>
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx, runtime.api.etag(resource, item))
    const input = validInput(schema, ctx.body, (raw) =>
      referenceErrors(runtime, resource, raw, ctx, false),
    ) as AnyRecord
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

export function deleteHandler(
  resource: CompiledResource,
): ItemHandler<AnyRecord> {
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

export function actionHandler(
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

export function readHandler(
  resource: CompiledResource,
): ItemHandler<AnyRecord> {
  const guard = resource.declaration.read?.guard as
    ((ctx: unknown) => void) | undefined
  return (ctx, item) => {
    if (guard) guard({ ...operationContext(ctx), item })
    return recordResponse(ctx.runtime, resource, item)
  }
}
