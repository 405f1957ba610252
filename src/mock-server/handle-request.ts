import { isControlPath } from './control/control-path.ts'
import { controlRoutes } from './control/control-routes.ts'
import {
  fingerprintBody,
  journalEntry,
  redactedSearch,
  retryAfterSeconds,
  unreadBody,
  KeptEntry,
} from './journal.ts'
import { ProblemError } from './problems/problem-error.ts'
import { problemResponse } from './problems/problem-response.ts'
import type { RequestState, Stage } from './request-state.ts'
import { plainPathAndQuery } from './request-url.ts'
import { runStages, type StageErrorHandler } from './run-stages.ts'
import type { Runtime } from './runtime.ts'
import { refusedOrigin } from './security/origin-policy.ts'
import { API_STAGES } from './stages/api-stages.ts'
import { dispatch } from './stages/dispatch.ts'
import { graphqlPaths, graphqlStages } from './graphql/graphql-stages.ts'
import { finalizeResponse } from './stages/finalize-response.ts'
import { mediaType } from './stages/media-type.ts'
import { parseJson } from './stages/parse-json.ts'
import { BODY_METHODS, readBody } from './stages/read-body.ts'
import { routeMatch } from './stages/route-match.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The furthest a Date reaches either side of 1970 (ECMA-262 time values). */
const MAX_DATE_MS = 8.64e15

const problemContext = (
  runtime: Runtime,
  state: RequestState,
  method: string,
) => ({
  basePath: runtime.baseHref,
  problems: runtime.api.problems,
  requestPath: state.path,
  requestId: state.requestId,
  members: runtime.api.declaration.problemMembers,
  // The control API is hypermock's own: its errors stay problem documents on any API.
  errorBody: isControlPath(state.path, runtime.controlPath)
    ? undefined
    : runtime.api.declaration.errorBody,
  method,
})

/** The one 500: anything unexpected ends here, and its stack never reaches the caller. */
function internalError(
  runtime: Runtime,
  state: RequestState,
  request: Request,
  error: unknown,
) {
  // A wait cut short because the caller left is no failure of the mock: nobody reads this answer.
  if (!request.signal.aborted) runtime.options.onUnhandledError(error, request)
  return problemResponse(
    'internal-error',
    { detail: 'The mock failed unexpectedly while answering this request.' },
    problemContext(runtime, state, request.method),
  )
}

/** A thrown `ProblemError` is the answer; anything else is the one 500. */
const onError: StageErrorHandler = (error, c) => {
  const { state, runtime } = c.env
  if (error instanceof ProblemError)
    return problemResponse(
      error.slug,
      error.init,
      problemContext(runtime, state, c.req.method),
    )
  return internalError(runtime, state, c.req.raw, error)
}

/**
 * The API's stages, in the order `stages/api-stages.ts` lists them with what each may answer: all
 * of them for a method that carries a body, and without those that act on a body alone for any
 * other (a read walks past no stage that could only call `next()`). A stage with nothing to check
 * on this API is left out of both.
 */
function apiStages(runtime: Runtime) {
  const withBody: Stage[] = []
  const bodiless: Stage[] = []
  for (const { stage: of, bodyOnly } of API_STAGES) {
    const stage = of(runtime)
    if (stage === null) continue
    withBody.push(stage)
    if (!bodyOnly) bodiless.push(stage)
  }
  return { withBody, bodiless }
}

/** The control API under its path (`/__mock`): public, never rate limited, immune to faults. */
function controlStages(controlPath: string): Stage[] {
  return [
    routeMatch(controlPath, controlRoutes), // 404, 405, 204 OPTIONS
    readBody, // 413
    mediaType, // 415
    parseJson, // 400
    dispatch, // the control command
  ]
}

/** The request's own state: its URL parsed once, when first read. */
class RequestStateOf implements RequestState {
  readonly requestId: string
  startedAt = 0
  readonly path: string
  readonly search: string
  route: RequestState['route'] = null
  principal: RequestState['principal'] = null
  bodyBytes: Uint8Array | null = null
  body: unknown = undefined
  idempotencyKey: string | null = null
  claim: RequestState['claim'] = null
  committedIn: number | null = null
  unit: RequestState['unit'] = null
  replayed = false
  networkError = false
  fault: string | null = null
  graphql: RequestState['graphql'] = null
  checked: RequestState['checked'] = null
  private parsed: URL | undefined
  private readonly href: string

