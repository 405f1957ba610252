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
import { handlerContext } from '../declare/handler-context.ts'
import type {
  AnyRecord,
  ByKeysDeclaration,
  Id,
  InputContext,
} from '../declare/types.ts'
import { newRow } from '../declare/write-checks.ts'
import { HttpResponse } from '../http-response.ts'
import { camel } from '../openapi/schema-names.ts'
import { fail } from '../problems/problem-error.ts'
import type { Handler, RouteContext } from '../route-spec.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import { stillReferencedProblem } from './endpoint-doc.ts'
import { REPLACE_ALL_LIMIT } from './replace-all.ts'

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
  if (list.length > REPLACE_ALL_LIMIT)
    errors.push({
      field,
      pointer,
      message: `names ${list.length} keys; at most ${REPLACE_ALL_LIMIT} may be named at once`,
    })
  const integer = resource.idKind === 'integer'
  const keys: Id[] = []
  list.forEach((raw: unknown, i) => {
    // A key in the query is text: an integer key is read from its digits.
    const key =
      queried && integer && typeof raw === 'string' && /^\d{1,15}$/.test(raw)
        ? Number(raw)
        : raw
    const ok = integer
      ? typeof key === 'number' && Number.isSafeInteger(key) && key >= 1
      : typeof key === 'string' && key.length > 0 && key.length <= 200
    if (ok) keys.push(key as Id)
    else
      errors.push({
        field: `${field}[${i}]`,
        pointer: queried ? pointer : `${pointer}/${i}`,
        message: integer
          ? 'must be a whole number from 1, the key of a record'
          : 'must be a string of 1 to 200 characters, the key of a record',
      })
  })
  if (errors.length > 0) validationFailed(errors, true)
  return [...new Set(keys)]
}

function addHandler(
  resource: CompiledResource,
  declared: ByKeysDeclaration,
  status: 200 | 204,
) {
  return ((ctx: RouteContext) => {
    const { runtime, principal } = ctx
    const keys = keysOf(resource, declared, ctx)
    const below = parentValues(resource, ctx.params)
    const table = runtime.db.table(resource.name)
    const handle = runtime.db.handle(resource.name)
    // A key another parent's (or another owner's) record holds cannot be added here.
    for (const key of keys) {
      const row = table.get(key)
      if (
        row &&
        (!underParents(resource, row, below) ||
          !runtime.api.visible(resource, row, principal, runtime))
      )
        fail('already-exists', {
          detail: `${resource.singular} ${String(key)} belongs elsewhere, and a key names one record across parents. Leave it out.`,
          extensions: { existing: { resource: resource.name, id: key } },
        })
    }
    const context: InputContext<AnyRecord> = {
      ...handlerContext(ctx),
      input: {},
    }
    for (const key of keys) {
      if (table.get(key)) continue
      const values: AnyRecord = {
        ...declared.prepare?.({
          ...context,
          input: { [resource.key.member]: key },
        }),
        ...below,
        [resource.key.member]: key,
      }
      handle.insert(newRow(resource, values, principal))
    }
    return status === 204
      ? HttpResponse.empty({ status })
      : new Response(null, { status })
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
    return status === 204
      ? HttpResponse.empty({ status })
      : new Response(null, { status })
  }) satisfies Handler
}

/** The body the writes take, for the description: the member that lists the keys. */
function bodyDoc(resource: CompiledResource, member: string | undefined) {
  if (member === undefined) return undefined
  const kind =
    resource.idKind === 'integer'
      ? { type: 'integer', minimum: 1 }
      : { type: 'string', minLength: 1, maxLength: 200 }
  return {
    schema: '',
    inline: {
      type: 'object',
      properties: {
        [member]: { type: 'array', maxItems: REPLACE_ALL_LIMIT, items: kind },
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
