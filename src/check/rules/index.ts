/**
 * The rule registry: one line per file in this folder, each exporting one `defineRule(...)`.
 * A rule's id is its file's name; the runner, `--rules`, the reports and the rule reference all
 * read this list (tests/check/rule-registry.test.ts fails when a rule file is not here).
 */
export { cacheability } from './cacheability.ts'
export { conditionalRequests } from './conditional-requests.ts'
export { createdReadsBack } from './created-reads-back.ts'
export { forbidden403 } from './forbidden-403.ts'
export { generatedRequests } from './generated-requests.ts'
export { headerValues } from './header-values.ts'
export { idempotencyInFlight } from './idempotency-in-flight.ts'
export { idempotencyKeyReuse } from './idempotency-key-reuse.ts'
export { idempotencyReplay } from './idempotency-replay.ts'
export { jsonMediaType } from './json-media-type.ts'
export { linksFollowState } from './links-follow-state.ts'
export { linksSelf } from './links-self.ts'
export { malformedJson400 } from './malformed-json-400.ts'
export { mergePatch } from './merge-patch.ts'
export { methodNotAllowed405 } from './method-not-allowed-405.ts'
export { notFound404 } from './not-found-404.ts'
export { pathsAreNouns } from './paths-are-nouns.ts'
export { problemDetails } from './problem-details.ts'
export { queryParameters } from './query-parameters.ts'
export { responsesMatchDescription } from './responses-match-description.ts'
export { rateLimit429 } from './rate-limit-429.ts'
export { retryAfterFormat } from './retry-after-format.ts'
export { unauthenticated401 } from './unauthenticated-401.ts'
export { validationAllFields } from './validation-all-fields.ts'
