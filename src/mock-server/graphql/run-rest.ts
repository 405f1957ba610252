import type { Principal } from '../auth/tokens.ts'
import { ProblemError } from '../problems/problem-error.ts'
import { problemResponse } from '../problems/problem-response.ts'
import type { RequestState, Stage } from '../request-state.ts'
import { runStages, type StageErrorHandler } from '../run-stages.ts'
import type { Runtime } from '../runtime.ts'
import { authorize } from '../stages/authorize.ts'
import { checkItem } from '../stages/check-item.ts'
import { dispatch } from '../stages/dispatch.ts'
import { mediaType } from '../stages/media-type.ts'
import { parseJson } from '../stages/parse-json.ts'
import { readBody } from '../stages/read-body.ts'
import { routeMatch } from '../stages/route-match.ts'

/**
 * The stages a GraphQL field's REST operation runs: what the GraphQL request as a whole has not
 * already passed. Faults, credentials, required headers, rate limits, the key and the latency
 * apply once to the GraphQL request; the scope (`authorize`), the body's checks, the item's
 * visibility and the convention's handler apply to each operation, exactly as over REST.
 */
function operationStages(runtime: Runtime): Stage[] {
  return [
    routeMatch(runtime.basePath, runtime.api.routes), // the convention's route
    authorize, // 403: a write needs the write scope
    readBody, // 413
    mediaType, // 415
    parseJson, // 400
    checkItem, // 404 unknown or hidden item
    dispatch, // 412 → 422 → 409 → the operation
  ]
}

const stagesOf = new WeakMap<Runtime, Stage[]>()

/** One REST operation on behalf of a GraphQL request: its method, path below the base and body. */
export interface RestCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
  contentType?: string
}

/** Headers of the GraphQL request an operation must not inherit: they belong to that request. */
const OWN_HEADERS = [
  'content-type',
  'content-length',
  'accept',
  'idempotency-key',
  'prefer',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
]

/**
 * Runs one REST operation through the engine's own route, checks and handler for a principal the
 * GraphQL request already authenticated, and answers its REST response. Its writes reach an
 * attached store before it resolves, as a REST request's do.
 */
export async function runRest(
  runtime: Runtime,
  outer: Request,
  outerState: RequestState,
  principal: Principal,
  call: RestCall,
): Promise<Response> {
  let stages = stagesOf.get(runtime)
  if (!stages) {
    stages = operationStages(runtime)
    stagesOf.set(runtime, stages)
  }
  const url = new URL(`${runtime.basePath}${call.path}`, outerState.url)
  const headers = new Headers(outer.headers)
  for (const name of OWN_HEADERS) headers.delete(name)
  headers.set('Accept', 'application/json')
  const hasBody = call.body !== undefined
  if (hasBody)
    headers.set('Content-Type', call.contentType ?? 'application/json')
  const request = new Request(url, {
    method: call.method,
    headers,
    ...(hasBody && { body: JSON.stringify(call.body) }),
    signal: outer.signal,
  })
  const state: RequestState = {
    requestId: outerState.requestId,
    startedAt: outerState.startedAt,
    url,
    path: url.pathname,
    search: url.search,
    route: null,
    principal,
    bodyBytes: null,
    body: undefined,
    idempotencyKey: null,
    claim: null,
    committedIn: null,
    unit: null,
    replayed: false,
    networkError: false,
    fault: null,
    graphql: null,
    checked: null,
  }
  let unexpected: unknown = undefined
  const onError: StageErrorHandler = (error) => {
    if (!(error instanceof ProblemError)) unexpected = error
    const problem =
      error instanceof ProblemError
        ? error
        : new ProblemError('internal-error', {
            detail:
              'The mock failed unexpectedly while answering this request.',
          })
    return problemResponse(problem.slug, problem.init, {
      basePath: runtime.baseHref,
      problems: runtime.api.problems,
      requestPath: state.path,
      requestId: state.requestId,
      members: runtime.api.declaration.problemMembers,
    })
  }
  const response = await runStages(stages, onError, request, state, runtime)
  if (unexpected !== undefined && !request.signal.aborted)
    runtime.options.onUnhandledError(unexpected, request)
  const committed = runtime.persistence?.finish(state.unit)
  if (committed) await committed
  return response
}
