/** `DELETE` on an item: gone (204), `If-Match`, state and references permitting. */
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type { AnyRecord } from '../declare/types.ts'
import type { DeletedAnswer } from '../declare/dialect.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import { checkIfMatch } from '../declare/check-if-match.ts'
import { stateConflict } from '../declare/write-checks.ts'
import { HttpResponse } from '../http-response.ts'
import { camel, schemaRef, withArticle } from '../openapi/schema-names.ts'
import type { Convention } from './convention.ts'
import { itemSchema, wrapItem } from './item-envelope.ts'
import { exampleId, states, stillReferencedProblem } from './endpoint-doc.ts'

/** The answer a dialect's `deleted` names: the record's members it keeps, then its fixed ones. */
function deletedBody(answer: DeletedAnswer, record: AnyRecord) {
  const body: AnyRecord = {}
  for (const member of answer.members)
    if (record[member] !== undefined) body[member] = record[member]
  return { ...body, ...answer.constants }
}

function deletedSchema(
  resource: CompiledResource,
  answer: DeletedAnswer,
): JsonSchema {
  const properties = (resource.json.properties ?? {}) as Record<
    string,
    JsonSchema
  >
  const constants = Object.entries(answer.constants ?? {})
  return {
    type: 'object',
    description: `What is left of the deleted ${resource.singular}.`,
    properties: {
      ...Object.fromEntries(
        answer.members.map((m) => [m, properties[m] ?? {}]),
      ),
      ...Object.fromEntries(
        constants.map(([m, value]) => [m, { const: value }]),
      ),
    },
    required: [
      ...answer.members.filter(
        (m) =>
          Array.isArray(resource.json.required) &&
          resource.json.required.includes(m),
      ),
      ...constants.map(([m]) => m),
    ],
  }
}

export function deleteConvention(
  resource: CompiledResource,
): Convention<ItemHandler<AnyRecord>> {
  return {
    handler: (ctx, item) => {
      const { runtime } = ctx
      checkIfMatch(ctx.request, runtime.api.etag(resource, item))
      const state = resource.state
      if (state?.deleteIn && !state.deleteIn.includes(item[state.field]))
        stateConflict(resource, item, 'it cannot be deleted', ctx.path)
      runtime.api.deleteRow(runtime, resource, item)
      if (resource.status.delete === 204) return HttpResponse.empty()
      const presented = runtime.api.present(resource, item, runtime)
      return HttpResponse.json(
        wrapItem(
          resource.item,
          resource.deleted
            ? deletedBody(resource.deleted, presented)
            : presented,
        ),
        { status: resource.status.delete },
      )
    },
    doc: (ctx) => {
      const state = resource.state
      return {
        operationId: camel('delete', resource.singular),
        summary: `Delete ${withArticle(resource.singular)}${state?.deleteIn ? ` (while its ${state.field} is ${states(state.deleteIn)})` : ''}`,
        tag: resource.title,
        answers: [
          resource.status.delete !== 204
            ? {
                status: resource.status.delete,
                schema: itemSchema(
                  resource.item,
                  resource.deleted
                    ? deletedSchema(resource, resource.deleted)
                    : schemaRef(ctx.names.get(resource.name)!.item),
                ),
              }
            : { status: 204 },
        ],
        ifMatch: true,
        problems: [
          'precondition-failed',
          ...(state?.deleteIn ? ['state-conflict'] : []),
          ...stillReferencedProblem(ctx, resource),
        ],
        pathItem: { resource, example: exampleId(ctx, resource) },
      }
    },
  }
}
