import type { ProblemSlug } from './catalogue.ts'

/** The concept page each built-in problem type is explained on: `docs/<page>#<slug>`. */
export const problemConcepts: Record<ProblemSlug, string> = {
  'invalid-json': 'concepts/validation.md',
  'invalid-query': 'concepts/links.md',
  'invalid-snapshot': 'concepts/validation.md',
  'invalid-idempotency-key': 'concepts/idempotency.md',
  'idempotency-key-missing': 'concepts/idempotency.md',
  unauthenticated: 'concepts/authentication.md',
  forbidden: 'concepts/authentication.md',
  'origin-not-allowed': 'concepts/authentication.md',
  'not-found': 'concepts/resources.md',
  'method-not-allowed': 'concepts/resources.md',
  'state-conflict': 'concepts/links.md',
  'version-mismatch': 'concepts/caching.md',
  'idempotency-key-in-use': 'concepts/idempotency.md',
  'still-referenced': 'concepts/resources.md',
  'already-exists': 'concepts/resources.md',
  'limit-exceeded': 'concepts/resources.md',
  'precondition-failed': 'concepts/caching.md',
  'content-too-large': 'concepts/resources.md',
  'unsupported-media-type': 'concepts/resources.md',
  'validation-failed': 'concepts/validation.md',
  'idempotency-key-reused': 'concepts/idempotency.md',
  'rate-limited': 'concepts/rate-limits.md',
  'internal-error': 'concepts/problems.md',
  'bad-gateway': 'concepts/problems.md',
  'service-unavailable': 'concepts/problems.md',
  'store-unavailable': 'concepts/problems.md',
  'gateway-timeout': 'concepts/problems.md',
}

/** Where a problem type is explained: `concepts/<page>.md#<slug>`. */
export function problemConcept(slug: ProblemSlug) {
  return `${problemConcepts[slug]}#${slug}`
}
