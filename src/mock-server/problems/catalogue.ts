/**
 * Every problem type the mock can answer with. One entry per slug: the HTTP status, the fixed title,
 * and the prose that `GET /api/problems/<slug>` renders for people.
 */
export const problemCatalogue = {
  'invalid-json': {
    status: 400,
    title: 'Malformed JSON body',
    summary:
      'The request body is not valid JSON, or it is JSON but not an object. Fix the body; sending it again unchanged gives the same answer.',
  },
  'invalid-query': {
    status: 400,
    title: 'Invalid query parameters',
    summary:
      'One or more query parameters are unknown or malformed. `errors` lists every bad parameter at once, each with `field` (the parameter name) and `message`.',
  },
  'invalid-snapshot': {
    status: 400,
    title: 'Invalid state snapshot',
    summary:
      'The snapshot sent to `PUT /__mock/state` is JSON, but not a state the mock can hold: a member has the wrong shape, an id appears twice, or a row names one that does not exist. `errors` lists each, with `field`, `message` and `pointer`. Nothing was changed.',
  },
  'invalid-idempotency-key': {
    status: 400,
    title: 'Invalid Idempotency-Key header',
    summary:
      'An `Idempotency-Key` must be 1 to 255 visible ASCII characters (a quoted structured-field string is unquoted first).',
  },
  'idempotency-key-missing': {
    status: 400,
    title: 'Idempotency-Key header required',
    summary:
      'The mock runs in strict mode (`requireIdempotencyKey`), and this operation is declared `strictKey`: it must carry an `Idempotency-Key`, generated once per logical operation and reused on every retry.',
  },
  unauthenticated: {
    status: 401,
    title: 'Authentication required',
    summary:
      'The request carries no credential, or one that is unknown, expired or not a Bearer token. Send `Authorization: Bearer <token>`; `WWW-Authenticate` says what was wrong.',
  },
  forbidden: {
    status: 403,
    title: 'Insufficient scope',
    summary:
      'The credential is valid but lacks the scope this request needs (a read-only token on a write). `WWW-Authenticate` names the missing scope.',
  },
  'origin-not-allowed': {
    status: 403,
    title: 'Origin not allowed',
    summary:
      'The request came from a web page whose origin the mock does not answer. By default only loopback origins (localhost, 127.0.0.1, [::1]) and the mock’s own origin may call it, and the control API never answers a cross-site request. Allow an origin with `--allow-origin` (server) or the `allowedOrigins` option.',
  },
  'not-found': {
    status: 404,
    title: 'Resource not found',
    summary:
      'Nothing is at this URL, or the item belongs to another customer (existence is not disclosed).',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    summary:
      'The resource does not support this method. The `Allow` header and the `allowed` member list the methods it does support.',
  },
  'state-conflict': {
    status: 409,
    title: 'Action not allowed in the current state',
    summary:
      'The resource is in a state that does not offer this action (a stale link was followed). `currentStatus` and `allowedActions` say what is possible now; re-read the resource and follow its links.',
  },
  'version-mismatch': {
    status: 409,
    title: 'Version mismatch',
    summary:
      'The `version` in the body differs from the stored one: someone changed the resource since you read it. `currentVersion` is the stored one; re-read, merge, and send again.',
  },
  'idempotency-key-in-use': {
    status: 409,
    title: 'Idempotency key in use',
    summary:
      'A request with this `Idempotency-Key` is still being processed. Wait `Retry-After` seconds and send the same request again: you will get its stored result.',
  },
  'still-referenced': {
    status: 409,
    title: 'Still referenced',
    summary:
      'The record cannot be deleted while another record names it (a relation declared to refuse deletes). `referencedBy` names one such record: delete or change it first.',
  },
  'already-exists': {
    status: 409,
    title: 'Already exists',
    summary:
      'A create would have stored its new record under an id another record has: nothing was changed, and a create never replaces a record. `existing` names the record (`resource` and `id`). Read it, or change it with `PUT` or `PATCH`; a create with no chosen id gets a fresh one.',
  },
  'limit-exceeded': {
    status: 409,
    title: 'Limit exceeded',
    summary:
      'The mock holds as many of something as it allows (fault rules, idempotency keys): `limit` names it and `max` gives its size. Free some (delete rules, wait for keys to expire, or reset) before sending again.',
  },
  'precondition-failed': {
    status: 412,
    title: 'Precondition failed',
    summary:
      'The `If-Match` header does not match the current `ETag`: the resource changed since you read it. Re-read it and try again.',
  },
  'content-too-large': {
    status: 413,
    title: 'Request body too large',
    summary: 'The request body is larger than `maxBytes`.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported media type',
    summary:
      'Request bodies must be sent as `Content-Type: application/json`. The `Accept-Post` (or `Accept`) header says so too.',
  },
  'validation-failed': {
    status: 422,
    title: 'Validation failed',
    summary:
      'The body is well-formed JSON but some values are invalid. `errors` lists every invalid field at once, each with `field`, `message` and a JSON `pointer`. Fix them all; do not retry unchanged.',
  },
  'idempotency-key-reused': {
    status: 422,
    title: 'Idempotency key reused with a different request',
    summary:
      'This `Idempotency-Key` was already used for a request with a different body. Generate a new key for a new logical operation.',
  },
  'rate-limited': {
    status: 429,
    title: 'Too many requests',
    summary:
      'The caller is over its rate limit. Wait `Retry-After` seconds; the `RateLimit` and `RateLimit-Policy` headers describe the quota.',
  },
  'internal-error': {
    status: 500,
    title: 'Internal server error',
    summary:
      'The server failed (an injected fault, or an unexpected error caught at the edge). The request may be retried later.',
  },
  'bad-gateway': {
    status: 502,
    title: 'Bad gateway',
    summary:
      'An injected gateway fault: an upstream answered badly. Retry later.',
  },
  'service-unavailable': {
    status: 503,
    title: 'Service unavailable',
    summary:
      'The service is temporarily unable to answer (an injected fault). Retry later, after `Retry-After` seconds when present.',
  },
  'store-unavailable': {
    status: 503,
    title: 'Store unavailable',
    summary:
      'The database the mock keeps its state in (PostgreSQL, shared by replicas) cannot be reached, so nothing was read or changed. Retry after `Retry-After` seconds; the server recovers by itself when the database is back.',
  },
  'gateway-timeout': {
    status: 504,
    title: 'Gateway timeout',
    summary:
      'An injected gateway fault: an upstream did not answer in time. Retry later.',
  },
} as const satisfies Record<
  string,
  { status: number; title: string; summary: string }
>

export type ProblemSlug = keyof typeof problemCatalogue

export const problemSlugs = Object.keys(problemCatalogue) as ProblemSlug[]

export function isProblemSlug(value: string): value is ProblemSlug {
  return Object.hasOwn(problemCatalogue, value)
}
