import type { OperationReport } from './import-types.ts'
import type { DocOperation } from './openapi-reader.ts'

/**
 * Operations whose path has a query string written into it (OpenAI's `POST /responses?beta=true`)
 * beside an operation of the same method at the path without it: a request to that URL reaches
 * the route of the path without it, so that operation answers both. Each, by its twin.
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
      (o) => o !== op && o.method === op.method && o.path === bare,
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
