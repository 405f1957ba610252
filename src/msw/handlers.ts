import { http, HttpResponse } from 'msw'
import type { ApiDeclaration, MockApi } from '../index.ts'
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
) {
  const page = pageOrigin()
  const origins = options.origins ?? (page === '' ? ['loopback'] : [page])
  const hostOrigin = api.origin ?? ''
  const owns = (url: URL) =>
    api.owns(url) &&
    ((hostOrigin !== '' && url.origin === hostOrigin) ||
      handlesOrigin(origins, url.origin))
  return [
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
