import type { RuleId } from './check-types.ts'

/** Every rule, in the order reports list them. */
export const ruleIds: readonly RuleId[] = [
  'problem-details',
  'validation-all-fields',
  'malformed-json-400',
  'not-found-404',
  'method-not-allowed-405',
  'unauthenticated-401',
  'forbidden-403',
  'idempotency-replay',
  'idempotency-key-reuse',
  'idempotency-in-flight',
  'links-self',
  'links-follow-state',
  'paths-are-nouns',
  'query-parameters',
  'cacheability',
  'conditional-requests',
  'rate-limit-429',
  'retry-after-format',
  'json-media-type',
]
