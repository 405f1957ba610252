import {
  bypass,
  http,
  HttpResponse,
  passthrough,
  type HttpHandler,
  type WebSocketHandler,
} from 'msw'
import { connectToServer } from '../mock-server/control/connect-to-server.ts'
import { createHandlers } from '../msw/handlers.ts'
import {
  SHARED_KEY,
  under,
  type SharedDevMock,
  type ViteMockShape,
} from './shared.ts'

function devMock(): SharedDevMock {
  const mock = (globalThis as Record<symbol, SharedDevMock | undefined>)[
    SHARED_KEY
  ]
  if (!mock)
    throw new Error(
      'hypermock: no mock in this process. virtual:hypermock serves a server environment that runs in the dev server (the hypermock() plugin of vite.config.ts).',
    )
  return mock
}

/**
 * For a server environment in the dev server's process (server rendering): the API's requests,
 * at a loopback origin or the base's own host, answered in-process by the dev server's instance.
 */
export function serverHandlers(): Array<HttpHandler | WebSocketHandler> {
  return createHandlers(
    {
      fetch: (request) => devMock().api.fetch(request),
      owns: (url) => devMock().api.owns(url),
      origin: devMock().api.origin,
    },
    { origins: ['loopback'] },
  )
}

/**
 * For the browser: the dev server answers the API at the page's origin, so its requests pass
 * through the worker untouched; an API with a host of its own is handed to the dev server at the
 * same path. A dropped connection (a network-error fault) stays a network error.
 */
export function browserHandlers(shape: ViteMockShape): HttpHandler[] {
  const { origin, basePath, controlPath } = shape
  const page = globalThis.location?.origin ?? ''
  const owns = (url: URL) =>
    (url.origin === page && under(url.pathname, controlPath)) ||
    ((origin === '' ? url.origin === page : url.origin === origin) &&
      (basePath === '' || under(url.pathname, basePath)))
  return [
    http.all(
      ({ request }) => owns(new URL(request.url)),
      async ({ request }) => {
        const url = new URL(request.url)
        if (url.origin === page) return passthrough()
        const body =
          request.method === 'GET' || request.method === 'HEAD'
            ? null
            : await request.arrayBuffer()
        try {
          return await fetch(
            bypass(`${page}${url.pathname}${url.search}`, {
              method: request.method,
              headers: request.headers,
              body,
            }),
          )
        } catch {
          return HttpResponse.error()
        }
      },
    ),
  ]
}

/**
 * The dev server's instance as a `MockApi` in the page, over its control API: for the devtools
 * panel (`mountDevtools(await connect())`), which then shows every request of the page and of
 * server rendering, and the faults of both.
 */
export function connectDevServer(shape: ViteMockShape) {
  return connectToServer({
    basePath: shape.basePath,
    controlPath: shape.controlPath,
  })
}
