import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MockApi, MockApiOptions, ApiDeclaration } from '../index.ts'
import { withDefaultApi } from '../default-mock-api.ts'
import { createMockInstance } from '../mock-server/create-mock-api.ts'
import { problemResponse } from '../mock-server/problems/problem-response.ts'
import {
  attachStore,
  type AttachedStore,
  type DataMismatch,
} from '../mock-server/store/attach-store.ts'
import { checkStoredRows } from '../mock-server/store/check-stored-rows.ts'
import { MemoryStore } from '../mock-server/store/memory-store.ts'
import { StoredRowsMismatchError } from '../mock-server/store/attach-store.ts'
import { compiledApi } from '../mock-server/declare/compiled-api-cache.ts'
import { answerOf } from '../mock-server/handle-request.ts'
import type { MockStore } from '../mock-server/store/mock-store.ts'
import {
  allowOriginFor,
  isPreflight,
  preflightResponse,
  withCors,
} from './cors.ts'
import { serveEventSockets } from './event-sockets.ts'
import { hostAllowed, isLoopbackHost, type AllowedHosts } from './host-check.ts'
import { findPlaygroundDir, loadPlaygroundFiles } from './playground-files.ts'

/** What `startServer` takes: the mock's options, where to listen, and what else to serve. */
export interface ServerOptions extends Omit<MockApiOptions, 'api'> {
  /** @default 8787; 0 picks a free port */
  port?: number
  /** @default '127.0.0.1' */
  host?: string
  /**
   * `Host` names answered besides localhost, `*.localhost` and IP literals (and `host` itself); a
   * leading dot allows a domain and its subdomains; `'all'` turns the check off. @default []
   */
  allowedHosts?: AllowedHosts
  /** How long `close()` lets requests in flight finish before failing them with a 503. @default 5000 */
  shutdownGraceMs?: number
  /**
   * Serve this instance instead of a new one (its own `allowedOrigins` apply to it), or a
   * declaration (`defineApi()`) to create one from.
   */
  api?: MockApi | ApiDeclaration
  /**
   * Serve the built playground at `<controlPath>/playground/`, talking to this server over HTTP:
   * `true` for the package's own build, or the directory of another. @default false
   */
  playground?: boolean | string
  /**
   * Where the mock's state lives (a `SqliteStore` for `serve --data`): an empty store receives the
   * seed rows, a store with data is resumed, and every acknowledged write is in it. `close()`
   * closes it; when the start fails (a port in use, a playground not built), it is detached and
   * left open for you to close.
   */
  store?: MockStore
  /** Stored rows the declaration no longer accepts: refuse to start (the default), keep the rest, or reset. */
  dataMismatch?: DataMismatch
}

/** A standalone server `startServer` started: its URL, the mock it serves, and how to stop it. */
export interface RunningServer {
  /** The instance serving now (`reload()` replaces it). */
  readonly api: MockApi
  /** What `store` reported when it was attached (`null`: it started empty or every row fit). */
  readonly stored: AttachedStore | null
  /**
   * Serves a new declaration, its data carried over from the store (or, without one, from the
   * instance serving now). Requests arriving meanwhile wait for it; a declaration the data no longer
   * fits (with `dataMismatch: 'refuse'`) or one that fails to compile throws, and the old one
   * keeps serving.
   */
  reload(declaration: ApiDeclaration): Promise<void>
  /** e.g. `http://127.0.0.1:8787` */
  url: string
  /** Where the playground is served (`playground: true`), e.g. `http://127.0.0.1:8787/__mock/playground/`. */
  playgroundUrl?: string
  /**
   * Stops accepting connections, lets requests in flight finish for `shutdownGraceMs`, answers the
   * rest with a 503 problem, then closes every connection.
   */
  close(): Promise<void>
}

type Env = HttpBindings | Http2Bindings

/**
 * Starts the mock on a real HTTP port, the same core behind it. A network-error fault destroys the
 * socket, so a client sees exactly what a dropped connection looks like.
 */
