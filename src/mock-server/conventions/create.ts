/** `POST` on a collection: a new record from a validated body, 201 with `Location`. */
import {
  parentValues,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import { handlerContext, recordResponse } from '../declare/handler-context.ts'
import type {
  AnyRecord,
  CreateDeclaration,
  Id,
  InputContext,
} from '../declare/types.ts'
import { newRow, referenceErrors, validInput } from '../declare/write-checks.ts'
import { bodyOptional } from '../openapi/input-schemas.ts'
import { camel, withArticle } from '../openapi/schema-names.ts'
import type { Handler, RouteContext } from '../route-spec.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import { hookProblems, inStates } from './endpoint-doc.ts'
import { itemSchema, unwrapItem, wrappedAt } from './item-envelope.ts'
import { describePrefer } from './prefer.ts'

/** A key the body gives (a username) that names a record already. */
function takenKey(
  runtime: RouteContext['runtime'],
  resource: CompiledResource,
  input: AnyRecord,
): FieldError[] {
  const key = resource.key.member
  const chosen = input[key]
  if (
    key === 'id' ||
    (typeof chosen !== 'string' && typeof chosen !== 'number')
  )
    return []
  return runtime.db.table(resource.name).get(chosen) === undefined
    ? []
    : [
        {
          field: key,
          pointer: `#/${key}`,
          message: `is taken: ${String(chosen)} names another ${resource.singular}; choose another`,
        },
      ]
}

function createHandler(resource: CompiledResource): Handler {
  const { input: schema, declaration } = resource.create!
  const create = declaration as CreateDeclaration<AnyRecord, AnyRecord>
  return (ctx) => {
    const { runtime } = ctx
    const input = validInput(
      schema,
      unwrapItem(resource.item, ctx.body),
      (raw) => referenceErrors(runtime, resource, raw, ctx, true),
      wrappedAt(resource.item, ctx.body),
    ) as AnyRecord
    const context: InputContext<AnyRecord> = { ...handlerContext(ctx), input }
    if (create.handle) return create.handle(context)
    const errors = [
      ...referenceErrors(runtime, resource, input, ctx, true),
      ...(create.check?.(context) ?? []),
      ...takenKey(runtime, resource, input),
    ]
    if (errors.length > 0) validationFailed(errors, ctx.body !== undefined)
    create.guard?.(context)
    // A nested collection's row holds its parents, as its path names them.
    const values: AnyRecord = {
      ...input,
      ...create.prepare?.(context),
      ...parentValues(resource, ctx.params),
    }
    delete values.version
    const row = runtime.db
      .handle(resource.name)
      .insert(newRow(resource, values, ctx.principal))
    create.run?.(context, row)
    return recordResponse(
      runtime,
      resource,
      runtime.db.table(resource.name).get(row.id as Id) ?? row,
      true,
    )
  }
}

export function createConvention(
  resource: CompiledResource,
): Convention<Handler> {
  const create = resource.create!
  return {
    prefer: true,
    handler: createHandler(resource),
    doc: (ctx) => {
      const names = ctx.names.get(resource.name)!
      const d = create.declaration
      const hooks = Boolean(d.guard ?? d.prepare ?? d.run ?? d.handle)
      const initial = resource.state ? [resource.state.initial] : undefined
      return {
        operationId: camel('create', resource.singular),
        summary: `Create ${withArticle(resource.singular)}`,
        tag: resource.title,
        ...describePrefer(ctx.api, [
          {
            status: resource.status.create,
            schema: itemSchema(resource.item, inStates(names, initial)),
            etag: true,
            location: resource.items,
          },
        ]),
        body: { schema: names.create, required: !bodyOptional(create.input) },
        problems: [
          'validation-failed',
          // A hook may choose the new record's id: one a record has is refused.
          ...((d.prepare ?? d.handle) ? ['already-exists'] : []),
          ...(hooks ? hookProblems(ctx, true) : []),
        ],
      }
    },
  }
}
