import type { OperationReport } from './import-types.ts'
import type { DocOperation } from './openapi-reader.ts'

/** Whether two operations take the same body and answer alike: then either may answer for both. */
const sameExchange = (a: DocOperation, b: DocOperation) =>
  JSON.stringify(a.operation.requestBody ?? null) ===
    JSON.stringify(b.operation.requestBody ?? null) &&
  JSON.stringify(a.operation.responses ?? null) ===
    JSON.stringify(b.operation.responses ?? null)

/**
 * Operations whose path has a query string written into it (OpenAI's `POST /responses?beta=true`)
 * beside an operation of the same method at the path without it that takes the same body and
 * answers alike: a request to that URL reaches the route of the path without it, so that
 * operation answers both. Each, by its twin. A variant that answers otherwise keeps a route of its
 * own, which the router picks where the URL carries its query.
 */
export function queryTwins(
  operations: readonly DocOperation[],
): Map<DocOperation, DocOperation> {
  const twins = new Map<DocOperation, DocOperation>()
  for (const op of operations) {
    const at = op.path.indexOf('?')
    if (at === -1) continue
    const bare = op.path.slice(0, at)
    const twin = operations.find(
      (o) =>
        o !== op &&
        o.method === op.method &&
        o.path === bare &&
        sameExchange(o, op),
    )
    if (twin) twins.set(op, twin)
  }
  return twins
}

/** How the import report says an operation is served by its twin at the path without the query. */
export function twinReport(
  op: DocOperation,
  twin: OperationReport,
): OperationReport {
  const query = op.path.slice(op.path.indexOf('?'))
  const { operationId: _twins, ...rest } = twin
  return {
    ...rest,
    path: op.path,
    ...(typeof op.operation.operationId === 'string' && {
      operationId: op.operation.operationId,
    }),
    why: `the path with ${query} written into it: ${twin.method} ${twin.path} answers it, as it answers any query`,
  }
}
