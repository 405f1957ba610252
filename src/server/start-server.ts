import { serve, type HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
} from '../mock-server/index.ts'
import { corsMiddleware } from './cors.ts'

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
  const app = new Hono<{ Bindings: HttpBindings }>()
  app.use(corsMiddleware)
  app.all('*', async (c) => {
    const response = await api.fetch(c.req.raw)
    if (response.type === 'error') {
      c.env.incoming.socket.destroy()
      return new Response(null, { status: 204 })
    }
    // A body the core never read (refused early, e.g. 413 on Content-Length) is still on the wire:
    // closing the connection keeps the client from sending its next request after those bytes.
    if (c.req.raw.body !== null && !c.req.raw.bodyUsed)
      response.headers.set('Connection', 'close')
    return response
  })
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host })
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
