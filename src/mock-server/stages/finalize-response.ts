import { HttpResponse } from '../http-response.ts'
import type { RequestState } from '../request-state.ts'

function etagMatches(header: string, etag: string) {
  const weak = (tag: string) => tag.trim().replace(/^W\//, '')
  return header
    .split(',')
    .some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))
}

const CACHE_CONTROL = {
  private: 'private, no-cache',
  public: 'public, max-age=300',
  'no-store': 'no-store',
} as const

/**
 * The one place `Cache-Control` is decided (contract section 7): a successful read as its route
 * declares, everything else (errors, writes, OPTIONS, replays) `no-store`.
 */
function cacheControl(read: boolean, state: RequestState, status: number) {
  const route = state.route
  if (!read || !route || status < 200 || status >= 300) return 'no-store'
  return CACHE_CONTROL[route.spec.cache ?? 'private']
}

/**
 * The last word on every answer: its caching, `Vary` for reads of a caller's data, 304 for a fresh
 * `If-None-Match`, and no body for HEAD.
 */
export function finalizeResponse(
  request: Request,
  state: RequestState,
  response: Response,
): Response {
  const headers = response.headers
  const read = request.method === 'GET' || request.method === 'HEAD'
  headers.set('Cache-Control', cacheControl(read, state, response.status))
  if (
    read &&
    state.principal &&
    state.route &&
    !state.route.spec.public &&
    response.status < 400
  ) {
    headers.set('Vary', 'Authorization')
  }
  const etag = headers.get('ETag')
  const ifNoneMatch = request.headers.get('If-None-Match')
  if (
    read &&
    response.status === 200 &&
    etag &&
    ifNoneMatch &&
    etagMatches(ifNoneMatch, etag)
  ) {
    const kept = new Headers()
    for (const name of ['ETag', 'Cache-Control', 'Vary']) {
      const value = headers.get(name)
      if (value !== null) kept.set(name, value)
    }
    return HttpResponse.empty({ status: 304, headers: kept })
  }
  if (request.method === 'HEAD' && response.body !== null) {
    return HttpResponse.empty({ status: response.status, headers })
  }
  return response
}
