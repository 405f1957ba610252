/**
 * How an API takes its credential, which status its validation errors have, which request headers
 * it requires and which media types its `PATCH` takes: the parts of an API's own dialect that sit
 * in front of its resources. hypermock's conventions are the defaults.
 */

/**
 * An API key sent in a header, a query parameter or a cookie (OpenAPI's `apiKey` scheme), with the
 * text before the key where the API has one (`Authorization: Token token=<key>`).
 */
export interface ApiKeyAuth {
  type: 'apiKey'
  in: 'header' | 'query' | 'cookie'
  /** The header, query parameter or cookie that carries the key (`X-API-Key`, `api_key`). */
  name: string
  /** Text the value starts with before the key itself (`Token token=`). @default '' */
  prefix?: string
}

/**
 * How a request proves who it comes from: `'bearer'` (`Authorization: Bearer <token>`, RFC 6750),
 * `'basic'` (`Authorization: Basic base64(user:password)`, RFC 7617: the token is `user:password`),
 * an API key, or `false` for none. The declared `tokens` are the credentials in every scheme.
 */
export type AuthDeclaration = 'bearer' | 'basic' | ApiKeyAuth | false

/** The media types a `PATCH` on an item takes. */
export type PatchMediaType =
  | 'application/merge-patch+json'
  | 'application/json'
  | 'application/json-patch+json'

/** A `PATCH` on an item, by the media types it takes. */
export interface PatchDeclaration {
  /**
   * `application/merge-patch+json` and `application/json` are read as a JSON Merge Patch (RFC
   * 7396), `application/json-patch+json` as a JSON Patch (RFC 6902, a list of operations).
   * @default ['application/merge-patch+json']
   */
  accepts?: readonly PatchMediaType[]
  /**
   * The method an update comes with: `PATCH`, or `POST` on the item, as Stripe updates a record
   * (`POST /v1/customers/cus_…`). The body is read as a merge patch either way. @default 'PATCH'
   */
  method?: 'PATCH' | 'POST'
}

/** The auth scheme with its defaults filled in: what the authenticate stage and the description read. */
export type AuthScheme =
  | { type: 'none' }
  | { type: 'bearer' }
  | { type: 'basic' }
  | {
      type: 'apiKey'
      in: 'header' | 'query' | 'cookie'
      name: string
      prefix: string
    }

export const PATCH_TYPES: readonly PatchMediaType[] = [
  'application/merge-patch+json',
  'application/json',
  'application/json-patch+json',
]

export const JSON_PATCH = 'application/json-patch+json'

/** The problem type of a request without a header the API requires. */
export const MISSING_HEADER = 'missing-header'

export const missingHeaderProblem = {
  status: 400,
  title: 'Required header missing',
  summary:
    'The API requires a header on every request (a tenant id, an API version) and this request lacks it. `missingHeaders` names each one: send them and try again.',
  stored: false,
}

export function authScheme(auth: AuthDeclaration | undefined): AuthScheme {
  if (auth === false) return { type: 'none' }
  if (auth === undefined || auth === 'bearer') return { type: 'bearer' }
  if (auth === 'basic') return { type: 'basic' }
  return {
    type: 'apiKey',
    in: auth.in,
    name: auth.name,
    prefix: auth.prefix ?? '',
  }
}

/** How a client sends `token` in this scheme, in words: `Authorization: Bearer <token>`. */
export function credentialHint(scheme: AuthScheme, token = '<token>') {
  switch (scheme.type) {
    case 'none':
      return 'no credential'
    case 'bearer':
      return `Authorization: Bearer ${token}`
    case 'basic':
      return `Authorization: Basic base64(${token === '<token>' ? '<user>:<password>' : token})`
    default:
      return scheme.in === 'header'
        ? `${scheme.name}: ${scheme.prefix}${token}`
        : scheme.in === 'query'
          ? `the query parameter ${scheme.name}=${scheme.prefix}${token}`
          : `the cookie ${scheme.name}=${scheme.prefix}${token}`
  }
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Every mistake in the dialect's parts of a declaration, reported with the others at creation. */
export function checkDialectAuth(
  declaration: {
    auth?: unknown
    authAlso?: unknown
    validationStatus?: unknown
    requiredHeaders?: unknown
  },
  issue: (at: string, message: string) => void,
) {
  checkScheme(declaration.auth, 'auth', issue)
  const also = declaration.authAlso
  if (also !== undefined) {
    if (!Array.isArray(also))
      issue('authAlso', 'must be an array of auth schemes')
    else
      also.forEach((scheme: unknown, i) => {
        if (scheme === false || scheme === undefined)
          issue(`authAlso[${i}]`, "must be 'bearer', 'basic' or an API key")
        else checkScheme(scheme, `authAlso[${i}]`, issue)
      })
  }
  const status = declaration.validationStatus
  if (status !== undefined && status !== 400 && status !== 422)
    issue('validationStatus', 'must be 400 or 422')
  const headers = declaration.requiredHeaders
  if (headers !== undefined) {
    if (!Array.isArray(headers))
      issue('requiredHeaders', 'must be an array of header names')
    else
      headers.forEach((name: unknown, i) => {
        if (typeof name !== 'string' || !HEADER_NAME.test(name))
          issue(
            `requiredHeaders[${i}]`,
            'must be a header name such as "X-Tenant-Id"',
          )
      })
  }
}

/** Every mistake in one auth scheme, reported at `at` (`auth`, `authAlso[1]`). */
function checkScheme(
  auth: unknown,
  at: string,
  issue: (at: string, message: string) => void,
) {
  if (
    auth === undefined ||
    auth === false ||
    auth === 'bearer' ||
    auth === 'basic'
  )
    return
  const key = auth as Partial<ApiKeyAuth> | null
  if (typeof key !== 'object' || key === null || key.type !== 'apiKey') {
    issue(
      at,
      "must be 'bearer', 'basic', false, or { type: 'apiKey', in, name }",
    )
    return
  }
  if (key.in !== 'header' && key.in !== 'query' && key.in !== 'cookie')
    issue(`${at}.in`, "must be 'header', 'query' or 'cookie'")
  if (typeof key.name !== 'string' || !HEADER_NAME.test(key.name))
    issue(
      `${at}.name`,
      'must name the header, query parameter or cookie (a token such as "X-API-Key")',
    )
  if (key.prefix !== undefined && typeof key.prefix !== 'string')
    issue(`${at}.prefix`, 'must be a string such as "Token token="')
}

/** Every mistake in a resource's `patch`. */
export function checkPatch(
  patch: unknown,
  at: string,
  issue: (at: string, message: string) => void,
) {
  if (patch === undefined || typeof patch === 'boolean') return
  const accepts = (patch as PatchDeclaration | null)?.accepts
  const method = (patch as PatchDeclaration | null)?.method
  if (typeof patch !== 'object' || patch === null)
    issue(at, 'must be true, false, or { accepts: [...], method }')
  else if (method !== undefined && method !== 'PATCH' && method !== 'POST')
    issue(`${at}.method`, 'must be "PATCH" or "POST"')
  if (typeof patch === 'object' && patch !== null && accepts !== undefined)
    if (!Array.isArray(accepts) || accepts.length === 0)
      issue(
        `${at}.accepts`,
        `must list one or more of ${PATCH_TYPES.join(', ')}`,
      )
    else
      accepts.forEach((type: unknown, i) => {
        if (!PATCH_TYPES.includes(type as PatchMediaType))
          issue(
            `${at}.accepts[${i}]`,
            `must be one of ${PATCH_TYPES.join(', ')}`,
          )
      })
}
