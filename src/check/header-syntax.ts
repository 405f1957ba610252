import LinkHeader from 'http-link-header'
import { parseDictionary, parseList, type BareItem } from 'structured-headers'
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

const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

/**
 * RateLimit fields by draft-ietf-httpapi-ratelimit-headers: RFC 9651 structured fields. The
 * current drafts' List of policies, each a String with its counts as parameters (`RateLimit:
 * "default";r=50;t=30`, `RateLimit-Policy: "default";q=100;w=60`), or the older drafts' Dictionary
 * (`RateLimit: limit=100, remaining=50, reset=30`) and List of quotas (`RateLimit-Policy:
 * 100;w=60`). The reason a value is none of these, `null` for one that is.
 */
export function structuredFieldProblem(
  value: string,
  field: 'ratelimit' | 'ratelimit-policy' = 'ratelimit',
): string | null {
  const count = field === 'ratelimit' ? 'r' : 'q'
  let list: ReturnType<typeof parseList> | undefined
  let listProblem: string
  try {
    list = parseList(value)
    const items = list.filter(
      (member): member is [BareItem, Map<string, BareItem>] =>
        !Array.isArray(member[0]),
    )
    const policies =
      items.length === list.length &&
      items.length > 0 &&
      items.every(
        ([name, parameters]) =>
          typeof name === 'string' && isCount(parameters.get(count)),
      )
    const quotas =
      field === 'ratelimit-policy' &&
      items.length === list.length &&
      items.length > 0 &&
      items.every(([quota]) => isCount(quota))
    if (policies || quotas) return null
    listProblem = `not a list of policies, each a quoted name with ${count}= its count`
  } catch (error) {
    listProblem = (error as Error).message
  }
  if (field === 'ratelimit')
    try {
      const dictionary = parseDictionary(value)
      const number = (key: string) => {
        const member = dictionary.get(key)
        return member !== undefined && !Array.isArray(member[0])
          ? member[0]
          : undefined
      }
      if (isCount(number('remaining')) && isCount(number('reset'))) return null
    } catch {
      // Not a Dictionary either: the List's reason stands.
    }
  return listProblem
}
