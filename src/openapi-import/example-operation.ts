import type {
  HandlerContext,
  RouteDeclaration,
} from '../mock-server/declare/types.ts'
import { checkWith } from '../mock-server/declare/schema-tools.ts'
import {
  ajvStandardSchema,
  type DescriptionValidator,
} from './ajv-standard-schema.ts'
import { formReader } from '../mock-server/conventions/form-values.ts'
import {
  exampleOf,
  FORM_TYPES,
  requestBodyOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { seededBy } from './conform-answer.ts'
import { repairToSchema } from './repair-to-schema.ts'
import { sampleValue } from './sample-value.ts'
import { flatten, isObject, resolve, typeOf, type Json } from './schema-view.ts'

/**
 * The body media types an operation served from its example takes: JSON (any `+json` read as
 * JSON), forms, and every other type the description names, taken unread (an image upload).
 */
function acceptsOf(document: Json, op: DocOperation): string[] {
  const content = resolve(document, op.operation.requestBody).content
  if (!isObject(content)) return []
  const types = new Set<string>()
  for (const type of Object.keys(content)) {
    const bare = type.split(';')[0]!.trim().toLowerCase()
    if (bare === 'application/json' || bare.endsWith('+json'))
      types.add('application/json')
    else if (!bare.includes('*')) types.add(bare)
  }
  return types.size === 1 && types.has('application/json') ? [] : [...types]
}

/** Marks an answer that comes from the description, not from state. */
export const STATELESS_HEADER = 'Hypermock-Stateless'

const paramName = (name: string) => name.replace(/[^\w]/g, '_')
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/**
 * One segment in the router's words: `{id}` is `:id`; a parameter beside text
 * (`thumbnail.{extension}`) is one parameter whose pattern holds the text; text alone is as a
 * client's URL encodes it (`<upload_url>` is `%3Cupload_url%3E`).
 */
function routeSegment(segment: string) {
  const alone = /^\{([^}]+)\}$/.exec(segment)
  if (alone) return `:${paramName(alone[1]!)}`
  const first = /\{([^}]+)\}/.exec(segment)
  if (first)
    return `:${paramName(first[1]!)}{${segment
      .split(/\{[^}]+\}/)
      .map((text) =>
        escapeRegExp(new URL(`http://h/${text}`).pathname.slice(1)),
      )
      .join('[^/]+')}}`
  return new URL(`http://h/${segment}`).pathname.slice(1)
}

/**
 * `/bookings/{bookingId}/payment` in the router's words: `/bookings/:bookingId/payment`. The API's
 * root, `/`, is the empty path, as the engine's own root is: it matches the base path itself
 * (`/api`), which a route `/` below the base (`/api/`) would not.
 */
export function routePath(path: string) {
  if (path === '/') return ''
  // A variant's query or fragment (`?beta=true`, `#folders`) stays as written: the router reads it.
  const at = path.search(/[?#]/)
  const [segments, variant] =
    at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)]
  return segments.split('/').map(routeSegment).join('/') + variant
}

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
  const request = requestBodyOf(document, op.operation, true)
  const requestSchema = request?.schema
  const form = FORM_TYPES.includes(request?.type as never)
  const input =
    requestSchema === undefined
      ? undefined
      : ajvStandardSchema(() => validator(requestSchema), {
          json: {},
          ...(form && { coerce: formReader(document, requestSchema) }),
        })
  const accepts = acceptsOf(document, op)
  const success = successOf(document, op.operation)
  const example = exampleOf(document, success?.body?.media)
  const status = success?.status
  const summary = op.operation.summary
  let fitted: { body: unknown } | undefined
  return {
    method: op.method.toUpperCase() as RouteDeclaration['method'],
    path: routePath(op.path),
    ...(typeof summary === 'string' && { summary }),
    ...((status === 200 || status === 201 || status === 204) && { status }),
    ...(accepts.length > 0 && { accepts }),
    ...(requestSchema !== undefined &&
      typeOf(flatten(document, requestSchema)) === 'array' && {
        arrays: true,
      }),
    handle(ctx) {
      before?.(ctx)
      if (input && ctx.body !== undefined) {
        const checked = checkWith(input, ctx.body)
        if ('errors' in checked) ctx.invalid(checked.errors)
      }
      const status = success?.status ?? 200
      const schema = success?.body?.media.schema
      // A success the description draws without a body (Petstore's `GET /user/logout` 200).
      if (status === 204 || (!schema && example === undefined))
        return new Response(null, {
          status,
          headers: { [STATELESS_HEADER]: 'example' },
        })
      // The description's example, or a body drawn from its schema, made to fit that schema:
      // published examples often break their own (a required member left out, an enum's old value).
      const body =
        example !== undefined
          ? (fitted ??= {
              body:
                schema === undefined
                  ? example
                  : repairToSchema(
                      document,
                      validator,
                      schema,
                      example,
                      seededBy(`${op.method} ${op.path}`),
                    ),
            }).body
          : schema === undefined
            ? undefined
            : repairToSchema(
                document,
                validator,
                schema,
                sampleValue(document, schema, ctx.random),
                ctx.random,
              )
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
