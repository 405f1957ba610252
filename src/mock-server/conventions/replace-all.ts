/**
 * `PUT` on a collection that names every record it should hold by its key (`replaceAll`): GitHub's
 * `PUT /orgs/{org}/actions/permissions/repositories` with `{ "selected_repository_ids": [1, 2] }`.
 * The records it does not name are deleted by the relations' rules, and those it names that are absent are created as a
 * `PUT` with no body on their item creates them (`replace.upsert`). All or nothing: every bad key
 * is listed in one 422 before anything changes.
 */
import {
  parentValues,
  underParents,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import { handlerContext } from '../declare/handler-context.ts'
import type { AnyRecord, Id, InputContext } from '../declare/types.ts'
import { newRow } from '../declare/write-checks.ts'
import { HttpResponse } from '../http-response.ts'
import { camel } from '../openapi/schema-names.ts'
import { fail } from '../problems/problem-error.ts'
import type { Handler, RouteContext } from '../route-spec.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import { stillReferencedProblem } from './endpoint-doc.ts'

/** The most keys one `PUT` may name: a set is replaced in one step, within the body limit. */
export const REPLACE_ALL_LIMIT = 1000

/** The keys the body names, each of the resource's kind; every bad one listed in one 422. */
function keysOf(resource: CompiledResource, member: string, body: unknown) {
  const pointer = `#/${member}`
  const list =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as AnyRecord)[member]
      : undefined
  if (!Array.isArray(list))
    validationFailed(
      [
        {
          field: member,
          pointer,
          message: `is required: a list of the keys of every ${resource.singular} the collection should hold`,
        },
      ],
      body !== undefined,
    )
  const errors: FieldError[] = []
  if (list.length > REPLACE_ALL_LIMIT)
    errors.push({
      field: member,
      pointer,
      message: `names ${list.length} keys; at most ${REPLACE_ALL_LIMIT} may be named at once`,
    })
  const others = Object.keys(body as AnyRecord).filter((m) => m !== member)
  for (const other of others)
    errors.push({
      field: other,
      pointer: `#/${other}`,
      message: `is not a member of this body: it takes ${member} alone`,
    })
  const integer = resource.idKind === 'integer'
  const keys: Id[] = []
  list.forEach((key: unknown, i) => {
    const ok = integer
      ? typeof key === 'number' && Number.isSafeInteger(key) && key >= 1
      : typeof key === 'string' && key.length > 0 && key.length <= 200
    if (ok) keys.push(key as Id)
    else
      errors.push({
        field: `${member}[${i}]`,
        pointer: `${pointer}/${i}`,
        message: integer
          ? 'must be a whole number from 1, the key of a record'
          : 'must be a string of 1 to 200 characters, the key of a record',
      })
  })
  if (errors.length > 0) validationFailed(errors, true)
  return [...new Set(keys)]
}

function replaceAllHandler(resource: CompiledResource, member: string) {
  const upsert = resource.upsert!
  return ((ctx: RouteContext) => {
    const { runtime, principal } = ctx
    const keys = keysOf(resource, member, ctx.body)
    const below = parentValues(resource, ctx.params)
    const table = runtime.db.table(resource.name)
    const handle = runtime.db.handle(resource.name)
    // A key another parent's record holds cannot join this set: refused before anything changes.
    for (const key of keys) {
      const row = table.get(key)
      if (
        row &&
        (!underParents(resource, row, below) ||
          !runtime.api.visible(resource, row, principal, runtime))
      )
        fail('already-exists', {
          detail: `${resource.singular} ${String(key)} belongs elsewhere, and a key names one record across parents. Leave it out of ${member}.`,
          extensions: { existing: { resource: resource.name, id: key } },
        })
    }
    // The rows the set leaves out go by the relations' rules (a `refuse` still naming one is a 409
    // before anything changes; a `cascade` goes with it), all in one step.
    const named = new Set(keys.map(String))
    runtime.api.deleteRows(
      runtime,
      resource,
      [...table.rows.values()].filter(
        (row) =>
          underParents(resource, row, below) &&
          runtime.api.visible(resource, row, principal, runtime) &&
          !named.has(String(row.id)),
      ),
    )
    const context: InputContext<AnyRecord> = {
      ...handlerContext(ctx),
      input: {},
    }
    for (const key of keys) {
      if (table.get(key)) continue
      const values: AnyRecord = {
        ...upsert.prepare?.(context),
        ...below,
        [resource.key.member]: key,
      }
      handle.insert(newRow(resource, values, principal))
    }
    return HttpResponse.empty({ status: 204 })
  }) satisfies Handler
}

export function replaceAllConvention(
  resource: CompiledResource,
  member: string,
): Convention<Handler> {
  const kind =
    resource.idKind === 'integer'
      ? { type: 'integer', minimum: 1 }
      : { type: 'string', minLength: 1, maxLength: 200 }
  return {
    handler: replaceAllHandler(resource, member),
    doc: (ctx) => ({
      operationId: camel('replace', 'all', resource.name),
      summary: `Replace the whole set of ${resource.title.toLowerCase()}: the ones ${member} names, and no others`,
      tag: resource.title,
      answers: [{ status: 204 }],
      body: {
        schema: '',
        inline: {
          type: 'object',
          required: [member],
          additionalProperties: false,
          properties: {
            [member]: {
              type: 'array',
              maxItems: REPLACE_ALL_LIMIT,
              items: kind,
            },
          },
        },
        required: true,
      },
      problems: [
        'validation-failed',
        'already-exists',
        // A record the set leaves out that a `refuse` relation still names.
        ...stillReferencedProblem(ctx, resource),
      ],
    }),
  }
}
