import { Hono, type ErrorHandler } from 'hono'
import { controlRoutes } from './control/control-routes.ts'
import { faults } from './faults/faults-stage.ts'
import { idempotency } from './idempotency/idempotency.ts'
import { authenticate } from './middleware/authenticate.ts'
import { authorize } from './middleware/authorize.ts'
import { dispatch, latency, loadItem } from './middleware/dispatch.ts'
import { mediaType } from './middleware/media-type.ts'
import { parseJson } from './middleware/parse-json.ts'
import { readBody } from './middleware/read-body.ts'
import { routeMatch } from './middleware/route-match.ts'
import type { Env } from './pipeline.ts'
import { ProblemError } from './problems/problem-error.ts'
import { problemResponse } from './problems/problem-response.ts'
import { rateLimit } from './rate-limit/rate-limit-stage.ts'
import { routes } from './routes.ts'

/** A thrown `ProblemError` is the answer; anything else is a 500 that never shows its stack. */
const onError: ErrorHandler<Env> = (error, c) => {
  const { state, runtime } = c.env
  const context = {
    basePath: runtime.basePath,
    requestPath: state.path,
    requestId: state.requestId,
  }
  if (error instanceof ProblemError)
    return problemResponse(error.slug, error.init, context)
  // A wait that ended because the caller gave up is no failure of the mock: nobody reads this answer.
  if (!c.req.raw.signal.aborted)
    runtime.options.onUnhandledError(error, c.req.raw)
  return problemResponse(
    'internal-error',
    { detail: 'The mock failed unexpectedly while answering this request.' },
    context,
  )
}

/**
 * The API's request pipeline, one stage per check, in the order of contract section 5. A stage
 * answers by throwing a `ProblemError` (or returning a response); otherwise it calls `next()`.
 */
export function createApiApp(basePath: string) {
  const app = new Hono<Env>()
  app.use(faults) // injected network and gateway faults (lose-response acts after the operation)
  app.use(routeMatch(basePath, routes)) // 404 unknown path, 405 wrong method, OPTIONS
  app.use(authenticate) // 401
  app.use(rateLimit) // 429
  app.use(authorize) // 403
  app.use(readBody) // 413
  app.use(mediaType) // 415
  app.use(parseJson) // 400
  app.use(loadItem) // 404 unknown or hidden item
  app.use(idempotency) // 400/409/422 key checks; stores the result
  app.use(latency) // simulated processing time, with the key in flight
  app.all('*', dispatch) // 412 → 422 → 409 → the operation
  app.onError(onError)
  return app
}

/** The control API under `/__mock`: public, never rate limited, immune to faults. */
export function createControlApp() {
  const app = new Hono<Env>()
  app.use(routeMatch('/__mock', controlRoutes))
  app.use(readBody)
  app.use(mediaType)
  app.use(parseJson)
  app.all('*', dispatch)
  app.onError(onError)
  return app
}
