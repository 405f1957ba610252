/**
 * `PUT` on a collection that names every record it should hold by its key (`replaceAll`): GitHub's
 * `PUT /orgs/{org}/actions/permissions/repositories` with `{ "selected_repository_ids": [1, 2] }`.
 * The records it does not name are deleted by the relations' rules, and those it names that are
 * absent are created, as a `PUT` with no body on their item creates them (`replace.upsert`). All or
 * nothing: every bad key is listed in one 422 before anything changes.
 */
import {
  parentValues,
  underParents,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import type { AnyRecord } from '../declare/types.ts'
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
  const keys = keysIn(resource, list, { field: member, pointer }, errors)
  const others = Object.keys(body as AnyRecord).filter((m) => m !== member)
  for (const other of others)
    errors.push({
      field: other,
      pointer: `#/${other}`,
      message: `is not a member of this body: it takes ${member} alone`,
    })
  if (errors.length > 0) validationFailed(errors, true)
  return keys
}

function replaceAllHandler(resource: CompiledResource, member: string) {
  const upsert = resource.upsert!
  return ((ctx: RouteContext) => {
    const { runtime, principal } = ctx
    const keys = keysOf(resource, member, ctx.body)
    const below = parentValues(resource, ctx.params)
    const table = runtime.db.table(resource.name)
    refuseKeysHeldElsewhere(
      resource,
      keys,
      below,
      ctx,
      `Leave it out of ${member}.`,
    )
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
    insertAbsentKeys(resource, keys, below, ctx, (_, context) =>
      upsert.prepare?.(context),
    )
    return HttpResponse.empty({ status: 204 })
  }) satisfies Handler
}

export function replaceAllConvention(
  resource: CompiledResource,
  member: string,
): Convention<Handler> {
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
              maxItems: NAMED_KEYS_LIMIT,
              items: keySchema(resource),
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
