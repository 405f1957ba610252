import { createApiApp, createControlApp } from './app.ts'
import { finalizeResponse } from './edge.ts'
import type { RequestState } from './pipeline.ts'
import { problemResponse } from './problems/problem-response.ts'
import type { Runtime } from './runtime.ts'
import { refusedOrigin } from './security/origin-policy.ts'

export const CONTROL_PATH = '/__mock'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const isControlPath = (path: string) =>
  path === CONTROL_PATH || path.startsWith(`${CONTROL_PATH}/`)

/**
 * The edge of one mock instance: routes a request to the API or the control API, turns anything
 * unexpected into a 500 problem, applies the caching rules, and journals the API's requests.
 */
export function createRequestHandler(runtime: Runtime) {
  const { basePath, events, options } = runtime
  const apiApp = createApiApp(basePath)
  const controlApp = createControlApp()

  function newState(request: Request): RequestState {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      // A Request always has an absolute URL; this only guards against a foreign object.
      url = new URL('http://hypermock.invalid/')
    }
    return {
      requestId: runtime.nextRequestId(),
      startedAt: 0,
      url,
      path: url.pathname,
      route: null,
      principal: null,
      bodyBytes: null,
      body: undefined,
      item: undefined,
      idempotencyKey: null,
      claim: null,
      committedIn: null,
      replayed: false,
      networkError: false,
      fault: null,
    }
  }

  const context = (state: RequestState) => ({
    basePath,
    requestPath: state.path,
    requestId: state.requestId,
  })

  function internalError(state: RequestState) {
    return problemResponse(
      'internal-error',
      { detail: 'The mock failed unexpectedly while answering this request.' },
      context(state),
    )
  }

  function route(
    request: Request,
    state: RequestState,
  ): Response | Promise<Response> {
    // Before anything else, faults included: a page the user did not allow learns nothing.
    const refused = refusedOrigin(
      request,
      options.allowedOrigins,
      state.url,
      isControlPath(state.path),
    )
    if (refused !== null)
      return problemResponse(
        'origin-not-allowed',
        { detail: refused },
        context(state),
      )
    if (isControlPath(state.path))
      return controlApp.fetch(request, { state, runtime })
    if (state.path === basePath || state.path.startsWith(`${basePath}/`)) {
      return apiApp.fetch(request, { state, runtime })
    }
    return problemResponse(
      'not-found',
      {
        detail: `${state.path} is outside the API; it lives under ${basePath} (and the control API under ${CONTROL_PATH}).`,
      },
      context(state),
    )
  }

  async function serve(request: Request, state: RequestState) {
    state.startedAt = options.now()
    const time = runtime.clock.iso()
    let raw: Response
    try {
      raw = await route(request, state)
    } catch (error) {
      // A wait cut short because the caller left is no failure of the mock: nobody reads this.
      if (!request.signal.aborted) options.onUnhandledError(error, request)
      raw = internalError(state)
    }
    const response = state.networkError
      ? Response.error()
      : finalizeResponse(request, state, raw)
    if (!isControlPath(state.path)) {
      const entry = runtime.journal.record({
        time,
        method: request.method.toUpperCase(),
        path: state.path,
        status: response.status,
        durationMs: Math.max(0, options.now() - state.startedAt),
        fault: state.fault,
        // The parsed key; for a request stopped before parsing (a fault), the header as sent.
        idempotencyKey:
          state.idempotencyKey ?? request.headers.get('Idempotency-Key'),
        replayed: state.replayed,
      })
      events.emit({ type: 'request', entry })
      if (!SAFE_METHODS.has(entry.method)) events.emit({ type: 'state' })
    }
    return response
  }

  return async function fetch(request: Request): Promise<Response> {
    // Nothing escapes: even a failing clock or listener ends as a 500 problem, never a stack.
    const state = newState(request)
    try {
      return await serve(request, state)
    } catch (error) {
      options.onUnhandledError(error, request)
      return internalError(state)
    }
  }
}
