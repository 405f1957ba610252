import {
  getOperationAST,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type Source,
  type ValidationRule,
} from 'graphql'
import { createHandler } from 'graphql-http/lib/use/fetch'
import type { GraphqlOperation } from '../journal.ts'
import { limits } from '../limits.ts'
import type { StageContext } from '../request-state.ts'
import type { GraphqlContext } from './graphql-data.ts'
import { graphqlSchemaOf } from './graphql-schema-of.ts'
import { requestData } from './request-data.ts'
import { stateChanges } from './state-changes.ts'

export { graphqlSdl } from './graphql-schema-of.ts'

/** Documents kept parsed, by their text: a client sends the same few again and again. */
const KEPT_DOCUMENTS = 100
const KEPT_DOCUMENT_LENGTH = 10_000
const parsed = new Map<string, DocumentNode>()
/** A kept document's validation, per schema: the same document against the same schema. */
const validated = new WeakMap<
  DocumentNode,
  { schema: GraphQLSchema; errors: readonly GraphQLError[] }
>()

function parseKept(given: string | Source): DocumentNode {
  const source = typeof given === 'string' ? given : given.body
  const known = parsed.get(source)
  if (known) return known
  const document = parse(source, { maxTokens: limits.graphqlTokens })
  if (source.length <= KEPT_DOCUMENT_LENGTH) {
    // The oldest makes room: a Map iterates in insertion order.
    if (parsed.size >= KEPT_DOCUMENTS)
      parsed.delete(parsed.keys().next().value!)
    parsed.set(source, document)
  }
  return document
}

function validateKept(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules?: readonly ValidationRule[],
): readonly GraphQLError[] {
  const known = validated.get(document)
  if (known?.schema === schema) return known.errors
  const errors = validate(schema, document, rules)
  validated.set(document, { schema, errors })
  return errors
}

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
    parse: parseKept,
    validate: validateKept as typeof validate,
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
  if (wantsStream(raw, bytes)) return answerStream(c, context, request)
  return handler(request)
}

/**
 * Whether a request is for graphql-sse: it asks for `text/event-stream` first, or lists it and
 * sends a subscription. A client that lists it among JSON types for a query (urql does, for
 * incremental delivery) gets the JSON answer of GraphQL over HTTP.
 */
function wantsStream(request: Request, bytes: Uint8Array | null): boolean {
  const accept = (request.headers.get('Accept') ?? '').toLowerCase()
  if (!accept.includes('text/event-stream')) return false
  if (accept.split(',')[0]!.trim().startsWith('text/event-stream')) return true
  try {
    const params =
      request.method === 'GET'
        ? Object.fromEntries(new URL(request.url).searchParams)
        : (JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array())) as {
            query?: unknown
            operationName?: unknown
          })
    if (typeof params.query !== 'string') return false
    const operation = getOperationAST(
      parseKept(params.query),
      typeof params.operationName === 'string' ? params.operationName : null,
    )
    return operation?.operation === 'subscription'
  } catch {
    return false
  }
}

/**
 * A request that accepts `text/event-stream`: answered by graphql-sse in its distinct connections
 * mode (one operation per request), so a subscription's changes reach the client as they are
 * committed, and a query or mutation comes as one event.
 */
async function answerStream(
  c: StageContext,
  context: GraphqlContext,
  request: Request,
): Promise<Response> {
  const { state, runtime } = c.env
  const { createHandler } = await import('graphql-sse/lib/use/fetch')
  const streaming: GraphqlContext = {
    ...context,
    changes: (filter) =>
      stateChanges(
        runtime.stateEvents,
        state.principal!,
        filter,
        request.signal,
      ),
  }
  const handler = createHandler<GraphqlContext>({
    schema: graphqlSchemaOf(runtime.api),
    context: streaming,
    validate: (schema, document, rules) =>
      validateKept(schema, document, rules),
    // One operation per request: no stream reservations to keep between requests.
    authenticate: () => null,
    onSubscribe: (_req, params) => {
      const document = parseKept(params.query)
      const operation = getOperationAST(document, params.operationName)
      if (operation) state.graphql = operationOf(operation)
    },
  })
  const headers = new Headers(request.headers)
  // graphql-sse compares the header whole; the client may have listed other types beside it.
  headers.set('Accept', 'text/event-stream')
  return handler(new Request(request, { headers, signal: request.signal }))
}
