/** A route the declaration writes itself (`routes`): its code decides what it answers. */
import { handlerContext } from '../declare/handler-context.ts'
import type { RouteDeclaration } from '../declare/types.ts'
import { camel } from '../openapi/schema-names.ts'
import type { RouteSpec } from '../route-spec.ts'

/** A declared route outside the resources, as a route the pipeline serves like any other. */
export function declaredRoute(declared: RouteDeclaration): RouteSpec {
  const { method, path, summary, status = 200 } = declared
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return {
    path,
    methods: {
      [method]: (ctx: Parameters<typeof handlerContext>[0]) =>
        declared.handle(handlerContext(ctx)),
    },
    // The description says what the declaration says of it, and any JSON for the body.
    docs: {
      [method]: () => ({
        operationId: camel(method.toLowerCase(), ...words),
        summary: summary ?? `${method} ${path.replace(/:(\w+)/g, '{$1}')}`,
        tag: 'Routes',
        answers: [status === 204 ? { status } : { status, schema: {} }],
        problems: [],
      }),
    },
    kind: 'meta',
    ...(declared.accepts &&
      declared.accepts.length > 0 && {
        accepts: { [method]: declared.accepts.join(', ') },
      }),
    ...(declared.arrays && { arrays: { [method]: true } }),
    declared: {
      ...(summary !== undefined && { summary }),
      ...(declared.status !== undefined && { status: declared.status }),
    },
  }
}
