import type { Rule } from '../rule.ts'
import { cacheability } from './cacheability.ts'
import { conditionalRequests } from './conditional-requests.ts'
import { forbidden403 } from './forbidden-403.ts'
import { idempotencyInFlight } from './idempotency-in-flight.ts'
import { idempotencyKeyReuse } from './idempotency-key-reuse.ts'
import { idempotencyReplay } from './idempotency-replay.ts'
import { jsonMediaType } from './json-media-type.ts'
import { linksFollowState } from './links-follow-state.ts'
import { linksSelf } from './links-self.ts'
import { malformedJson400 } from './malformed-json-400.ts'
import { methodNotAllowed405 } from './method-not-allowed-405.ts'
import { notFound404 } from './not-found-404.ts'
import { pathsAreNouns } from './paths-are-nouns.ts'
import { problemDetails } from './problem-details.ts'
import { queryParameters } from './query-parameters.ts'
import { rateLimit429 } from './rate-limit-429.ts'
import { retryAfterFormat } from './retry-after-format.ts'
import { unauthenticated401 } from './unauthenticated-401.ts'
import { validationAllFields } from './validation-all-fields.ts'

/**
 * Every rule in report order. The rate-limit probe runs after the other active rules (it exhausts
 * the caller's quota), and the journal rules after it (they judge every response of the run).
 */
export const rules: readonly Rule[] = [
  problemDetails,
  validationAllFields,
  malformedJson400,
  notFound404,
  methodNotAllowed405,
  unauthenticated401,
  forbidden403,
  idempotencyReplay,
  idempotencyKeyReuse,
  idempotencyInFlight,
  linksSelf,
  linksFollowState,
  pathsAreNouns,
  queryParameters,
  cacheability,
  conditionalRequests,
  rateLimit429,
  retryAfterFormat,
  jsonMediaType,
]
