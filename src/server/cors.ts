import {
  originAllowed,
  type AllowedOrigins,
} from '../mock-server/security/origin-policy.ts'

/**
 * CORS for browser apps on the origins the mock answers: loopback ones by default, plus those given
 * with `--allow-origin`. Other origins get no CORS headers (the core answers them 403). Only a real
 * preflight (OPTIONS with `Access-Control-Request-Method`) is answered here; a plain OPTIONS reaches
 * the API, which answers 204 + `Allow`.
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
  'Accept-Patch',
].join(', ')

export function isPreflight(request: Request) {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('Access-Control-Request-Method')
  )
}

/** The `Access-Control-Allow-Origin` value for this request, or `null` when it gets none. */
export function allowOriginFor(request: Request, allowed: AllowedOrigins) {
  const origin = request.headers.get('origin')
  if (origin === null) return null
  if (!originAllowed(origin, allowed, new URL(request.url))) return null
  return allowed === '*' ? '*' : origin
}

export function preflightResponse(allowOrigin: string) {
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': allowOrigin,
      'Access-Control-Allow-Methods': allowMethods,
      'Access-Control-Allow-Headers': allowHeaders,
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    },
  })
}

/** Adds the CORS response headers, only for allowed cross-origin callers (those that send `Origin`). */
export function withCors(
  request: Request,
  response: Response,
  allowed: AllowedOrigins,
) {
  const allowOrigin = allowOriginFor(request, allowed)
  if (allowOrigin === null) return response
  response.headers.set('Access-Control-Allow-Origin', allowOrigin)
  response.headers.set('Access-Control-Expose-Headers', exposeHeaders)
  if (allowOrigin !== '*') response.headers.append('Vary', 'Origin')
  return response
}