  constructor(requestId: string, href: string) {
    this.requestId = requestId
    const plain = plainPathAndQuery(href)
    if (plain !== null) {
      this.path = plain.path
      this.search = plain.search
      this.href = href
    } else {
      const url = parseUrl(href)
      this.parsed = url
      this.path = url.pathname
      this.search = url.search
      this.href = url.href
    }
  }

  get url(): URL {
    return (this.parsed ??= parseUrl(this.href))
  }
}

function parseUrl(href: string) {
  try {
    return new URL(href)
  } catch {
    // A Request always has an absolute URL; this only guards against a foreign object.
    return new URL('http://hypermock.invalid/')
  }
}

/**
 * Each `fetch` this module made, with the function behind it that answers at once where it can
 * (`answerOf`).
 */
const answers = new WeakMap<
  (request: Request) => Promise<Response>,
  (request: Request) => Response | Promise<Response>
>()

/**
 * The handler behind an instance's `fetch`, which hands back the response itself, not a promise of
 * it, when nothing on the request's way waits: a server adapter then writes it out in the same
 * turn. Undefined for a `fetch` this module did not make (one wrapped around it, say).
 */
export function answerOf(
  fetch: (request: Request) => Promise<Response>,
): ((request: Request) => Response | Promise<Response>) | undefined {
  return answers.get(fetch)
}

const newState = (runtime: Runtime, request: Request): RequestState =>
  new RequestStateOf(runtime.nextRequestId(), request.url)

/**
 * A request's whole path through one mock instance, top to bottom: the origin check, then the API's
 * or the control API's stages, then the caching rules, then the journal. Nothing escapes: whatever
 * throws, even a failing clock or listener, ends as the one 500 problem.
 */
