/**
 * CORS for browser apps on other origins. Bearer tokens travel in a header (no cookies), so any
 * origin may call. Only a real preflight (OPTIONS with `Access-Control-Request-Method`) is answered
 * here; a plain OPTIONS reaches the API, which answers 204 + `Allow`.
 */
const allowMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
const allowHeaders =
  'Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match'
const exposeHeaders = [
  'Location',
  'ETag',
  'Link',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'WWW-Authenticate',
  'Idempotent-Replayed',
  'Allow',
].join(', ')

export function isPreflight(request: Request) {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('Access-Control-Request-Method')
  )
}

export function preflightResponse() {
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': allowMethods,
      'Access-Control-Allow-Headers': allowHeaders,
      'Access-Control-Max-Age': '600',
    },
  })
}

/** Adds the CORS response headers, only for cross-origin callers (those that send `Origin`). */
export function withCors(request: Request, response: Response) {
  if (!request.headers.has('Origin')) return response
  response.headers.set('Access-Control-Allow-Origin', '*')
  response.headers.set('Access-Control-Expose-Headers', exposeHeaders)
  return response
}
