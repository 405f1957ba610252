import { HttpResponse } from '../http-response.ts'
import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import type { Runtime } from '../runtime.ts'
import { authenticate } from '../stages/authenticate.ts'
import { faults } from '../stages/faults.ts'
import { idempotency } from '../stages/idempotency.ts'
import { latency } from '../stages/latency.ts'
import { jsonDepth } from '../stages/parse-json.ts'
import { rateLimit } from '../stages/rate-limit.ts'
import { readBody } from '../stages/read-body.ts'
import { requiredHeaders } from '../stages/required-headers.ts'

/** Where GraphQL is answered, below the API's base. */
export const GRAPHQL_PATH = '/graphql'
export const SCHEMA_PATH = '/graphql/schema.graphql'

const ALLOW = 'GET, POST, OPTIONS'

/**
 * GraphQL's code (graphql-js, graphql-http) loads on the first GraphQL request: an app that never
 * sends one never downloads it.
 */
const serveGraphql = () => import('./serve-graphql.ts')

/** The methods GraphQL over HTTP takes; the schema's SDL, public as the OpenAPI description is. */
const graphqlRoute: Stage = async (c, next) => {
  const { state, runtime } = c.env
  const method = c.req.method.toUpperCase()
  const schema = state.path === `${runtime.basePath}${SCHEMA_PATH}`
  if (method === 'OPTIONS')
    return HttpResponse.empty({
      headers: { Allow: schema ? 'GET, HEAD, OPTIONS' : ALLOW },
    })
  if (schema) {
    if (method !== 'GET' && method !== 'HEAD')
      fail('method-not-allowed', {
        detail: `${method} is not supported on ${state.path}; use GET, HEAD, OPTIONS.`,
        extensions: { allowed: ['GET', 'HEAD', 'OPTIONS'] },
        headers: { Allow: 'GET, HEAD, OPTIONS' },
      })
    const { graphqlSdl } = await serveGraphql()
    return HttpResponse.text(graphqlSdl(runtime.api), {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=0, must-revalidate',
      },
    })
  }
  if (method !== 'GET' && method !== 'POST')
    fail('method-not-allowed', {
      detail: `${method} is not supported on ${state.path}; GraphQL takes GET (queries) and POST.`,
      extensions: { allowed: ALLOW.split(', ') },
      headers: { Allow: ALLOW },
    })
  return next()
}

/**
 * The JSON body, parsed for the `Idempotency-Key` fingerprint (graphql-http judges the rest): 400
 * past the nesting limit, as any JSON body, before a recursive step (the fingerprint, variables'
 * coercion) meets it.
 */
const graphqlBody: Stage = (c, next) => {
  const bytes = c.env.state.bodyBytes
  if (bytes !== null && bytes.byteLength > 0) {
    const text = new TextDecoder().decode(bytes)
    if (jsonDepth(text, limits.jsonDepth) > limits.jsonDepth)
      fail('invalid-json', {
        detail: `The request body nests arrays and objects more than ${limits.jsonDepth} levels deep, the limit.`,
        extensions: { maxDepth: limits.jsonDepth },
      })
    try {
      c.env.state.body = JSON.parse(text) as unknown
    } catch {
      c.env.state.body = undefined
    }
  }
  return next()
}

const graphqlExecute: Stage = async (c) => {
  const { state, runtime } = c.env
  state.committedIn = runtime.db.generation
  const { answerGraphql } = await serveGraphql()
  return answerGraphql(c)
}

/**
 * A GraphQL request's path, as a REST request's but for the operation itself: faults, the
 * credential (401), required headers, the rate limit (one request, however many fields), the body's
 * size, an `Idempotency-Key` replay, latency; then graphql-http, whose resolvers run each field's
 * REST operation through the convention's own stages (`run-rest.ts`).
 */
export function graphqlStages(): Stage[] {
  return [
    faults,
    graphqlRoute, // 405, 204 OPTIONS, the SDL
    authenticate, // 401
    requiredHeaders, // 400
    rateLimit, // 429
    readBody, // 413
    graphqlBody,
    idempotency, // a replay of the stored answer
    latency,
    graphqlExecute,
  ]
}

/**
 * Whether a path is GraphQL's: below the base, unless the API serves that path itself. Its two
 * paths are joined once per instance, not per request.
 */
export function graphqlPaths(runtime: Runtime): (path: string) => boolean {
  const endpoint = `${runtime.basePath}${GRAPHQL_PATH}`
  const schema = `${runtime.basePath}${SCHEMA_PATH}`
  return (path) =>
    (path === endpoint || path === schema) &&
    !runtime.api.routes.some(
      (route) =>
        route.path === GRAPHQL_PATH ||
        route.path.startsWith(`${GRAPHQL_PATH}/`),
    )
}