export function createRequestHandler(runtime: Runtime) {
  const { basePath, controlPath, events, options } = runtime
  const api = apiStages(runtime)
  const control = controlStages(controlPath)
  const graphql = graphqlStages()
  const isGraphql = graphqlPaths(runtime)
  const underBase = `${basePath}/`

  function route(request: Request, state: RequestState) {
    const toControl = isControlPath(state.path, controlPath)
    // Before anything else, faults included: a page the user did not allow learns nothing.
    const refused = refusedOrigin(
      request,
      options.allowedOrigins,
      state,
      toControl,
    )
    if (refused !== null)
      return problemResponse(
        'origin-not-allowed',
        { detail: refused },
        problemContext(runtime, state, request.method),
      )
    if (toControl) return runStages(control, onError, request, state, runtime)
    if (isGraphql(state.path))
      return runStages(graphql, onError, request, state, runtime)
    if (
      basePath === '' ||
      state.path === basePath ||
      state.path.startsWith(underBase)
    )
      return runStages(
        BODY_METHODS.has(request.method.toUpperCase())
          ? api.withBody
          : api.bodiless,
        onError,
        request,
        state,
        runtime,
      )
    return problemResponse(
      'not-found',
      {
        detail: `${state.path} is outside the API; it lives under ${basePath} (and the control API under ${controlPath}).`,
      },
      problemContext(runtime, state, request.method),
    )
  }

  /**
   * Records the API's requests. Synchronous unless a body no stage read must be read first (a
   * write a fault answered): a read costs no promise here.
   */
  function journal(
    request: Request,
    state: RequestState,
    at: number,
    response: Response,
  ): Promise<void> | void {
    if (isControlPath(state.path, controlPath)) return
    const method = request.method
    if (state.bodyBytes !== null || method === 'GET' || method === 'HEAD')
      return record(request, state, at, response, state.bodyBytes)
    return unreadBody(request, options.maxBodyBytes).then((body) =>
      record(request, state, at, response, body),
    )
  }

  function record(
    request: Request,
    state: RequestState,
    at: number,
    response: Response,
    body: Uint8Array | null,
  ) {
    const { correlationHeader } = options
    const entry = new KeptEntry()
    entry.requestId = state.requestId
    entry.at = at
    entry.startMs = at
    entry.method = request.method.toUpperCase()
    entry.path = state.path
    entry.search = redactedSearch(state.search)
    entry.status = response.status
    entry.durationMs = Math.max(0, options.now() - state.startedAt)
    entry.fault = state.fault
    // The parsed key; for a request stopped before parsing (a fault), the header as sent.
    entry.idempotencyKey =
      state.idempotencyKey ?? request.headers.get('idempotency-key')
    entry.replayed = state.replayed
    entry.correlationId =
      correlationHeader === null
        ? null
        : (request.headers.get(correlationHeader)?.slice(0, 256) ?? null)
    entry.bodyFingerprint = fingerprintBody(body)
    entry.retryAfter = retryAfterSeconds(response)
    if (state.graphql) entry.graphql = state.graphql
    runtime.journal.record(entry)
    // The entry's event is built only for a listener; the change is counted either way.
    if (events.listening)
      events.emit({ type: 'request', entry: journalEntry(entry) })
    else events.changed('request')
    if (!SAFE_METHODS.has(entry.method)) events.emit({ type: 'state' })
  }

  /** On a store replicas share, each request is one unit of work, in turn with every replica. */
  function answer(request: Request): Response | Promise<Response> {
    const replica = runtime.replica
    return replica
      ? replica.run(request, () => Promise.resolve(handleAlone(request)))
      : handleAlone(request)
  }

  const handleRequest = (request: Request): Promise<Response> =>
    Promise.resolve(answer(request))
  answers.set(handleRequest, answer)
  return handleRequest

  /**
   * The request's answer: at once when nothing on its way waits (a read, mostly: every stage
   * answers without waiting, no store to commit to, a journal entry that needs no body read), else
   * a promise of it. Either way it never fails: whatever throws ends as the one 500.
   */
  function handleAlone(request: Request): Response | Promise<Response> {
    const state = newState(runtime, request)
    try {
      state.startedAt = options.now()
      const at = runtime.clock.now()
      // Formatted only when the journal is read, but checked now: a clock gone wrong fails this
      // request (the one 500), not every later read of the journal.
      if (!(Math.abs(at) <= MAX_DATE_MS))
        throw new RangeError(`Invalid time value: the mock clock read ${at}.`)
      let raw: Response | Promise<Response>
      try {
        raw = route(request, state) // origin, then the API's or the control API's stages
      } catch (error) {
        raw = internalError(runtime, state, request, error)
      }
      if (!(raw instanceof Promise)) {
        const answered = routed(request, state, at, raw)
        if (!(answered instanceof Promise)) return answered
        return answered.catch((error: unknown) =>
          internalError(runtime, state, request, error),
        )
      }
      return raw
        .then(
          (response) => routed(request, state, at, response),
          (error: unknown) =>
            routed(
              request,
              state,
              at,
              internalError(runtime, state, request, error),
            ),
        )
        .catch((error: unknown) =>
          internalError(runtime, state, request, error),
        )
    } catch (error) {
      return internalError(runtime, state, request, error)
    }
  }

  /** After the stages: the commit to an attached store, the caching rules, then the journal. */
  function routed(
    request: Request,
    state: RequestState,
    at: number,
    raw: Response,
  ): Response | Promise<Response> {
    // With a store attached, what this request changed is committed before anyone hears of it.
    const committed = runtime.persistence?.finish(state.unit)
    if (committed)
      return committed
        .then(
          () => raw,
          (error: unknown) => internalError(runtime, state, request, error),
        )
        .then((response) => finished(request, state, at, response))
    return finished(request, state, at, raw)
  }

  function finished(
    request: Request,
    state: RequestState,
    at: number,
    raw: Response,
  ): Response | Promise<Response> {
    // Committed (or failed and reported): listeners hear of the operation's events now.
    runtime.stateEvents.log.announce()
    const response = state.networkError
      ? Response.error() // a fault that drops the connection
      : finalizeResponse(request, state, raw) // caching headers, 304, HEAD
    const journaled = journal(request, state, at, response) // the API's requests only
    return journaled ? journaled.then(() => response) : response
  }
}
