/**
 * Writes on a collection that name its records by their keys alone (`byKeys`), as a library of
 * saved items: Spotify's `PUT /me/albums?ids=a,b` saves two albums, `DELETE /me/albums` with
 * `{ "ids": ["a"] }` removes one. Adding creates each named record that is absent and keeps every
 * other; removing deletes each named record there is, by the relations' rules. All or nothing: every bad key is listed in
 * one 422 before anything changes.
 */
import {
  parentValues,
  underParents,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import type { AnyRecord, ByKeysDeclaration } from '../declare/types.ts'
import { HttpResponse } from '../http-response.ts'
import { camel } from '../openapi/schema-names.ts'
import type { Handler, RouteContext } from '../route-spec.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import { stillReferencedProblem } from './endpoint-doc.ts'
import {
  insertAbsentKeys,
  keySchema,
  keysIn,
  NAMED_KEYS_LIMIT,
  refuseKeysHeldElsewhere,
} from './named-keys.ts'

/** The keys a request names: the query parameter's, comma-separated, else the body member's. */
function keysOf(
  resource: CompiledResource,
  declared: ByKeysDeclaration,
  ctx: RouteContext,
) {
  const { member, query } = declared
  const fromQuery =
    query === undefined ? null : ctx.url.searchParams.getAll(query)
  const body = ctx.body
  const inBody =
    member !== undefined &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body)
      ? (body as AnyRecord)[member]
      : undefined
  const queried = fromQuery !== null && fromQuery.length > 0
  // Where both may name the keys, the query parameter wins (as Spotify documents it).
  const field = queried ? query! : member!
  const pointer = queried ? `?${query!}` : `#/${member!}`
  const list: unknown = queried
    ? fromQuery.flatMap((value) => value.split(',')).map((k) => k.trim())
    : inBody
  const where = [
    ...(query !== undefined ? [`the query parameter ${query}`] : []),
    ...(member !== undefined ? [`the body member ${member}`] : []),
  ].join(' or ')
  if (!Array.isArray(list))
    validationFailed(
      [
        {
          field,
          pointer,
          message: `is required: ${where} lists the keys of the ${resource.title.toLowerCase()} it names`,
        },
      ],
      body !== undefined,
    )
  const errors: FieldError[] = []
  const keys = keysIn(resource, list, { field, pointer, queried }, errors)
  if (errors.length > 0) validationFailed(errors, true)
  return keys
}

function addHandler(
  resource: CompiledResource,
  declared: ByKeysDeclaration,
  status: 200 | 204,
) {
  return ((ctx: RouteContext) => {
    const keys = keysOf(resource, declared, ctx)
    const below = parentValues(resource, ctx.params)
    // A key another parent's (or another owner's) record holds cannot be added here.
    refuseKeysHeldElsewhere(resource, keys, below, ctx, 'Leave it out.')
    insertAbsentKeys(resource, keys, below, ctx, (key, context) =>
      declared.prepare?.({ ...context, input: { [resource.key.member]: key } }),
    )
    // No body either way: the description says 200 (Spotify's library) or 204.
    return HttpResponse.empty({ status })
  }) satisfies Handler
}

function removeHandler(
  resource: CompiledResource,
  declared: ByKeysDeclaration,
  status: 200 | 204,
) {
  return ((ctx: RouteContext) => {
    const { runtime, principal } = ctx
    const keys = keysOf(resource, declared, ctx)
    const below = parentValues(resource, ctx.params)
    const table = runtime.db.table(resource.name)
    // Only the caller's own records below the parents the path names: others are left alone. They
    // go by the relations' rules, all in one step (a `refuse` still naming one is a 409 first).
    const rows: AnyRecord[] = []
    for (const key of keys) {
      const row = table.get(key)
      if (
        row &&
        underParents(resource, row, below) &&
        runtime.api.visible(resource, row, principal, runtime)
      )
        rows.push(row)
    }
    runtime.api.deleteRows(runtime, resource, rows)
    // No body either way: the description says 200 (Spotify's library) or 204.
    return HttpResponse.empty({ status })
  }) satisfies Handler
}

/** The body the writes take, for the description: the member that lists the keys. */
function bodyDoc(resource: CompiledResource, member: string | undefined) {
  if (member === undefined) return undefined
  return {
    schema: '',
    inline: {
      type: 'object',
      properties: {
        [member]: {
          type: 'array',
          maxItems: NAMED_KEYS_LIMIT,
          items: keySchema(resource),
        },
      },
    },
    required: false,
  }
}

/** How the keys are named, for a summary: `?ids=` or the body's `ids`. */
const namedBy = ({ member, query }: ByKeysDeclaration) =>
  [
    ...(query !== undefined ? [`?${query}=`] : []),
    ...(member !== undefined ? [`the body's ${member}`] : []),
  ].join(' or ')

export function addByKeysConvention(
  resource: CompiledResource,
  declared: ByKeysDeclaration,
): Convention<Handler> {
  const status = declared.status ?? 204
  const body = bodyDoc(resource, declared.member)
  return {
    handler: addHandler(resource, declared, status),
    doc: () => ({
      operationId: camel('add', resource.name, 'by', 'keys'),
      summary: `Add the ${resource.title.toLowerCase()} ${namedBy(declared)} names, keeping the others`,
      tag: resource.title,
      answers: [{ status }],
      ...(body && { body }),
      problems: ['validation-failed', 'already-exists'],
    }),
  }
}

export function removeByKeysConvention(
  resource: CompiledResource,
  declared: ByKeysDeclaration,
): Convention<Handler> {
  const status = declared.status ?? 204
  const body = bodyDoc(resource, declared.member)
  return {
    handler: removeHandler(resource, declared, status),
    doc: (ctx) => ({
      operationId: camel('remove', resource.name, 'by', 'keys'),
      summary: `Remove the ${resource.title.toLowerCase()} ${namedBy(declared)} names`,
      tag: resource.title,
      answers: [{ status }],
      ...(body && { body }),
      problems: ['validation-failed', ...stillReferencedProblem(ctx, resource)],
    }),
  }
}
