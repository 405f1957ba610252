import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

const preflight = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'Authorization',
    'Content-Type',
    'Idempotency-Key',
    'If-Match',
    'If-None-Match',
  ],
  exposeHeaders: [
    'Location',
    'ETag',
    'Link',
    'Retry-After',
    'RateLimit',
    'RateLimit-Policy',
    'WWW-Authenticate',
    'Idempotent-Replayed',
    'Allow',
  ],
  maxAge: 600,
})

/**
 * CORS for browser apps on other origins: Bearer tokens travel in a header, so any origin may call.
 * Only a real preflight (with `Access-Control-Request-Method`) is answered here; a plain OPTIONS
 * still reaches the API, which answers 204 + `Allow`.
 */
export const corsMiddleware: MiddlewareHandler = async (c, next) => {
  if (
    c.req.method === 'OPTIONS' &&
    c.req.header('Access-Control-Request-Method') === undefined
  ) {
    await next()
    c.res.headers.set('Access-Control-Allow-Origin', '*')
    return
  }
  return preflight(c, next)
}
