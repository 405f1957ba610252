/** `POST` on an action (`/orders/{id}/pay`): a state transition, and whatever its hooks do. */
import type {
  CompiledResource,
  CompiledTransition,
} from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import { checkIfMatch } from '../declare/check-if-match.ts'
import { handlerContext, recordResponse } from '../declare/handler-context.ts'
import type { ActionContext, AnyRecord, Id } from '../declare/types.ts'
import {
  EMPTY_ACTION,
  stateConflict,
  validInput,
} from '../declare/write-checks.ts'
import { bodyOptional } from '../openapi/input-schemas.ts'
import { camel, schemaRef, withArticle } from '../openapi/schema-names.ts'
import type { Convention } from './convention.ts'
import { describePrefer } from './prefer.ts'
import {
  capitalise,
  exampleId,
  hookProblems,
  inStates,
  states,
  type Answer,
} from './endpoint-doc.ts'

function actionHandler(
  resource: CompiledResource,
  transition: CompiledTransition,
): ItemHandler<AnyRecord> {
  const field = resource.state!.field
  const { declaration } = transition
  return (ctx, item) => {
    const { runtime } = ctx
    checkIfMatch(ctx.request, runtime.api.etag(resource, item))
    const input = validInput(transition.input ?? EMPTY_ACTION, ctx.body)
    if (!transition.from.includes(item[field]))
      stateConflict(
        resource,
        item,
        `"${transition.name}" is not allowed now`,
        ctx.path,
      )
    const context: ActionContext<AnyRecord> = {
      ...handlerContext(ctx),
      item,
      input,
    }
    declaration.guard?.(context)
    const result = declaration.run?.(context)
    const updated = runtime.db.handle(resource.name).update(item.id as Id, {
      ...result?.set,
      [field]: transition.to,
    })
    return result?.respond ?? recordResponse(runtime, resource, updated)
  }
}

export function actionConvention(
  resource: CompiledResource,
  t: CompiledTransition,
): Convention<ItemHandler<AnyRecord>> {
  return {
    prefer: true,
    handler: actionHandler(resource, t),
    doc: (ctx) => {
      const names = ctx.names.get(resource.name)!
      const field = resource.state!.field
      const own = inStates(names, [t.to])
      const hooks = Boolean(t.declaration.guard ?? t.declaration.run)
      // `run` may answer with a response of its own: a record of any resource, as it was, or created.
      const others = [...ctx.names.values()]
        .filter((n) => n !== names)
        .map((n) => schemaRef(n.item))
      const answers: Answer[] = t.declaration.run
        ? [
            { status: 200, schema: { anyOf: [own, ...others] }, etag: true },
            {
              status: 201,
              schema: { anyOf: [schemaRef(names.item), ...others] },
              etag: true,
              location: true,
            },
          ]
        : [{ status: 200, schema: own, etag: true }]
      return {
        operationId: camel(t.name, resource.singular),
        summary:
          t.title ?? `${capitalise(t.name)} ${withArticle(resource.singular)}`,
        description: `Follows the \`${t.name}\` link, which ${withArticle(resource.singular)} offers while its ${field} is ${states(t.from)}; its ${field} becomes ${JSON.stringify(t.to)}. From any other state: 409 \`state-conflict\`.${t.declaration.run ? ' The action may answer with a record it acted on or created.' : ''}`,
        tag: resource.title,
        ...describePrefer(ctx.api, answers),
        body: {
          schema: names.actions.get(t.name) ?? 'EmptyAction',
          required: !bodyOptional(t.input),
        },
        ifMatch: true,
        problems: [
          'precondition-failed',
          'validation-failed',
          'state-conflict',
          ...(hooks ? hookProblems(ctx, true) : []),
        ],
        pathItem: { resource, example: exampleId(ctx, resource, t) },
      }
    },
  }
}
