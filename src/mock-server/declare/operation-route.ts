import type { RouteSpec } from '../route-spec.ts'
import { operationContext } from './operation-context.ts'
import type { OperationDeclaration } from './types.ts'

/** A declared operation outside the resources, as a route the pipeline serves like any other. */
export function operationRoute(operation: OperationDeclaration): RouteSpec {
  return {
    path: operation.path,
    methods: {
      [operation.method]: (ctx: Parameters<typeof operationContext>[0]) =>
        operation.handle(operationContext(ctx)),
    },
    kind: 'meta',
    operation: {
      ...(operation.summary !== undefined && { summary: operation.summary }),
      ...(operation.status !== undefined && { status: operation.status }),
    },
  }
}
