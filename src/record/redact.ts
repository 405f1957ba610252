import type { Exchange, Header } from './exchange.ts'

/** What was replaced, by where and name: never the value itself. */
export interface Redaction {
  where:
    | 'request header'
    | 'response header'
    | 'query parameter'
    | 'request body'
    | 'response body'
  name: string
  count: number
}

export const REDACTED = '[redacted]'

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'set-cookie2',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
])

/** Names that hold credentials wherever they appear: a header, a query parameter, a JSON member. */
const SECRET_NAME =
  /(pass(word|wd)?|secret|token|api[-_]?key|apikey|access[-_]?key|private[-_]?key|credential|session[-_]?id|signature|^sig$|^auth$|^auth[-_]|authorization|^key$|cookie)/i

/** Members whose values are identifiers or addresses, never read as tokens by their look alone. */
const IDENTIFIER_NAME = /(^id$|Id$|_id$|^href$|url$|^etag$|^object$|^type$)/i

/** Headers that carry random-looking values by design: validators, keys, ids, links. */
const PLAIN_HEADERS = new Set([
  'etag',
  'if-match',
  'if-none-match',
  'idempotency-key',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'link',
  'location',
  'content-type',
  'content-length',
  'accept',
  'user-agent',
  'referer',
  'host',
  'origin',
])

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TOKEN_CHARS = /^[A-Za-z0-9+/=_.~-]+$/

/** Shannon entropy in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>()
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const p = count / value.length
    bits -= p * Math.log2(p)
  }
  return bits
}

/**
 * A value that looks like a credential whatever its name: long, of token characters only, and
 * random (a JWT, an API key, a session id). Ids, dates, words and URLs do not.
 */
export function looksLikeToken(value: string): boolean {
  if (value.length < 20 || value.length > 2048) return false
  if (!TOKEN_CHARS.test(value) || UUID.test(value)) return false
  // A path (`/api/orders/4/cancel`) is an address, not a secret.
  if (value.startsWith('/')) return false
  if (/^\d+$/.test(value) || /^\d{4}-\d{2}-\d{2}/.test(value)) return false
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((c) => c.test(value)).length
  if (classes < 2) return false
  return entropy(value) >= 3.5
}

export interface RedactOptions {
  /** Header, parameter and member names (any case) that stay as recorded. */
  keep?: readonly string[]
}

/**
 * Replaces every credential in the exchanges before anything is inferred or written: credential
 * headers and cookies, query parameters and JSON members named like secrets, and token-like values
 * by entropy. Returns new exchanges and the list of what was replaced.
 */
export function redactExchanges(
  exchanges: readonly Exchange[],
  options: RedactOptions = {},
): { exchanges: Exchange[]; redactions: Redaction[] } {
  const keep = new Set((options.keep ?? []).map((k) => k.toLowerCase()))
  const counts = new Map<string, Redaction>()
  const note = (where: Redaction['where'], name: string) => {
    const key = `${where}\u0000${name.toLowerCase()}`
    const found = counts.get(key)
    if (found) found.count++
    else counts.set(key, { where, name: name.toLowerCase(), count: 1 })
  }
  const kept = (name: string) => keep.has(name.toLowerCase())

  const redactHeaders = (
    headers: readonly Header[],
    where: 'request header' | 'response header',
  ) =>
    headers.map((h) => {
      const name = h.name.toLowerCase()
      if (kept(name)) return h
      if (
        SECRET_HEADERS.has(name) ||
        SECRET_NAME.test(name) ||
        (!PLAIN_HEADERS.has(name) &&
          looksLikeToken(h.value.replace(/^(Bearer|Basic|Token)\s+/i, '')))
      ) {
        note(where, name)
        // The scheme stays, and a parameter name before the credential (`Token token=`): how a
        // backend takes its credential is part of its model.
        const scheme = (
          name === 'authorization'
            ? /^[A-Za-z][\w.-]*\s+(?:[A-Za-z_]+=)?/
            : /^(?:Bearer|Basic|Token)\s+/i
        ).exec(h.value)?.[0]
        return {
          name: h.name,
          value: scheme ? `${scheme.replace(/\s+/, ' ')}${REDACTED}` : REDACTED,
        }
      }
      return h
    })

  const redactValue = (
    value: unknown,
    where: 'request body' | 'response body',
    name: string,
  ): unknown => {
    if (typeof value === 'string') {
      if (kept(name)) return value
      if (
        (name !== '' && SECRET_NAME.test(name)) ||
        (!IDENTIFIER_NAME.test(name) && looksLikeToken(value))
      ) {
        note(where, name === '' ? '(value)' : name)
        return REDACTED
      }
      return value
    }
    if (Array.isArray(value))
      return value.map((v) => redactValue(v, where, name))
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {}
      for (const [key, v] of Object.entries(value)) {
        if (
          !kept(key) &&
          SECRET_NAME.test(key) &&
          v !== null &&
          typeof v !== 'object' &&
          typeof v !== 'boolean'
        ) {
          note(where, key)
          out[key] = REDACTED
        } else out[key] = redactValue(v, where, key)
      }
      return out
    }
    return value
  }

  const redactUrl = (url: URL) => {
    const copy = new URL(url)
    copy.username = ''
    copy.password = ''
    for (const [name, value] of [...copy.searchParams]) {
      if (kept(name)) continue
      if (SECRET_NAME.test(name) || looksLikeToken(value)) {
        note('query parameter', name)
        copy.searchParams.set(name, REDACTED)
      }
    }
    return copy
  }

  const redacted = exchanges.map((e) => ({
    ...e,
    url: redactUrl(e.url),
    requestHeaders: redactHeaders(e.requestHeaders, 'request header'),
    responseHeaders: redactHeaders(e.responseHeaders, 'response header'),
    requestBody: redactValue(e.requestBody, 'request body', ''),
    responseBody: redactValue(e.responseBody, 'response body', ''),
  }))
  return { exchanges: redacted, redactions: [...counts.values()] }
}
