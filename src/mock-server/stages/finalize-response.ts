import type { RequestState } from '../request-state.ts'

function etagMatches(header: string, etag: string) {
  const weak = (tag: string) => tag.trim().replace(/^W\//, '')
  return header
    .split(',')
    .some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))
}

/**
 * The last word on every answer (contract section 7): errors and writes are `no-store` unless a stage
 * said otherwise, reads of a caller's data vary by credential, and a fresh `If-None-Match` gets 304.
 */
export function finalizeResponse(
  request: Request,
  state: RequestState,
  response: Response,
): Response {
  const headers = response.headers
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
  const read = request.method === 'GET' || request.method === 'HEAD'
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
    return new Response(null, { status: 304, headers: kept })
  }
  if (request.method === 'HEAD' && response.body !== null) {
    return new Response(null, { status: response.status, headers })
  }
  return response
}
