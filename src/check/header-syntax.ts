import LinkHeader from 'http-link-header'
import { parseDictionary, parseList } from 'structured-headers'
import { retryAfterMs } from './retry-after.ts'

/** The methods RFC 9110 and RFC 5789 define, spelt as they must be (methods are case-sensitive). */
const METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
  'QUERY',
])

/** `Allow`'s methods, or `null` when the value is not a list of known methods (`Allow: string`). */
export function parseAllow(value: string | null): string[] | null {
  if (value === null) return null
  if (value.trim() === '') return []
  const methods = value.split(',').map((part) => part.trim())
  return methods.every((method) => METHODS.has(method)) ? methods : null
}

/** RFC 9110 entity-tag: an optional `W/` and a quoted opaque tag. */
export const isEntityTag = (value: string) =>
  /^(W\/)?"[\x21\x23-\x7E\x80-\xFF]*"$/.test(value.trim())

/** An RFC 8288 `Link` value: every link a `<URI-reference>` with a `rel`. */
export function linkProblem(value: string): string | null {
  try {
    const refs = LinkHeader.parse(value).refs
    if (refs.length === 0) return 'no link in it'
    const bare = refs.find((ref) => !ref.rel)
    return bare ? `<${bare.uri}> has no rel` : null
  } catch (error) {
    return (error as Error).message
  }
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"'
const PARAM = `${TOKEN}\\s*=\\s*(?:${TOKEN}|${QUOTED})`
const CHALLENGE = `${TOKEN}(?: +(?:[A-Za-z0-9._~+/-]+=*|${PARAM}(?:\\s*,\\s*${PARAM})*))?`
const CHALLENGES = new RegExp(`^${CHALLENGE}(?:\\s*,\\s*${CHALLENGE})*$`)
/** Schemes in IANA's HTTP Authentication Scheme registry (compared case-insensitively). */
const SCHEMES = new Set(
  [
    'basic',
    'bearer',
    'concealed',
    'digest',
    'dpop',
    'gnap',
    'hoba',
    'mutual',
    'negotiate',
    'oauth',
    'privatetoken',
    'scram-sha-1',
    'scram-sha-256',
    'vapid',
  ].map((scheme) => scheme.toLowerCase()),
)

/**
 * An RFC 9110 `WWW-Authenticate`: challenges whose first scheme is a registered one, or one the
 * API's description names for a credential no registered scheme carries (an API key: `ApiKey`,
 * `Token`), passed as `ownSchemes`.
 */
export function wwwAuthenticateProblem(
  value: string,
  ownSchemes = false,
): string | null {
  const trimmed = value.trim()
  if (!CHALLENGES.test(trimmed)) return 'not a list of challenges'
  const scheme = /^[^\s,]+/.exec(trimmed)?.[0] ?? ''
  return SCHEMES.has(scheme.toLowerCase()) || ownSchemes
    ? null
    : `"${scheme}" is not an HTTP authentication scheme`
}

/** `Retry-After`: delta-seconds or an HTTP-date (retry-after-format asks for seconds alone). */
export const isRetryAfter = (value: string) => retryAfterMs(value, 0) !== null

/** RateLimit fields are RFC 9651 structured fields: a List (or the older drafts' Dictionary). */
export function structuredFieldProblem(value: string): string | null {
  try {
    parseList(value)
    return null
  } catch (error) {
    try {
      parseDictionary(value)
      return null
    } catch {
      return (error as Error).message
    }
  }
}
