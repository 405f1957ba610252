/**
 * `PUT` on an item that creates it where it is absent (`replace.upsert`, as RFC 9110 defines `PUT`): the key
 * comes from the path, the body is checked as a replace body, and the answer is `201 Created` with
 * the record. Where the item exists the `PUT` replaces it as ever. `If-None-Match: *` asks for a
 * create only, `If-Match` for a replace only: each answers 412 where the item is not as it asks.
 */
import {
  parentValues,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import { handlerContext, recordResponse } from '../declare/handler-context.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type { AnyRecord, Id, InputContext } from '../declare/types.ts'
import { newRow, referenceErrors, validInput } from '../declare/write-checks.ts'
import { HttpResponse } from '../http-response.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext } from '../route-spec.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import { inStates, type DescribeEndpoint } from './endpoint-doc.ts'
import { itemSchema, unwrapItem, wrappedAt } from './item-envelope.ts'

/** The item a `PUT` names: its row where there is one, else the key a new one takes. */
export type PutTarget = { row: AnyRecord } | { id: Id }

/** Whether an ETag list (`If-None-Match`, `If-Match`) names the current one, or any (`*`). */
const names = (header: string, etag: string | undefined) =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || (etag !== undefined && tag === etag))

/** 412 where the request's preconditions ask for an item other than the one there is (or is not). */
function checkPreconditions(
  ctx: RouteContext,
  resource: CompiledResource,
  target: PutTarget,
) {
  const { request, runtime } = ctx
  const ifNoneMatch = request.headers.get('If-None-Match')
  if ('row' in target) {
    if (
      ifNoneMatch !== null &&
      names(ifNoneMatch, runtime.api.etag(resource, target.row))
    )
      fail('precondition-failed', {
        detail: `If-None-Match ${ifNoneMatch} asks for a create only, and ${resource.singular} ${String(target.row.id)} exists. Leave the header out to replace it.`,
      })
    return
  }
  if (request.headers.get('If-Match') !== null)
    fail('precondition-failed', {
      detail: `If-Match asks for a replace only, and there is no ${resource.singular} ${String(target.id)}. Leave the header out to create it.`,
    })
}

/** The key a body may name beside the path's: it must be the path's. */
function keyErrors(
  resource: CompiledResource,
  input: AnyRecord,
  id: Id,
): FieldError[] {
  const key = resource.key.member
  return input[key] !== undefined && String(input[key]) !== String(id)
    ? [
        {
          field: key,
          pointer: `#/${key}`,
          message: `is the key, which the path names: it is ${String(id)}`,
        },
      ]
    : []
}

/** The create of an absent item at its key: the body checked, the hooks run, 201 Created. */
export function upsertCreate(resource: CompiledResource) {
  const schema = resource.replace!.input
  const upsert = resource.upsert!
  return (ctx: RouteContext, id: Id): Response => {
    const { runtime } = ctx
    const input = validInput(
      schema,
      unwrapItem(resource.item, ctx.body),
      (raw) => referenceErrors(runtime, resource, raw, ctx, true),
      wrappedAt(resource.item, ctx.body),
    ) as AnyRecord
    const context: InputContext<AnyRecord> = { ...handlerContext(ctx), input }
    const errors = [
      ...referenceErrors(runtime, resource, input, ctx, true),
      ...(upsert.check?.(context) ?? []),
      ...keyErrors(resource, input, id),
    ]
    if (errors.length > 0) validationFailed(errors, ctx.body !== undefined)
    const { version: _version, ...body } = input
    const values: AnyRecord = {
      ...body,
      ...upsert.prepare?.(context),
      // The path names the key and the parents, whatever the body and hooks say.
      ...parentValues(resource, ctx.params),
      [resource.key.member]: id,
    }
    const row = runtime.db
      .handle(resource.name)
      .insert(newRow(resource, values, ctx.principal))
    const status = resource.status.upsert
    if (status === 204)
      return HttpResponse.empty({
        headers: { ETag: runtime.api.etag(resource, row) },
      })
    return recordResponse(runtime, resource, row, status === 201, status)
  }
}

/**
 * The handler of a `PUT` that may create: `find` says whether the path names a row, `replace`
 * serves one that exists, and an absent one is created at the key the path gives.
 */
export function upsertHandler(
  resource: CompiledResource,
  find: (ctx: RouteContext) => PutTarget,
  replace: ItemHandler<AnyRecord>,
  create: (ctx: RouteContext, id: Id) => Response | Promise<Response>,
) {
  return (ctx: RouteContext) => {
    const target = find(ctx)
    checkPreconditions(ctx, resource, target)
    return 'row' in target ? replace(ctx, target.row) : create(ctx, target.id)
  }
}

/** The replace's piece of the description, with the create it may do: 201, `If-None-Match`. */
export function upsertDoc(
  resource: CompiledResource,
  replace: DescribeEndpoint,
): DescribeEndpoint {
  return (ctx) => {
    const doc = replace(ctx)
    const status = resource.status.upsert
    const names = ctx.names.get(resource.name)!
    return {
      ...doc,
      summary: `${doc.summary}, or create it at this key`,
      answers: [
        ...doc.answers.filter((a) => a.status !== status),
        {
          status,
          ...(status !== 204 && {
            schema: itemSchema(
              resource.item,
              inStates(names, resource.state && [resource.state.initial]),
            ),
          }),
          etag: true,
          ...(status === 201 && { location: true }),
        },
      ].sort((a, b) => a.status - b.status),
      ifNoneMatch: true,
      problems: [...doc.problems, 'already-exists'],
    }
  }
}
