import type { AnyRecord, AnyResource } from '../mock-server/declare/types.ts'
import { checkWith } from '../mock-server/declare/schema-tools.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { conformAnswer } from './conform-answer.ts'
import type { InferredResource } from './infer-resource.ts'
import type { OperationReport } from './import-types.ts'
import { addItemRoute } from './item-action.ts'
import { successOf, type DocOperation } from './openapi-reader.ts'
import { flatten, typeOf, type Json } from './schema-view.ts'

/** A query parameter's text as the member's type reads it (`7` → 7, `true` → true). */
function typed(document: Json, member: Json, raw: string): unknown {
  const type = typeOf(flatten(document, member))
  if ((type === 'integer' || type === 'number') && raw.trim() !== '') {
    const value = Number(raw)
    return Number.isFinite(value) ? value : raw
  }
  if (type === 'boolean' && (raw === 'true' || raw === 'false'))
    return raw === 'true'
  return raw
}

/**
 * An update by `POST` on an item with no body, whose query parameters name members of the record
 * (Swagger Petstore's `POST /pet/{petId}?name=doggie&status=sold`): one of the item's own routes at
 * its path (`itemRoutes`, path `''`), so the engine finds the item (404) and checks `If-Match`.
 * The members the query names are set, each read by its type; the record they make is checked
 * whole first (a 422 names each member it breaks, and nothing changes). It answers the record.
 * None where no query parameter names a member.
 */
export function queryUpdate(
  document: Json,
  op: DocOperation,
  validator: DescriptionValidator,
  inferred: InferredResource,
  resource: AnyResource,
  name: string,
): OperationReport | undefined {
  if (op.operation.requestBody !== undefined) return undefined
  const names = op.parameters
    .filter((p) => p.in === 'query' && String(p.name) in inferred.record)
    .map((p) => String(p.name))
  if (names.length === 0) return undefined
  const schema = resource.schema
  const hidden = new Set<string>(resource.hidden ?? [])
  const answered = successOf(document, op.operation)
  const status = answered?.status === 204 ? 204 : 200
  addItemRoute(resource, {
    method: 'POST',
    path: '',
    status,
    handle(ctx) {
      const changes: AnyRecord = {}
      for (const member of names) {
        const raw = ctx.url.searchParams.get(member)
        if (raw !== null)
          changes[member] = typed(document, inferred.record[member]!, raw)
      }
      const checked = checkWith(schema, { ...ctx.item, ...changes })
      if ('errors' in checked)
        ctx.invalid(
          checked.errors.map((error) => ({
            ...error,
            pointer: `?${String(error.field)}`,
          })),
        )
      const row = ctx.update(changes)
      if (status === 204) return new Response(null, { status })
      const shown = Object.fromEntries(
        Object.entries(row).filter(([member]) => !hidden.has(member)),
      )
      return Response.json(
        conformAnswer(
          document,
          validator,
          answered?.body?.media.schema,
          shown,
          inferred.key,
          `${name} ${String(row[inferred.key])} POST ${op.path}`,
        ),
      )
    },
  })
  return {
    method: 'POST',
    path: op.path,
    servedAs: 'merge patch',
    resource: name,
    why: `POST on an existing item of ${name} sets the members its query parameters name (${names.join(', ')}): 404 when there is none; If-Match gives 412`,
    notes: [
      'the record is checked whole before it changes: 422 names each member it breaks',
    ],
  }
}
