import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { MockApi } from '../index.ts'
import { handshakeEventSocket } from '../mock-server/conventions/event-socket.ts'
import { problemResponse } from '../mock-server/problems/problem-response.ts'
import { hostAllowed, type AllowedHosts } from './host-check.ts'

/** A ping this often keeps an idle socket open through proxies, as the stream's heartbeat does. */
export const SOCKET_PING_MS = 15_000
/** The one message a client sends is a resume point: anything longer is refused by `ws` itself. */
const MAX_MESSAGE_BYTES = 1_024

/** Headers of the upgrade itself: the handshake the mock sees is a plain `GET`. */
const HOP_BY_HOP = /^(connection|upgrade|sec-websocket-.*)$/i

interface EventSocketsHost {
  /** The instance now (a reload replaces it). */
  api(): MockApi
  hosts: AllowedHosts
  draining(): boolean
}

/** Writes an HTTP answer on a socket whose upgrade is refused, then ends it. */
async function refuse(socket: Duplex, response: Response) {
  const body = Buffer.from(await response.arrayBuffer())
  const head = [`HTTP/1.1 ${response.status} ${response.statusText || ''}`]
  response.headers.forEach((value, name) => head.push(`${name}: ${value}`))
  head.push(`Content-Length: ${body.length}`, 'Connection: close', '', '')
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n')), body]))
}

/** The upgrade as the mock sees it: a plain `GET` with the request's own headers. */
function handshakeRequest(incoming: IncomingMessage): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers))
    if (!HOP_BY_HOP.test(name) && value !== undefined)
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  return new Request(`http://${incoming.headers.host}${incoming.url ?? '/'}`, {
    headers,
  })
}

/** What a socket's messages go to: one session per socket, `/events` or `/graphql`. */
interface SocketSession {
  message(text: string): void
  closed(code: number, reason: string): void
}

/**
 * Feeds a socket's text messages to its session (a binary one as empty text), pings it so an
 * idle socket stays open through proxies, and ends the session when it closes.
 */
function attachSession(
  ws: WebSocket,
  session: SocketSession,
  sockets: Set<WebSocket>,
) {
  sockets.add(ws)
  let alive = true
  const ping = setInterval(() => {
    if (!alive) return ws.terminate()
    alive = false
    ws.ping()
  }, SOCKET_PING_MS)
  ping.unref()
  ws.on('pong', () => (alive = true))
  ws.on('message', (data: Buffer, binary: boolean) =>
    session.message(binary ? '' : data.toString('utf8')),
  )
  ws.on('error', () => ws.terminate())
  ws.on('close', (code: number, reason: Buffer) => {
    clearInterval(ping)
    sockets.delete(ws)
    session.closed(code, reason.toString('utf8'))
  })
}

/**
 * `<base>/events` over a WebSocket on `serve`: an upgrade is answered after the same checks as any
 * request (the Host guard here, then the mock's origin policy, credential and filters through its
 * own `GET`), by the `ws` package. Other upgrades are refused. `close()` ends every socket
 * (1001, going away) when the server stops.
 */
export function serveEventSockets(server: Server, host: EventSocketsHost) {
  let wss: WebSocketServer | undefined
  let graphqlWss: WebSocketServer | undefined
  const sockets = new Set<WebSocket>()

  async function upgrade(
    incoming: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) {
    socket.on('error', () => socket.destroy())
    const hostHeader = incoming.headers.host
    const path = (incoming.url ?? '/').split('?')[0]!
    const slugs = {
      403: 'origin-not-allowed',
      404: 'not-found',
      503: 'service-unavailable',
    } as const
    const problem = (status: keyof typeof slugs, detail: string) =>
      problemResponse(
        slugs[status],
        { detail },
        {
          basePath: host.api().basePath,
          requestPath: path,
          requestId: 'req-refused',
        },
      )
    if (!hostAllowed(hostHeader, host.hosts))
      return refuse(
        socket,
        problem(
          403,
          `The Host "${hostHeader ?? ''}" is not one this server answers (a guard against DNS rebinding).`,
        ),
      )
    if (host.draining())
      return refuse(socket, problem(503, 'The server is shutting down.'))
    if (incoming.headers.upgrade?.toLowerCase() !== 'websocket')
      return refuse(socket, new Response(null, { status: 400 }))
    const events = `${host.api().basePath}/events`
    const graphql = `${host.api().basePath}/graphql`
    if (path === graphql) return graphqlUpgrade(incoming, socket, head)
    if (path !== events)
      return refuse(
        socket,
        problem(404, `Only ${events} and ${graphql} take a WebSocket here.`),
      )
    const request = handshakeRequest(incoming)
    const { response, start } = await handshakeEventSocket(
      host.api().fetch,
      request,
    )
    if (!start) return refuse(socket, response)
    if (!wss) {
      const { WebSocketServer } = await import('ws')
      wss = new WebSocketServer({
        noServer: true,
        maxPayload: MAX_MESSAGE_BYTES,
      })
    }
    wss.handleUpgrade(incoming, socket, head, (ws) => {
      const session = start({
        send: (text) => ws.send(text),
        close: (code, reason) => ws.close(code, reason),
      })
      attachSession(
        ws,
        {
          message: (text) => session.message(text),
          closed: () => session.closed(),
        },
        sockets,
      )
    })
  }

  /**
   * `<base>/graphql` in graphql-ws's protocol: the socket opens at once (the subprotocol agreed on
   * if offered), and the session checks its `connection_init` and runs each operation through the
   * mock instance of the moment, with the upgrade's headers.
   */
  async function graphqlUpgrade(
    incoming: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) {
    const [{ WebSocketServer }, graphqlSocket] = await Promise.all([
      import('ws'),
      import('../mock-server/graphql/graphql-socket.ts'),
    ])
    const { GRAPHQL_WS_PROTOCOL, graphqlSocketSession } = graphqlSocket
    graphqlWss ??= new WebSocketServer({
      noServer: true,
      // ws refuses a longer message itself (1009); the session bounds it as well.
      maxPayload: graphqlSocket.MAX_GRAPHQL_MESSAGE_BYTES,
      handleProtocols: (offered) =>
        offered.has(GRAPHQL_WS_PROTOCOL) ? GRAPHQL_WS_PROTOCOL : false,
    })
    const request = handshakeRequest(incoming)
    graphqlWss.handleUpgrade(incoming, socket, head, (ws) => {
      const session = graphqlSocketSession(
        (r) => host.api().fetch(r),
        request,
        {
          protocol: ws.protocol,
          send: (text) => ws.send(text),
          close: (code, reason) => ws.close(code, reason),
        },
      )
      attachSession(ws, session, sockets)
    })
  }

  server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head) => {
    upgrade(incoming, socket, head as Buffer).catch(() => socket.destroy())
  })
  return {
    close() {
      for (const ws of sockets) ws.close(1001, 'the server is shutting down')
      wss?.close()
      graphqlWss?.close()
    },
  }
}
