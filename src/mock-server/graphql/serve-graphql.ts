import {
  getOperationAST,
  parse,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql'
import { createHandler } from 'graphql-http/lib/use/fetch'
import type { GraphqlOperation } from '../journal.ts'
import { limits } from '../limits.ts'
import type { StageContext } from '../request-state.ts'
import type { GraphqlContext } from './graphql-data.ts'
import { graphqlSchemaOf } from './graphql-schema-of.ts'
import { requestData } from './request-data.ts'

export { graphqlSdl } from './graphql-schema-of.ts'

function operationOf(operation: OperationDefinitionNode): GraphqlOperation {
  return {
    type: operation.operation,
    name: operation.name?.value ?? null,
    fields: operation.selectionSet.selections.flatMap((s) =>
      s.kind === 'Field' ? [s.name.value] : [],
    ),
  }
}

/**
 * Answers one GraphQL request with graphql-http's fetch handler, after the GraphQL request's own
 * stages passed: the schema the declaration implies, and resolvers that act for the caller.
 */
export async function answerGraphql(c: StageContext): Promise<Response> {
  const { state, runtime } = c.env
  const raw = c.req.raw
  const principal = state.principal!
  const context: GraphqlContext = {
    data: requestData(runtime, raw, state, principal),
  }
  const handler = createHandler<GraphqlContext>({
    schema: graphqlSchemaOf(runtime.api),
    context,
    parse: (source) => parse(source, { maxTokens: limits.graphqlTokens }),
    onOperation: (_req, args) => {
      const operation = getOperationAST(
        args.document as DocumentNode,
        args.operationName,
      )
      if (operation) state.graphql = operationOf(operation)
    },
  })
  // The body was read (and bounded) by the stages; graphql-http reads it again from these bytes.
  const bytes = state.bodyBytes
  const request = new Request(state.url, {
    method: raw.method,
    headers: raw.headers,
    ...(bytes !== null && raw.method !== 'GET' && { body: bytes.slice() }),
    signal: raw.signal,
  })
  return handler(request)
}
