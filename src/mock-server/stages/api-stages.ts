import type { Stage } from '../request-state.ts'
import type { Runtime } from '../runtime.ts'
import { authenticate, authenticateAnswers } from './authenticate.ts'
import { authorize, authorizeAnswers } from './authorize.ts'
import { checkItem, checkItemAnswers } from './check-item.ts'
import { dispatch, dispatchAnswers } from './dispatch.ts'
import { faults, faultsAnswers } from './faults.ts'
import { idempotency, idempotencyAnswers } from './idempotency.ts'
import { latency } from './latency.ts'
import { mediaType, mediaTypeAnswers } from './media-type.ts'
import { parseJson, parseJsonAnswers } from './parse-json.ts'
import { prefer, preferAnswers } from './prefer.ts'
import { rateLimit, rateLimitAnswers } from './rate-limit.ts'
import { readBody, readBodyAnswers } from './read-body.ts'
import { requiredHeaders, requiredHeadersAnswers } from './required-headers.ts'
import { routeMatch, routeMatchAnswers } from './route-match.ts'
import type { StageAnswers } from './stage-answers.ts'

interface ApiStage {
  /** The stage for this instance; `null` when it has nothing to check on this API. */
  stage: (runtime: Runtime) => Stage | null
  answers: StageAnswers
  /**
   * Only acts on a request whose method carries a body (`BODY_METHODS`): for any other it calls
   * `next()` and nothing else, so such a request skips it.
   */
  bodyOnly?: true
}

const NOTHING: StageAnswers = {}

/**
 * What `handle-request.ts` answers before any stage: a request from a web page whose origin the mock
 * does not answer (`security/origin-policy.ts`) is refused on every path.
 */
export const ORIGIN_ANSWERS: StageAnswers = {
  problems: () => ['origin-not-allowed'],
}

/**
 * The API's stages, top to bottom, each with what it may answer. A stage answers by throwing a
 * `ProblemError` (or returning a response); otherwise it calls `next()`. `handle-request.ts` runs
 * them; the OpenAPI description lists, per endpoint, what each one may add.
 */
export const API_STAGES: readonly ApiStage[] = [
  // injected network and gateway faults (lose-response acts after the operation)
  { stage: () => faults, answers: faultsAnswers },
  // 404 unknown path, 405 wrong method, 204 OPTIONS
  {
    stage: (runtime) => routeMatch(runtime.basePath, runtime.api.routes),
    answers: routeMatchAnswers,
  },
  { stage: () => authenticate, answers: authenticateAnswers }, // 401
  // 400 a header the API requires is missing (an API that requires none skips it)
  {
    stage: (runtime) =>
      runtime.api.requiredHeaders.length > 0 ? requiredHeaders : null,
    answers: requiredHeadersAnswers,
  },
  { stage: () => rateLimit, answers: rateLimitAnswers }, // 429
  { stage: () => authorize, answers: authorizeAnswers }, // 403
  { stage: () => readBody, answers: readBodyAnswers, bodyOnly: true }, // 413
  // 415 and 400 look at the body read above: none was, on a method without one
  { stage: () => mediaType, answers: mediaTypeAnswers, bodyOnly: true },
  { stage: () => parseJson, answers: parseJsonAnswers, bodyOnly: true },
  { stage: () => checkItem, answers: checkItemAnswers }, // 404 unknown or hidden item
  // Prefer: return=minimal on a write's success, its replay included
  { stage: () => prefer, answers: preferAnswers },
  // 400/409/422 key checks; stores the result (POST alone)
  { stage: () => idempotency, answers: idempotencyAnswers, bodyOnly: true },
  // simulated processing time, with the key in flight
  { stage: () => latency, answers: NOTHING },
  // the handler, with its item loaded: 412 → 422 → 409 → the operation
  { stage: () => dispatch, answers: dispatchAnswers },
]
