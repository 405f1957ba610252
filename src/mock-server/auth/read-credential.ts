import type { AuthScheme } from '../declare/dialect-auth.ts'
import { AUTH_REALM } from './tokens.ts'

/** What a request carries in the API's scheme: nothing, a credential, or something else (why). */
export type ReadCredential =
  | { kind: 'missing' }
  | { kind: 'malformed'; why: string }
  | { kind: 'credential'; token: string }

export type Credentialed = Exclude<AuthScheme, { type: 'none' }>

const REALM = `realm="${AUTH_REALM}"`

function cookie(header: string | null, name: string) {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name)
      return part.slice(at + 1).trim()
  }
  return undefined
}

const SPACE = /\s/

function fromAuthorization(header: string | null, scheme: 'Bearer' | 'Basic') {
  if (header === null) return undefined
  // The form nearly every client sends (`Bearer <token>`), read without the general pattern.
  if (header.startsWith(scheme) && header.charCodeAt(scheme.length) === 32) {
    const value = header.slice(scheme.length + 1)
    if (value !== '' && !SPACE.test(value)) return { value }
  }
  if (header.trim() === '') return undefined
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header)
  if (!match || match[1]!.toLowerCase() !== scheme.toLowerCase())
    return {
      malformed: `The Authorization header must use the ${scheme} scheme`,
    }
  return { value: match[2]! }
}

/** RFC 7617: base64 of `user:password`, read as UTF-8. */
function decodeBasic(value: string) {
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return text.includes(':') ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * The credential a request carries where the API's scheme puts it. The URL is read only for a
 * key in the query string.
 */
export function readCredential(
  scheme: Credentialed,
  request: Request,
  target: { readonly url: URL },
): ReadCredential {
  const headers = request.headers
  if (scheme.type === 'bearer' || scheme.type === 'basic') {
    const name = scheme.type === 'bearer' ? 'Bearer' : 'Basic'
    const read = fromAuthorization(headers.get('authorization'), name)
    if (read === undefined) return { kind: 'missing' }
    if ('malformed' in read) return { kind: 'malformed', why: read.malformed }
    if (scheme.type === 'bearer')
      return { kind: 'credential', token: read.value }
    const pair = decodeBasic(read.value)
    return pair === undefined
      ? {
          kind: 'malformed',
          why: 'The Basic credentials must be base64 of user:password',
        }
      : { kind: 'credential', token: pair }
  }
  const raw =
    scheme.in === 'header'
      ? (headers.get(scheme.name) ?? undefined)
      : scheme.in === 'query'
        ? (target.url.searchParams.get(scheme.name) ?? undefined)
        : cookie(headers.get('cookie'), scheme.name)
  if (raw === undefined || raw.trim() === '') return { kind: 'missing' }
  const value = raw.trim()
  if (!value.startsWith(scheme.prefix))
    return {
      kind: 'malformed',
      why: `The ${where(scheme)} must start with "${scheme.prefix}"`,
    }
  const token = value.slice(scheme.prefix.length).trim()
  return token === ''
    ? { kind: 'missing' }
    : // `Token token="abc"`: a quoted key is the key.
      { kind: 'credential', token: token.replace(/^"(.*)"$/, '$1') }
}

/** `the X-API-Key header`, `the api_key query parameter`, `the session cookie`. */
export function where(scheme: Extract<AuthScheme, { type: 'apiKey' }>) {
  return scheme.in === 'header'
    ? `${scheme.name} header`
    : scheme.in === 'query'
      ? `${scheme.name} query parameter`
      : `${scheme.name} cookie`
}

/**
 * The 401's `WWW-Authenticate` challenge in the API's scheme: Bearer with RFC
 * 6750's error, Basic with RFC 7617's charset, and for an API key the scheme word its prefix
 * names (`Token` for `Token token=`, as Rails answers), else `ApiKey` naming where the key goes.
 */
export function challenge(scheme: Credentialed, error?: string) {
  switch (scheme.type) {
    case 'bearer':
      return error === undefined
        ? `Bearer ${REALM}`
        : `Bearer ${REALM}, error="invalid_token", error_description="${error}"`
    case 'basic':
      return `Basic ${REALM}, charset="UTF-8"`
    default: {
      const word = /^([A-Za-z][\w!#$%&'*+.^`|~-]*)[\s=]/.exec(
        scheme.prefix,
      )?.[1]
      if (
        scheme.in === 'header' &&
        scheme.name.toLowerCase() === 'authorization' &&
        word
      )
        return `${word} ${REALM}`
      return `ApiKey ${REALM}, in="${scheme.in}", name="${scheme.name}"`
    }
  }
}
