import {
  challenge,
  readCredential,
  where,
  type Credentialed,
} from '../auth/read-credential.ts'
import type { Principal } from '../auth/tokens.ts'
import { credentialHint } from '../declare/dialect-auth.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import { guarded, type StageAnswers } from './stage-answers.ts'

/** With no tokens declared, any credential is let in, as a principal that sees every row. */
function anyCredential(type: string, token: string): Principal {
  let h = 0x811c9dc5
  for (let i = 0; i < token.length; i++)
    h = Math.imul(h ^ token.charCodeAt(i), 0x01000193)
  // The principal id is stored with idempotency keys: a hash, never the credential itself.
  return {
    id: `${type === 'apiKey' ? 'api-key' : type}:${(h >>> 0).toString(36)}`,
    owns: 'all',
    scopes: ['read', 'write'],
  }
}

/** 401 for a credential sent but not let in, worded in the API's own scheme. */
function refuseCredential(scheme: Credentialed, description: string): never {
  return fail('unauthenticated', {
    detail: `${description}. Send ${credentialHint(scheme)} with a valid ${scheme.type === 'basic' ? 'user and password' : scheme.type === 'apiKey' ? 'key' : 'token'}.`,
    headers: { 'WWW-Authenticate': challenge(scheme, description) },
  })
}

/** The caller of an API declared without auth: sees and writes every row. */
const OPEN: Principal = {
  id: 'anonymous',
  owns: 'all',
  scopes: ['read', 'write'],
}

/**
 * 401 for a missing, unknown, expired or wrongly sent credential, in the API's scheme: Bearer (RFC
 * 6750), Basic (RFC 7617), or an API key in a header, query parameter or cookie.
 */
export const authenticate: Stage = (c, next) => {
  const { state, runtime } = c.env
  if (state.route?.spec.public) return next()
  const scheme = runtime.api.auth
  if (scheme.type === 'none') {
    state.principal = OPEN
    return next()
  }
  // The API's own scheme first, then the others it also takes: the first that carries a
  // credential is read; a request with none anywhere is answered in the API's own scheme.
  let read = readCredential(scheme, c.req.raw, state)
  let used: Exclude<typeof scheme, { type: 'none' }> = scheme
  for (const other of runtime.api.authAlso) {
    if (read.kind === 'credential' || other.type === 'none') break
    const next = readCredential(other, c.req.raw, state)
    if (next.kind === 'credential' || read.kind === 'missing') {
      read = next
      used = other
    }
  }
  // RFC 6750's URI query parameter: where a consumer cannot send headers, the URL may carry the token.
  if (
    read.kind === 'missing' &&
    state.route?.spec.queryToken &&
    used.type === 'bearer'
  ) {
    const token = state.url.searchParams.get('access_token')
    if (token !== null && token !== '') read = { kind: 'credential', token }
  }
  if (read.kind === 'missing')
    fail('unauthenticated', {
      detail: `This request needs a credential${scheme.type === 'apiKey' ? ` in the ${where(scheme)}` : ''}. Send ${credentialHint(scheme)}.`,
      headers: { 'WWW-Authenticate': challenge(scheme) },
    })
  if (read.kind === 'malformed') refuseCredential(scheme, read.why)
  const token = (read as { token: string }).token
  const tokens = runtime.options.tokens
  const entry =
    tokens === null
      ? anyCredential(used.type, token)
      : Object.hasOwn(tokens, token)
        ? tokens[token]
        : undefined
  if (!entry)
    refuseCredential(
      scheme,
      used.type === 'basic'
        ? 'The user or password is unknown'
        : used.type === 'apiKey'
          ? 'The key is unknown'
          : 'The access token is unknown',
    )
  if ('expired' in entry!)
    refuseCredential(
      scheme,
      used.type === 'apiKey' ? 'The key expired' : 'The access token expired',
    )
  state.principal = entry as Principal
  return next()
}

export const authenticateAnswers: StageAnswers = {
  problems: (ctx) => (guarded(ctx) ? ['unauthenticated'] : []),
  headers: (_, status) => (status === 401 ? ['WWW-Authenticate'] : []),
}
