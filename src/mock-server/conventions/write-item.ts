/**
 * What every write of a whole item does, stated once for `PUT` (replace) and `PATCH` (merge patch):
 * `If-Match` first (412), then the body read each method's way, the references and the
 * declaration's own `check` (every invalid field in one 422), the state and version preconditions
 * (409), and the stored row with its server-set members kept, answered with its new ETag.
 */
import type { CompiledResource } from '../declare/compile-resource.ts'
import { checkIfMatch } from '../declare/check-if-match.ts'
import { handlerContext, recordResponse } from '../declare/handler-context.ts'
import { OWN_ID, recordOfRow } from '../declare/new-id.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type {
  ActionContext,
  AnyRecord,
  Id,
  ReplaceDeclaration,
} from '../declare/types.ts'
import {
  completeRow,
  referenceErrors,
  stateConflict,
} from '../declare/write-checks.ts'
import { HttpResponse } from '../http-response.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext } from '../route-spec.ts'
import { validationFailed } from '../validation/validate.ts'
import type { ProblemSlug } from '../problems/catalogue.ts'
import { states } from './endpoint-doc.ts'

/** How one method turns a request into the replace body it stores. */
export interface ItemWrite {
  /**
   * The replace body the request asks for, valid against the replace schema; answers 400/422
   * itself when it is not. Runs after `If-Match` passed.
   */
  input(ctx: RouteContext, item: AnyRecord): AnyRecord
  /** Whether a 422 from the declaration's checks says a body was sent. */
  hadBody(ctx: RouteContext): boolean
  /** The status of the answer (it carries the stored record and its ETag). */
  status: 200 | 201 | 202 | 204
}

/** 409 `version-mismatch` when a body names a version the record has left. */
function checkVersion(
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
function checkReplaceState(
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
function keptMembers(
  resource: CompiledResource,
  item: AnyRecord,
  input: AnyRecord,
): AnyRecord {
  const replace = resource.replace?.declaration as
    | ReplaceDeclaration<AnyRecord, AnyRecord>
    | undefined
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

/** The handler of a whole-item write: the steps every one shares around the method's `input`. */
export function writeItemHandler(
  resource: CompiledResource,
  write: ItemWrite,
): ItemHandler<AnyRecord> {
  const declaration = resource.replace!.declaration as ReplaceDeclaration<
    AnyRecord,
    AnyRecord
  >
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx.request, runtime.api.etag(resource, item))
    // A write sees the record as it is shown: its own id at `id`, where another member is its key.
    const input = write.input(ctx, recordOfRow(item, resource.ownId))
    const context: ActionContext<AnyRecord, AnyRecord> = {
      ...handlerContext(ctx),
      item,
      input,
    }
    const key = resource.key.member
    const errors = [
      ...referenceErrors(runtime, resource, input, ctx, false),
      ...(declaration.check?.(context) ?? []),
      ...(key !== 'id' &&
      input[key] !== undefined &&
      String(input[key]) !== String(item.id)
        ? [
            {
              field: key,
              pointer: `#/${key}`,
              message: `is the key and cannot change: it is ${String(item.id)}`,
            },
          ]
        : []),
    ]
    if (errors.length > 0) validationFailed(errors, write.hadBody(ctx))
    checkReplaceState(resource, item, ctx.path)
    checkVersion(resource, item, input.version)
    const { version: _version, ...body } = input
    // The record's own id, written or kept, waits aside: the store's id stays the key.
    if (resource.ownId) {
      body[OWN_ID] = body.id ?? item[OWN_ID]
      delete body.id
    }
    const next = completeRow(resource, {
      ...keptMembers(resource, item, input),
      ...body,
      ...(key !== 'id' && { [key]: item.id }),
      // A nested record stays below its parents, whatever the body says.
      ...Object.fromEntries(
        resource.parents.map((p) => [p.field, item[p.field]]),
      ),
    })
    const updated = runtime.db
      .handle(resource.name)
      .replace(item.id as Id, next)
    // A write documented as 204 keeps its change and answers no body, with the new ETag.
    if (write.status === 204)
      return HttpResponse.empty({
        headers: { ETag: runtime.api.etag(resource, updated) },
      })
    return recordResponse(runtime, resource, updated, false, write.status)
  }
}

/** The summary's tail for a record that may only be written in some states. */
export function whileWritable(resource: CompiledResource): string {
  const state = resource.state
  return state?.replaceIn
    ? ` (while its ${state.field} is ${states(state.replaceIn)})`
    : ''
}

/** The problems a whole-item write raises itself, for its piece of the description. */
export function writeItemProblems(resource: CompiledResource): ProblemSlug[] {
  return [
    'precondition-failed',
    'validation-failed',
    ...(resource.has.version ? ['version-mismatch' as const] : []),
    ...(resource.state?.replaceIn ? ['state-conflict' as const] : []),
  ]
}
