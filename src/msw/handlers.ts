import {
  http,
  HttpResponse,
  ws,
  type HttpHandler,
  type WebSocketHandler,
} from 'msw'
import type { ApiDeclaration, MockApi } from '../index.ts'
import {
  handshakeEventSocket,
  type EventSocketSession,
} from '../mock-server/conventions/event-socket.ts'
import type { GraphqlSocketSession } from '../mock-server/graphql/graphql-socket.ts'
import {
  handlesOrigin,
  pageOrigin,
  type HandledOrigins,
} from './handled-origins.ts'

export type { HandledOrigins }

/** What `createHandlers(api, options)` takes: the origins its handlers answer on. */
export interface CreateHandlersOptions {
  /**
   * Origins where an API at a path base (`/api`) and the control API (`/__mock`) are answered;
   * `'loopback'` stands for every loopback origin, `'*'` for every origin. A base with a host
   * (`https://api.example.com`) is answered at that host only, whatever this says.
   * @default the page's origin where there is a page, else `['loopback']`
   */
  origins?: HandledOrigins
}

/**
 * msw request handlers that hand the mock's own requests to one mock instance: its API (the base
 * path, at the origins `origins` names, or the base's host) and its control API. Every other request
 * matches no handler, so msw's unhandled-request strategy (`onUnhandledFrame` in msw 3,
 * `onUnhandledRequest` in msw 2) sees it. The core decides everything else; this adapter only
 * translates a network-level fault into msw's network error.
 *
 * @example
 * const api = createMockApi()
 * const server = setupServer(...createHandlers(api, { origins: ['http://localhost:5173'] }))
 * server.listen({ onUnhandledFrame: 'error' }) // msw 2: onUnhandledRequest
 */
export function createHandlers<A extends ApiDeclaration>(
  api:
    | MockApi<A>
    | { fetch: MockApi['fetch']; owns: MockApi['owns']; origin?: string },
  options: CreateHandlersOptions = {},
): Array<HttpHandler | WebSocketHandler> {
  const page = pageOrigin()
  const origins = options.origins ?? (page === '' ? ['loopback'] : [page])
  const hostOrigin = api.origin ?? ''
  const owns = (url: URL) =>
    api.owns(url) &&
    ((hostOrigin !== '' && url.origin === hostOrigin) ||
      handlesOrigin(origins, url.origin))
  return [
    eventSocketLink(api.fetch, owns),
    graphqlSocketLink(api.fetch, owns),
    // A predicate rather than `'*'`: a handler whose resolver returns nothing still counts as
    // handled, and msw would send the request on to the network without a word.
    http.all(
      ({ request }) => owns(new URL(request.url)),
      async ({ request }) => {
        const response = await api.fetch(request)
        return response.type === 'error' ? HttpResponse.error() : response
      },
    ),
  ]
}

/** A WebSocket close reason holds at most 123 bytes. */
const closeReason = (text: string) =>
  new TextDecoder().decode(new TextEncoder().encode(text).slice(0, 123))

/**
 * `<base>/events` over a WebSocket, for `setupServer` and the browser worker alike: the handshake
 * goes through the mock as a `GET` (credential, origin, filters), a refusal closes the socket with
 * `4000 + status` and the problem's detail, and an accepted socket carries the session. A socket
 * to an `/events` the mock does not own goes on to the network.
 */
function eventSocketLink(fetch: MockApi['fetch'], owns: (url: URL) => boolean) {
  const link = ws.link(/\/events(?:\?[^#]*)?$/)
  return link.addEventListener('connection', ({ client, server }) => {
    const url = new URL(client.url.href)
    url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:'
    if (!owns(url)) {
      server.connect()
      return
    }
    // What the client says before the handshake is through waits for the session.
    const early: unknown[] = []
    let session: EventSocketSession | undefined
    let gone = false
    client.addEventListener('message', (event) => {
      if (session) session.message(event.data)
      else early.push(event.data)
    })
    client.addEventListener('close', () => {
      gone = true
      session?.closed()
    })
    void handshakeEventSocket(fetch, new Request(url)).then(
      async ({ response, start }) => {
        if (gone) return
        if (!start) {
          const problem = (await response.json().catch(() => ({}))) as {
            detail?: string
          }
          client.close(
            4000 + response.status,
            closeReason(problem.detail ?? response.statusText),
          )
          return
        }
        session = start({
          send: (text) => client.send(text),
          close: (code, reason) => client.close(code, closeReason(reason)),
        })
        for (const data of early.splice(0)) session.message(data)
      },
    )
  })
}

/** graphql-ws's subprotocol (graphql/graphql-socket.ts holds the session, loaded on a connection). */
const GRAPHQL_WS_PROTOCOL = 'graphql-transport-ws'

/**
 * `<base>/graphql` over a WebSocket in graphql-ws's protocol, for `setupServer` and the browser
 * worker alike: the session (loaded with GraphQL's code on the first connection) checks the
 * `connection_init` and runs each operation through the mock. A socket to a `/graphql` the mock
 * does not own goes on to the network.
 */
function graphqlSocketLink(
  fetch: MockApi['fetch'],
  owns: (url: URL) => boolean,
) {
  const link = ws.link(/\/graphql(?:\?[^#]*)?$/)
  return link.addEventListener('connection', ({ client, server, info }) => {
    const url = new URL(client.url.href)
    url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:'
    if (!owns(url)) {
      server.connect()
      return
    }
    const offered = info.protocols
    const protocol = (Array.isArray(offered)
      ? offered
      : offered
        ? [offered]
        : []
    ).includes(GRAPHQL_WS_PROTOCOL)
      ? GRAPHQL_WS_PROTOCOL
      : ''
    // What the client says before the session has loaded waits for it.
    const early: string[] = []
    let session: GraphqlSocketSession | undefined
    let gone = false
    client.addEventListener('message', (event) => {
      const data = typeof event.data === 'string' ? event.data : ''
      if (session) session.message(data)
      else early.push(data)
    })
    client.addEventListener('close', (event) => {
      gone = true
      session?.closed(event.code, event.reason)
    })
    void import('../mock-server/graphql/graphql-socket.ts').then(
      ({ graphqlSocketSession }) => {
        if (gone) return
        session = graphqlSocketSession(fetch, new Request(url), {
          protocol,
          send: (text) => client.send(text),
          close: (code, reason) => client.close(code, closeReason(reason)),
        })
        for (const data of early.splice(0)) session.message(data)
      },
    )
  })
}
