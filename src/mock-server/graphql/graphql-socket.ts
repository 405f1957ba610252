/**
 * `<API base>/graphql` over a WebSocket in graphql-ws's protocol (`graphql-transport-ws`, the one
 * Apollo Client and urql speak), for whichever adapter holds the socket (`serve`'s upgrade, msw's
 * `ws` link). The socket is a transport only: its `connection_init` is checked as a
 * `GET <base>/graphql` and each `subscribe` is a `POST <base>/graphql`, both through the mock's whole
 * pipeline with the connection's credential, so faults, the credential, the rate limit and the
 * journal treat them as GraphQL over HTTP does; a subscription then follows the same state changes
 * as `<base>/events` and graphql-sse, in the owners' view of the credential.
 *
 * The credential: the `connection_init` payload's `Authorization` (a header's value, as
 * `"Bearer ada-token"`), its `headers` (names and values, for an API key's header), or its
 * `access_token`; else the upgrade's own `Authorization` or `?access_token=` (a browser's
 * WebSocket sends no header). One the mock refuses closes the socket with the protocol's 4403
 * (Forbidden); another refusal of the check (a fault, the rate limit) with `4000 + status`.
 */
import { execute, GraphQLError, parse, type ExecutionArgs } from 'graphql'
import { makeServer, type SubscribePayload } from 'graphql-ws'
import { answeredAsGraphqlError } from './graphql-errors.ts'
import { runSocketRequest, type SocketRequest } from './socket-requests.ts'

/** graphql-ws's subprotocol, which the adapter agrees to in the upgrade. */
export const GRAPHQL_WS_PROTOCOL = 'graphql-transport-ws'

/** The longest message a client sends (a `subscribe` with its query and variables), in bytes. */
export const MAX_GRAPHQL_MESSAGE_BYTES = 64 * 1024

/** graphql-ws's close codes this module sends itself. */
const CLOSE_BAD_REQUEST = 4400
const CLOSE_FORBIDDEN = 4403

/** What the adapter's socket offers the session. */
export interface GraphqlSocket {
  /** The subprotocol the upgrade agreed on: graphql-ws closes any other with 4406. */
  protocol: string
  send(text: string): void
  /** Closes with a WebSocket close code and a reason of at most 123 bytes. */
  close(code: number, reason: string): void
}

/** What the adapter tells the session: a text message from the client, the socket closed. */
export interface GraphqlSocketSession {
  message(data: string): void
  closed(code: number, reason: string): void
}

/** Headers of the upgrade itself, which a request of the socket does not carry. */
const HOP_BY_HOP = /^(connection|upgrade|sec-websocket-.*|content-length)$/i

/** The `Authorization` a `connection_init` payload or the upgrade gives the socket's requests. */
function socketHeaders(
  upgrade: Request,
  params: Readonly<Record<string, unknown>> | undefined,
): Headers {
  const headers = new Headers()
  upgrade.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.test(name)) headers.set(name, value)
  })
  const queryToken = new URL(upgrade.url).searchParams.get('access_token')
  if (!headers.has('Authorization') && queryToken)
    headers.set('Authorization', `Bearer ${queryToken}`)
  if (!params) return headers
  const given = params.headers
  if (typeof given === 'object' && given !== null)
    for (const [name, value] of Object.entries(given))
      if (typeof value === 'string' && !HOP_BY_HOP.test(name))
        try {
          headers.set(name, value)
        } catch {
          // A name or value no header may have: the request goes without it.
        }
  const authorization = params.Authorization ?? params.authorization
  if (typeof authorization === 'string' && authorization !== '')
    headers.set('Authorization', authorization)
  else if (typeof params.access_token === 'string' && params.access_token)
    headers.set('Authorization', `Bearer ${params.access_token}`)
  return headers
}

/** `ws:` and `wss:` as the `http:` and `https:` of the mock's requests, without the query. */
function graphqlUrl(upgrade: Request): string {
  const url = new URL(upgrade.url)
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:'
  url.search = ''
  url.hash = ''
  return url.href
}

/** An answer GraphQL over HTTP gave: its JSON result, or the GraphQL errors it stands for. */
async function readAnswer(
  response: Response,
): Promise<{ result: Record<string, unknown> } | { errors: GraphQLError[] }> {
  if (response.type === 'error')
    return {
      errors: [
        new GraphQLError('The mock dropped the request (a network fault).', {
          extensions: { code: 'network-error' },
        }),
      ],
    }
  const type = response.headers.get('Content-Type') ?? ''
  if (type.includes('problem+json') || !type.includes('json'))
    return { errors: [await answeredAsGraphqlError(response)] }
  const body = (await response.json()) as Record<string, unknown>
  if ('data' in body && body.data !== undefined) return { result: body }
  const errors = Array.isArray(body.errors) ? body.errors : []
  return {
    errors: errors.map((e: { message?: unknown; extensions?: unknown }) => {
      const extensions =
        typeof e.extensions === 'object' && e.extensions !== null
          ? (e.extensions as Record<string, unknown>)
          : undefined
      return new GraphQLError(String(e.message ?? 'GraphQL error'), {
        ...(extensions && { extensions }),
      })
    }),
  }
}

