/** An operation the declaration writes itself (`operations`): its code decides what it answers. */
import { operationContext } from '../declare/operation-context.ts'
import type { OperationDeclaration } from '../declare/types.ts'
import { camel } from '../openapi/schema-names.ts'
import type { RouteSpec } from '../route-spec.ts'

/** A declared operation outside the resources, as a route the pipeline serves like any other. */
export function declaredOperationRoute(
  operation: OperationDeclaration,
): RouteSpec {
  const { method, path, summary, status = 200 } = operation
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return {
    path,
    methods: {
      [method]: (ctx: Parameters<typeof operationContext>[0]) =>
        operation.handle(operationContext(ctx)),
    },
    // The description says what the declaration says of it, and any JSON for the body.
    docs: {
      [method]: () => ({
        operationId: camel(method.toLowerCase(), ...words),
        summary: summary ?? `${method} ${path.replace(/:(\w+)/g, '{$1}')}`,
        tag: 'Operations',
        answers: [status === 204 ? { status } : { status, schema: {} }],
        problems: [],
      }),
    },
    kind: 'meta',
    ...(operation.accepts &&
      operation.accepts.length > 0 && {
        accepts: { [method]: operation.accepts.join(', ') },
      }),
    operation: {
      ...(summary !== undefined && { summary }),
      ...(operation.status !== undefined && { status: operation.status }),
    },
  }
}
