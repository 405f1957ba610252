import type {
  HandlerContext,
  RouteDeclaration,
} from '../mock-server/declare/types.ts'
import { checkWith } from '../mock-server/declare/schema-tools.ts'
import {
  ajvStandardSchema,
  type DescriptionValidator,
} from './ajv-standard-schema.ts'
import {
  exampleOf,
  requestSchemaOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { sampleValue } from './sample-value.ts'
import type { Json } from './schema-view.ts'

/** Marks an answer that comes from the description, not from state. */
export const STATELESS_HEADER = 'Hypermock-Stateless'

/** `/bookings/{bookingId}/payment` in the router's words: `/bookings/:bookingId/payment`. */
export const routePath = (path: string) =>
  path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => `:${name.replace(/[^\w]/g, '_')}`,
  )

/**
 * An operation served as Prism would: its example, or a body generated from its schema, with a
 * header saying so. A JSON body is still validated against the request schema (every invalid
 * field in one 422). `before` may refuse first (an action on an item that does not exist).
 */
export function exampleOperation(
  document: Json,
  op: DocOperation,
  validator: DescriptionValidator,
  before?: (ctx: HandlerContext) => void,
): RouteDeclaration {
  const requestSchema = requestSchemaOf(document, op.operation)
  const input =
    requestSchema === undefined
      ? undefined
      : ajvStandardSchema(() => validator(requestSchema), { json: {} })
  const success = successOf(document, op.operation)
  const example = exampleOf(document, success?.body?.media)
  const status = success?.status
  const summary = op.operation.summary
  return {
    method: op.method.toUpperCase() as RouteDeclaration['method'],
    path: routePath(op.path),
    ...(typeof summary === 'string' && { summary }),
    ...((status === 200 || status === 201 || status === 204) && { status }),
    handle(ctx) {
      before?.(ctx)
      if (input && ctx.body !== undefined) {
        const checked = checkWith(input, ctx.body)
        if ('errors' in checked) ctx.invalid(checked.errors)
      }
      const status = success?.status ?? 200
      const schema = success?.body?.media.schema
      if (status === 204 || (!schema && example === undefined))
        return new Response(null, {
          status: status === 200 ? 204 : status,
          headers: { [STATELESS_HEADER]: 'example' },
        })
      const body =
        example !== undefined
          ? example
          : sampleValue(document, schema, ctx.random)
      return new Response(JSON.stringify(body), {
        status,
        headers: {
          'Content-Type': success?.body?.type.includes('json')
            ? success.body.type
            : 'application/json',
          [STATELESS_HEADER]: example !== undefined ? 'example' : 'generated',
        },
      })
    },
  }
}
