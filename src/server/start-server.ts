import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
} from '../mock-server/index.ts'
import { isPreflight, preflightResponse, withCors } from './cors.ts'

export interface ServerOptions extends MockApiOptions {
  /** @default 8787; 0 picks a free port */
  port?: number
  /** @default '127.0.0.1' */
  host?: string
  /** Serve this instance instead of a new one. */
  api?: MockApi
}

export interface RunningServer {
  api: MockApi
  /** e.g. `http://127.0.0.1:8787` */
  url: string
  close(): Promise<void>
}

/**
 * Starts the mock on a real HTTP port, the same core behind it. A network-error fault destroys the
 * socket, so a client sees exactly what a dropped connection looks like.
 */
export function startServer(
  options: ServerOptions = {},
): Promise<RunningServer> {
  const {
    port = 8787,
    host = '127.0.0.1',
    api: given,
    ...mockOptions
  } = options
  const api = given ?? createMockApi(mockOptions)
  // Plain @hono/node-server: a router or middleware layer in front would halve throughput.
  const fetch = async (
    request: Request,
    env: { incoming: { socket: { destroy(): void } } },
  ) => {
    if (isPreflight(request)) return preflightResponse()
    const response = await api.fetch(request)
    // `status` first: reading `type` would make @hono/node-server drop its fast path.
    if (response.status === 0 && response.type === 'error') {
      env.incoming.socket.destroy()
      return new Response(null, { status: 204 })
    }
    // A body the core never read (refused early, e.g. 413 on Content-Length) is still on the wire:
    // closing the connection keeps the client from sending its next request after those bytes.
    // (GET and HEAD carry none; asking them would make the adapter build a full Request.)
    const mayHaveBody = request.method !== 'GET' && request.method !== 'HEAD'
    if (mayHaveBody && request.body !== null && !request.bodyUsed) {
      response.headers.set('Connection', 'close')
    }
    return withCors(request, response)
  }
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host })
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      const address = server.address() as AddressInfo
      const shownHost =
        address.family === 'IPv6' ? `[${address.address}]` : address.address
      resolve({
        api,
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