/**
 * Starts graphql-ws's server side on one socket the adapter has open. `fetch` is the mock's; the
 * `upgrade` is the WebSocket's request (its URL and headers).
 */
export function graphqlSocketSession(
  fetch: (request: Request) => Promise<Response>,
  upgrade: Request,
  socket: GraphqlSocket,
): GraphqlSocketSession {
  const url = graphqlUrl(upgrade)
  const closing = new AbortController()
  let headers = socketHeaders(upgrade, undefined)
  let listener: ((data: string) => Promise<void>) | undefined
  let closed = false
  const close = (code: number, reason: string) => {
    if (closed) return
    closed = true
    closing.abort()
    socket.close(code, reason)
  }
  // A query's or mutation's result, already answered by GraphQL over HTTP: graphql-ws sends it.
  const answered = new WeakMap<object, Record<string, unknown>>()
  const server = makeServer({
    execute: (args: ExecutionArgs) => {
      const result = answered.get(args.contextValue as object)
      return result ?? execute(args)
    },
    onNext: (_ctx, _id, _payload, args) =>
      answered.get(args.contextValue as object),
    onConnect: async (ctx) => {
      headers = socketHeaders(upgrade, ctx.connectionParams)
      const { response, mark } = await runSocketRequest(
        fetch,
        new Request(url, { headers }),
        { kind: 'connect', accepted: false },
      )
      if (mark.accepted && response.ok) return true
      if (response.status === 401 || response.status === 403) {
        const error = await answeredAsGraphqlError(response)
        close(CLOSE_FORBIDDEN, closeReason(`Forbidden: ${error.message}`))
        return false
      }
      // The API serves a `/graphql` of its own: no GraphQL of the mock's here.
      if (response.ok) {
        close(4404, 'This API serves its own /graphql: no GraphQL socket here.')
        return false
      }
      const error = await answeredAsGraphqlError(response)
      close(
        response.status >= 400 && response.status < 600
          ? 4000 + response.status
          : CLOSE_BAD_REQUEST,
        closeReason(error.message),
      )
      return false
    },
    onSubscribe: async (_ctx, _id, payload: SubscribePayload) => {
      const { response, mark } = await runSocketRequest(
        fetch,
        new Request(url, {
          method: 'POST',
          headers: (() => {
            const h = new Headers(headers)
            h.set('Content-Type', 'application/json')
            h.set('Accept', 'application/graphql-response+json')
            return h
          })(),
          body: JSON.stringify({
            query: payload.query,
            variables: payload.variables ?? undefined,
            operationName: payload.operationName ?? undefined,
            extensions: payload.extensions ?? undefined,
          }),
        }),
        {
          kind: 'operation',
          signal: closing.signal,
        } as Extract<SocketRequest, { kind: 'operation' }>,
      )
      if (mark.subscription && response.ok) return mark.subscription
      const answer = await readAnswer(response)
      if ('errors' in answer)
        return answer.errors.length > 0
          ? answer.errors
          : [new GraphQLError(`The request answered ${response.status}.`)]
      // graphql-ws needs a document to know the operation; the mock has run it already.
      const token = {}
      answered.set(token, answer.result)
      return {
        schema: undefined as never,
        document: parse(payload.query),
        operationName: payload.operationName ?? null,
        contextValue: token,
      }
    },
  })
  const closedHook = server.opened(
    {
      protocol: socket.protocol,
      send: (text) => {
        if (!closed) socket.send(text)
      },
      close,
      onMessage: (cb) => {
        listener = cb
      },
    },
    {},
  )
  return {
    message(data) {
      if (closed) return
      if (
        new TextEncoder().encode(data).byteLength > MAX_GRAPHQL_MESSAGE_BYTES
      ) {
        close(
          CLOSE_BAD_REQUEST,
          `A message holds at most ${MAX_GRAPHQL_MESSAGE_BYTES} bytes.`,
        )
        return
      }
      listener?.(data).catch((error: unknown) =>
        close(
          4500,
          closeReason(error instanceof Error ? error.message : String(error)),
        ),
      )
    },
    closed(code, reason) {
      closed = true
      closing.abort()
      void closedHook(code, reason)
    },
  }
}

/** A WebSocket close reason holds at most 123 bytes. */
function closeReason(text: string) {
  const bytes = new TextEncoder().encode(text)
  if (bytes.byteLength <= 123) return text
  return new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')
}
