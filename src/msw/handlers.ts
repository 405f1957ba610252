import { http, HttpResponse } from 'msw'
import { CONTROL_PATH, type MockApi } from '../mock-server/index.ts'

/**
 * msw request handlers that hand every API request to one mock instance. The core decides
 * everything; this adapter only translates a network-level fault into msw's network error.
 *
 * @example
 * const api = createMockApi()
 * const server = setupServer(...createHandlers(api))
 */
export function createHandlers(api: MockApi) {
  const answer = async ({ request }: { request: Request }) => {
    const response = await api.fetch(request)
    return response.type === 'error' ? HttpResponse.error() : response
  }
  return [
    http.all(`*${api.basePath}`, answer),
    http.all(`*${api.basePath}/*`, answer),
    http.all(`*${CONTROL_PATH}/*`, answer),
  ]
}
