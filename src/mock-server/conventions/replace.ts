/** `PUT` on an item: the record replaced by a validated body, `If-Match` and state permitting. */
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import { handlerContext, recordResponse } from '../declare/handler-context.ts'
import type {
  ActionContext,
  AnyRecord,
  Id,
  ReplaceDeclaration,
} from '../declare/types.ts'
import {
  checkIfMatch,
  completeRow,
  referenceErrors,
  stateConflict,
  validInput,
} from '../declare/write-checks.ts'
import { bodyOptional } from '../openapi/input-schemas.ts'
import { camel, withArticle } from '../openapi/schema-names.ts'
import { fail } from '../problems/problem-error.ts'
import { validationFailed } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import { exampleId, inStates, states } from './endpoint-doc.ts'

/** 409 `version-mismatch` when a body names a version the record has left. */
export function checkVersion(
  resource: CompiledResource,
  item: AnyRecord,
  version: unknown,
) {
  if (resource.has.version && version !== undefined && version !== item.version)
    fail('version-mismatch', {
      detail: `The body says version ${String(version)}, but ${resource.singular} ${String(item.id)} is at version ${String(item.version)}. Re-read it, apply your change, and send it again.`,
      extensions: { currentVersion: item.version },
    })
}

/** 409 `state-conflict` when the record's state does not allow changing it. */
export function checkReplaceState(
  resource: CompiledResource,
  item: AnyRecord,
  path: string,
) {
  const state = resource.state
  if (state?.replaceIn && !state.replaceIn.includes(item[state.field]))
    stateConflict(resource, item, 'it cannot be replaced', path)
}

/**
 * The members a write keeps from the stored record whatever the body says: the id, timestamps,
 * version, state, owner, hidden fields and the declaration's `keep`.
 */
export function keptMembers(
  resource: CompiledResource,
  item: AnyRecord,
  input: AnyRecord,
): AnyRecord {
  const replace = resource.replace?.declaration as
    ReplaceDeclaration<AnyRecord, AnyRecord> | undefined
  const kept: AnyRecord = { id: item.id }
  for (const field of [
    'createdAt',
    'version',
    resource.state?.field,
    resource.ownerField,
    ...resource.hidden,
    ...(replace?.keep ?? []),
  ])
    if (
      field !== undefined &&
      field in item &&
      !(field in input && field === resource.ownerField)
    )
      kept[field] = item[field]
  return kept
}

function replaceHandler(resource: CompiledResource): ItemHandler<AnyRecord> {
  const { input: schema, declaration } = resource.replace!
  const replace = declaration as ReplaceDeclaration<AnyRecord, AnyRecord>
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx, runtime.api.etag(resource, item))
    const input = validInput(schema, ctx.body, (raw) =>
      referenceErrors(runtime, resource, raw, ctx, false),
    ) as AnyRecord
    const context: ActionContext<AnyRecord, AnyRecord> = {
      ...handlerContext(ctx),
      item,
      input,
    }
    const errors = [
      ...referenceErrors(runtime, resource, input, ctx, false),
      ...(replace.check?.(context) ?? []),
    ]
    if (errors.length > 0) validationFailed(errors, ctx.body !== undefined)
    checkReplaceState(resource, item, ctx.path)
    checkVersion(resource, item, input.version)
    const { version: _version, ...body } = input
    const next = completeRow(resource, {
      ...keptMembers(resource, item, input),
      ...body,
    })
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

export function replaceConvention(
  resource: CompiledResource,
): Convention<ItemHandler<AnyRecord>> {
  return {
    handler: replaceHandler(resource),
    doc: (ctx) => {
      const names = ctx.names.get(resource.name)!
      const state = resource.state
      return {
        operationId: camel('replace', resource.singular),
        summary: `Replace ${withArticle(resource.singular)}${state?.replaceIn ? ` (while its ${state.field} is ${states(state.replaceIn)})` : ''}`,
        tag: resource.title,
        answers: [
          resource.status.replace === 204
            ? { status: 204 }
            : {
                status: 200,
                schema: inStates(names, state?.replaceIn),
                etag: true,
              },
        ],
        body: {
          schema: names.replace,
          required: !bodyOptional(resource.replace?.input),
        },
        ifMatch: true,
        problems: [
          'precondition-failed',
          'validation-failed',
          ...(resource.has.version ? ['version-mismatch'] : []),
          ...(state?.replaceIn ? ['state-conflict'] : []),
        ],
        pathItem: { resource, example: exampleId(ctx, resource) },
      }
    },
  }
}
