/** `PUT` on an item: the record replaced by a validated body, `If-Match` and state permitting. */
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import type { AnyRecord } from '../declare/types.ts'
import { referenceErrors, validInput } from '../declare/write-checks.ts'
import { bodyOptional } from '../openapi/input-schemas.ts'
import { camel, withArticle } from '../openapi/schema-names.ts'
import type { Convention } from './convention.ts'
import { exampleId, inStates } from './endpoint-doc.ts'
import { itemSchema, unwrapItem, wrappedAt } from './item-envelope.ts'
import { describePrefer } from './prefer.ts'
import {
  whileWritable,
  writeItemHandler,
  writeItemProblems,
} from './write-item.ts'

/** The body, validated against the replace schema as it stands: every invalid field in one 422. */
function replaceHandler(resource: CompiledResource): ItemHandler<AnyRecord> {
  const schema = resource.replace!.input
  return writeItemHandler(resource, {
    input: (ctx) =>
      validInput(
        schema,
        unwrapItem(resource.item, ctx.body),
        (raw) => referenceErrors(ctx.runtime, resource, raw, ctx, false),
        wrappedAt(resource.item, ctx.body),
      ) as AnyRecord,
    hadBody: (ctx) => ctx.body !== undefined,
    status: resource.status.replace,
  })
}

export function replaceConvention(
  resource: CompiledResource,
): Convention<ItemHandler<AnyRecord>> {
  return {
    prefer: true,
    handler: replaceHandler(resource),
    doc: (ctx) => {
      const names = ctx.names.get(resource.name)!
      const state = resource.state
      return {
        operationId: camel('replace', resource.singular),
        summary: `Replace ${withArticle(resource.singular)}${whileWritable(resource)}`,
        tag: resource.title,
        ...describePrefer(ctx.api, [
          {
            status: resource.status.replace,
            ...(resource.status.replace !== 204 && {
              schema: itemSchema(
                resource.item,
                inStates(names, state?.replaceIn),
              ),
            }),
            etag: true,
          },
        ]),
        body: {
          schema: names.replace,
          required: !bodyOptional(resource.replace?.input),
        },
        ifMatch: true,
        problems: writeItemProblems(resource),
        pathItem: { resource, example: exampleId(ctx, resource) },
      }
    },
  }
}
