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
import {
  execute,
  getOperationAST,
  GraphQLError,
  parse,
  type ExecutionArgs,
} from 'graphql'
import { makeServer, type SubscribePayload } from 'graphql-ws'
import { answeredAsGraphqlError } from './graphql-errors.ts'

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
  return { errors: graphqlErrorsOf(body.errors) }
}

/** GraphQL errors as JSON (a response's `errors`), as graphql-ws sends them in `error`. */
function graphqlErrorsOf(errors: unknown): GraphQLError[] {
  return (Array.isArray(errors) ? errors : []).map(
    (e: { message?: unknown; extensions?: unknown }) => {
      const extensions =
        typeof e.extensions === 'object' && e.extensions !== null
          ? (e.extensions as Record<string, unknown>)
          : undefined
      return new GraphQLError(String(e.message ?? 'GraphQL error'), {
        ...(extensions && { extensions }),
      })
    },
  )
}

/** The `next` results of a graphql-sse stream (distinct connections mode), until `complete`. */
async function* streamResults(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<Record<string, unknown>> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        let event = 'message'
        const data: string[] = []
        for (const line of frame.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim()
          else if (line.startsWith('data:'))
            data.push(line.slice(5).trimStart())
        }
        if (event === 'complete') return
        if (event === 'next' && data.length > 0)
          yield JSON.parse(data.join('\n')) as Record<string, unknown>
      }
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}

/**
 * Starts graphql-ws's server side on one socket the adapter has open. `fetch` is the mock's; the
 * `upgrade` is the WebSocket's request (its URL and headers). Each step is an ordinary request to
 * the mock, so the session works wherever the mock runs (this context, a shared worker):
 * `connection_init` is a `GET <base>/graphql?query={__typename}` with the credential, a query or
 * mutation a `POST`, a subscription a `POST` that asks for graphql-sse's event stream, whose
 * results the socket relays until the client or the socket ends it.
 */
export function graphqlSocketSession(
  fetch: (request: Request) => Promise<Response>,
  upgrade: Request,
  socket: GraphqlSocket,
): GraphqlSocketSession {
  const url = graphqlUrl(upgrade)
  let headers = socketHeaders(upgrade, undefined)
  let listener: ((data: string) => Promise<void>) | undefined
  let closed = false
  /** Each subscription's stream request, aborted when the socket closes. */
  const streams = new Set<AbortController>()
  const close = (code: number, reason: string) => {
    if (closed) return
    closed = true
    for (const stream of streams) stream.abort()
    socket.close(code, reason)
  }
  // What the mock answered for an operation: graphql-ws sends it as it is.
  const answered = new WeakMap<
    object,
    Record<string, unknown> | AsyncGenerator<Record<string, unknown>>
  >()
  const relay = (args: ExecutionArgs) =>
    answered.get(args.contextValue as object) as never
  const server = makeServer({
    execute: (args: ExecutionArgs) =>
      answered.has(args.contextValue as object) ? relay(args) : execute(args),
    subscribe: (args: ExecutionArgs) => relay(args),
    // The results are the mock's JSON already; graphql-ws would serialise GraphQLError objects.
    onNext: (_ctx, _id, _payload, _args, result) =>
      result as Record<string, unknown>,
    onConnect: async (ctx) => {
      headers = socketHeaders(upgrade, ctx.connectionParams)
      const check = new URL(url)
      check.searchParams.set('query', '{__typename}')
      const probe = new Headers(headers)
      probe.set('Accept', 'application/graphql-response+json')
      const response = await fetch(new Request(check, { headers: probe }))
      if (response.ok) return true
      const error = await answeredAsGraphqlError(response)
      if (response.status === 401 || response.status === 403)
        close(CLOSE_FORBIDDEN, closeReason(`Forbidden: ${error.message}`))
      else
        close(
          response.status >= 400 && response.status < 600
            ? 4000 + response.status
            : CLOSE_BAD_REQUEST,
          closeReason(error.message),
        )
      return false
    },
    onSubscribe: async (_ctx, _id, payload: SubscribePayload) => {
      let document
      try {
        document = parse(payload.query)
      } catch (error) {
        if (error instanceof GraphQLError) return [error]
        throw error
      }
      const operation = getOperationAST(document, payload.operationName)
      const streaming = operation?.operation === 'subscription'
      const stop = new AbortController()
      const sent = new Headers(headers)
      sent.set('Content-Type', 'application/json')
      sent.set(
        'Accept',
        streaming ? 'text/event-stream' : 'application/graphql-response+json',
      )
      const response = await fetch(
        new Request(url, {
          method: 'POST',
          headers: sent,
          body: JSON.stringify({
            query: payload.query,
            variables: payload.variables ?? undefined,
            operationName: payload.operationName ?? undefined,
            extensions: payload.extensions ?? undefined,
          }),
          signal: stop.signal,
        }),
      )
      const token = {}
      const type = response.headers.get('Content-Type') ?? ''
      if (streaming && response.ok && type.includes('text/event-stream')) {
        if (closed || !response.body) {
          stop.abort()
          return [new GraphQLError('The socket closed.')]
        }
        streams.add(stop)
        const results = streamResults(response.body)
        // A document the schema refuses comes as the stream's one result: an `error` message.
        let first: IteratorResult<Record<string, unknown>> | null =
          await results.next()
        if (!first.done && first.value.data == null && first.value.errors) {
          streams.delete(stop)
          stop.abort()
          return graphqlErrorsOf(first.value.errors)
        }
        answered.set(token, {
          [Symbol.asyncIterator]() {
            return this
          },
          next: () => {
            const held = first
            first = null
            return held ? Promise.resolve(held) : results.next()
          },
          throw: (error: unknown) => results.throw(error),
          return: async (value?: unknown) => {
            streams.delete(stop)
            stop.abort()
            return results.return(value as never)
          },
        } as AsyncGenerator<Record<string, unknown>>)
      } else {
        const answer = await readAnswer(response)
        if ('errors' in answer)
          return answer.errors.length > 0
            ? answer.errors
            : [new GraphQLError(`The request answered ${response.status}.`)]
        answered.set(token, answer.result)
      }
      // graphql-ws needs a document to know the operation; the mock has run it already.
      return {
        schema: undefined as never,
        document,
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
      for (const stream of streams) stream.abort()
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
