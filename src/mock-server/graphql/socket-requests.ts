import type { ExecutionArgs } from 'graphql'

/**
 * What a GraphQL WebSocket (graphql-ws) asks of the mock, one request at a time: `connect` is the
 * `connection_init`'s check (a `GET <base>/graphql` through faults, the credential, the rate limit),
 * `operation` one `subscribe` message as a `POST <base>/graphql`. The request goes through the
 * whole pipeline, so the journal, the devtools and the timeline see it as any GraphQL request; a
 * query or mutation is answered by GraphQL over HTTP as one would be, a subscription leaves here
 * the arguments the socket subscribes with.
 */
export type SocketRequest =
  | { kind: 'connect'; accepted: boolean }
  | {
      kind: 'operation'
      /** Ends the subscription's event stream: the socket closed. */
      signal: AbortSignal
      /** A subscription the mock accepted: what graphql-ws subscribes with. */
      subscription?: ExecutionArgs
    }

const marks = new WeakMap<Request, SocketRequest>()

/** Runs `request` through the mock as a socket's request; `mark` says what the mock left. */
export async function runSocketRequest<M extends SocketRequest>(
  fetch: (request: Request) => Promise<Response>,
  request: Request,
  mark: M,
): Promise<{ response: Response; mark: M }> {
  marks.set(request, mark)
  const response = await fetch(request)
  return { response, mark }
}

/** What a socket asks of this request, if a socket made it. */
export function socketRequestOf(request: Request): SocketRequest | undefined {
  return marks.get(request)
}
