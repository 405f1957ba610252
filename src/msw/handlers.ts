import { http, HttpResponse } from 'msw'
import type { ApiDeclaration, MockApi } from '../index.ts'

/**
 * msw request handlers that hand every API request to one mock instance. The core decides
 * everything; this adapter only translates a network-level fault into msw's network error.
 *
 * @example
 * const api = createMockApi()
 * const server = setupServer(...createHandlers(api))
 */
export function createHandlers<A extends ApiDeclaration>(
  api: MockApi<A> | { fetch: MockApi['fetch']; owns: MockApi['owns'] },
) {
  // One handler for every URL; the instance says which are its own (the API's base, with its host
  // where it has one, and the control API). The rest pass through untouched, as unhandled requests.
  return [
    http.all('*', async ({ request }) => {
      if (!api.owns(new URL(request.url))) return undefined
      const response = await api.fetch(request)
      return response.type === 'error' ? HttpResponse.error() : response
    }),
  ]
}