export async function startServer(
  options: ServerOptions = {},
): Promise<RunningServer> {
  const {
    playground = false,
    port = 8787,
    host = '127.0.0.1',
    allowedHosts = [],
    shutdownGraceMs = 5_000,
    api: given,
    store: givenStore,
    dataMismatch = 'refuse',
    ...mockOptions
  } = options
  const ownInstance = !(given !== undefined && 'fetch' in given)
  if (!ownInstance && givenStore)
    throw new TypeError(
      'Failed to start the server: the instance it serves keeps its state where it was made. Pass the store to createMockApi({ store }), or pass a declaration (api: defineApi(...)) with the store.',
    )
  // The server makes its own instances with their runtimes: it moves the store between them.
  const instance = (declaration: ApiDeclaration | undefined) =>
    createMockInstance(
      withDefaultApi({
        ...mockOptions,
        ...(declaration && { api: declaration }),
      }) as MockApiOptions & { api: ApiDeclaration },
    )
  let current = ownInstance
    ? instance(given as ApiDeclaration | undefined)
    : null
  let api: MockApi = current ? (current.api as MockApi) : (given as MockApi)
  let attached =
    current && givenStore
      ? await attachStore(current.runtime, givenStore, {
          onMismatch: dataMismatch,
        })
      : null
  const startedWith = attached
  try {
    return await serveWith()
  } catch (error) {
    // Nothing was served: the store is detached (its watch and timers stop) and left open, the
    // caller's to close or to hand to another start.
    await attached?.detach()
    throw error
  }

  async function serveWith(): Promise<RunningServer> {
    // Without a store, a reload carries the data over through one in memory.
    let carrier: MockStore | null = givenStore ?? null
    let reloading: Promise<void> | null = null
    let apiInFlight = 0
    const apiIdle = new Set<() => void>()

    async function reload(declaration: ApiDeclaration) {
      if (!current)
        throw new Error(
          'Failed to reload: this server serves an instance it was given; pass a declaration (api: defineApi(...)) to reload it.',
        )
      while (reloading) await reloading
      // Compiled first: a declaration that does not compile changes nothing.
      const next = instance(declaration)
      let release!: () => void
      reloading = new Promise<void>((done) => (release = done))
      try {
        if (apiInFlight > 0)
          await new Promise<void>((done) => apiIdle.add(done))
        carrier ??= new MemoryStore()
        attached ??= await attachStore(current.runtime, carrier)
        await attached.flush()
        const stored = await carrier.load()
        if (stored && dataMismatch === 'refuse') {
          const report = checkStoredRows(compiledApi(declaration), stored)
          if (!report.fits) throw new StoredRowsMismatchError(carrier, report)
        }
        await attached.detach()
        try {
          attached = await attachStore(next.runtime, carrier, {
            onMismatch: dataMismatch,
          })
        } catch (error) {
          attached = await attachStore(current.runtime, carrier)
          throw error
        }
        current = next
        api = next.api as MockApi
      } finally {
        reloading = null
        release()
      }
    }

    const allowedOrigins = mockOptions.allowedOrigins ?? []
    const playgroundPath = `${api.controlPath}/playground`
    const playgroundDir =
      typeof playground === 'string'
        ? playground
        : playground
          ? findPlaygroundDir()
          : undefined
    if (playground && !playgroundDir)
      throw new Error(
        'The playground is not built: this copy of hypermock-api has no dist-playground/ (run "npm run build" in a clone of the repository).',
      )
    const servePlayground = playgroundDir
      ? await loadPlaygroundFiles(playgroundDir, playgroundPath, {
          basePath: api.basePath,
          controlPath: api.controlPath,
          // The page says where its data lives: a store in memory is gone when the server stops.
          ...(givenStore &&
            !(givenStore instanceof MemoryStore) && {
              store: givenStore.description,
            }),
        })
      : undefined
    // The name the user bound to is one they chose to be reached by.
    const hosts: AllowedHosts =
      allowedHosts === 'all' || isLoopbackHost(host)
        ? allowedHosts
        : [...allowedHosts, host]
    let inFlight = 0
    // The last Host allowed: a client sends the same one on every request, checked once.
    let lastAllowedHost: string | null = null
    let draining = false
    // One per request in flight, removed when it settles: racing every request against one shared
    // never-settling promise would pile a reaction onto it per request, a leak across a long run.
    const failers = new Set<() => void>()
    const failRemaining = () => {
      for (const fail of failers) fail()
    }
    const drained = new Set<() => void>()
    // One function for every response ('close' fires once on each): no closure per request.
    const settled = () => {
      inFlight -= 1
      if (inFlight === 0) for (const done of drained) done()
    }

    const refuse = (status: 403 | 503, path: string, detail: string) =>
      problemResponse(
        status === 403 ? 'origin-not-allowed' : 'service-unavailable',
        { detail, ...(status === 503 && { headers: { 'Retry-After': '1' } }) },
        { basePath: api.basePath, requestPath: path, requestId: 'req-refused' },
      )

    const apiSettled = () => {
      apiInFlight -= 1
      if (apiInFlight === 0) {
        for (const done of apiIdle) done()
        apiIdle.clear()
      }
    }

    /** The mock's answer as it comes to the wire: a dropped connection, `Connection: close`, CORS. */
    const deliver = (request: Request, env: Env, response: Response) => {
      // `status` first: reading `type` would make @hono/node-server drop its fast path.
      if (response.status === 0 && response.type === 'error') {
        env.incoming.socket.destroy()
        return new Response(null, { status: 204 })
      }
      // A body the core never read (refused early, e.g. 413 on Content-Length) is still on the wire:
      // closing the connection keeps the client from sending its next request after those bytes.
      // (GET and HEAD carry none; asking them would make the adapter build a full Request.)
      const mayHaveBody = request.method !== 'GET' && request.method !== 'HEAD'
      if (
        draining ||
        (mayHaveBody &&
          request.body !== null &&
          (!request.bodyUsed || response.status === 413))
      ) {
        response.headers.set('Connection', 'close')
      }
      return withCors(request, response, allowedOrigins)
    }

    /**
     * The mock's answer, or a 503 once shutdown has waited `shutdownGraceMs` for it. No race and no
     * async helper: one promise per request, which the answer or shutdown settles first.
     */
    const awaitAnswer = async (
      pending: Promise<Response>,
      request: Request,
      env: Env,
    ) => {
      let fail!: () => void
      const answered = new Promise<Response | undefined>((resolve, reject) => {
        fail = resolve as () => void // settles with `undefined`: the 503 below
        pending.then(
          (response) => {
            apiSettled()
            resolve(response)
          },
          (error: unknown) => {
            apiSettled()
            reject(error as Error)
          },
        )
      })
      failers.add(fail)
      let response: Response | undefined
      try {
        response = await answered
      } finally {
        failers.delete(fail)
      }
      return deliver(
        request,
        env,
        response ??
          refuse(
            503,
            new URL(request.url).pathname,
            'The server is shutting down and this request did not finish in time. Send it again once the server is back.',
          ),
      )
    }

    /** The instance's answer: the response itself when it needs no wait, else a promise of it. */
    const answerOfApi = (request: Request) => {
      const answer = answerOf(api.fetch)
      return answer ? answer(request) : api.fetch(request)
    }

    const answerApi = (request: Request, env: Env) => {
      apiInFlight += 1
      let answer: Response | Promise<Response>
      try {
        answer = answerOfApi(request)
      } catch (error) {
        apiSettled()
        throw error
      }
      if (answer instanceof Promise) return awaitAnswer(answer, request, env)
      apiSettled()
      return deliver(request, env, answer)
    }

    /**
     * Plain @hono/node-server: a router or middleware layer in front would halve throughput. Not
     * `async`: an answer that needs no wait (a read, mostly) goes back as it is, which the adapter
     * writes out at once, with no promise or turn of the event loop in between.
     */
    const fetch = (
      request: Request,
      env: Env,
    ): Response | Promise<Response> => {
      // Read through the Request: the core reads its headers anyway, so they are built only once.
      const hostHeader = request.headers.get('host') ?? undefined
      if (hostHeader !== lastAllowedHost && !hostAllowed(hostHeader, hosts)) {
        return refuse(
          403,
          (env.incoming.url ?? '/').split('?')[0]!,
          `The Host "${hostHeader ?? ''}" is not one this server answers (a guard against DNS rebinding). Start it with --allowed-hosts ${hostHeader ? JSON.stringify(hostHeader.split(':')[0]) : '<name>'} to allow it.`,
        )
      }
      lastAllowedHost = hostHeader ?? null
      inFlight += 1
      env.outgoing.on('close', settled)
      if (draining) {
        // A new request on a kept-alive connection: answered, and told the connection ends here.
        const response = refuse(
          503,
          new URL(request.url).pathname,
          'The server is shutting down. Send the request again once it is back.',
        )
        response.headers.set('Connection', 'close')
        return response
      }
      const file = servePlayground?.(request)
      if (file) return file
      if (isPreflight(request)) {
        const allowOrigin = allowOriginFor(request, allowedOrigins)
        // A preflight from an origin not allowed reaches the core, which answers it 403.
        if (allowOrigin !== null) return preflightResponse(allowOrigin)
      }
      if (reloading) return reloading.then(() => answerApi(request, env))
      return answerApi(request, env)
    }

    return new Promise((resolve, reject) => {
      const server = serve({ fetch, port, hostname: host })
      const sockets = serveEventSockets(server as Server, {
        api: () => api,
        hosts,
        draining: () => draining,
      })
      const failed = (error: Error) => {
        sockets.close()
        reject(error)
      }
      server.once('error', failed)
      server.once('listening', () => {
        server.off('error', failed)
        const address = server.address() as AddressInfo
        const shownHost =
          address.family === 'IPv6' ? `[${address.address}]` : address.address
        let closing: Promise<void> | undefined
        const close = async () => {
          draining = true
          sockets.close()
          const stopped = new Promise<void>((done) =>
            server.close(() => done()),
          )
          if ('closeIdleConnections' in server) server.closeIdleConnections()
          if (inFlight > 0) {
            await new Promise<void>((done) => {
              const timer = setTimeout(done, shutdownGraceMs)
              drained.add(() => {
                clearTimeout(timer)
                done()
              })
            })
          }
          // Whatever is still running is answered 503 now; then the connections can go.
          failRemaining()
          if (inFlight > 0)
            await new Promise<void>((done) => {
              const timer = setTimeout(done, 1_000)
              drained.add(() => {
                clearTimeout(timer)
                done()
              })
            })
          if ('closeAllConnections' in server) server.closeAllConnections()
          await stopped
          if (givenStore) await attached?.close()
          else await attached?.detach()
        }
        const url = `http://${shownHost}:${address.port}`
        resolve({
          get api() {
            return api
          },
          stored: startedWith,
          reload,
          url,
          ...(servePlayground && { playgroundUrl: `${url}${playgroundPath}/` }),
          close: () => (closing ??= close()),
        })
      })
    })
  }
}
