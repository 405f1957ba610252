import { AUTH_REALM, type Principal } from '../auth/tokens.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import { guarded, type StageAnswers } from './stage-answers.ts'

const REALM = `realm="${AUTH_REALM}"`

function invalidToken(description: string): never {
  fail('unauthenticated', {
    detail: `${description}. Send Authorization: Bearer <token> with a valid token.`,
    headers: {
      'WWW-Authenticate': `Bearer ${REALM}, error="invalid_token", error_description="${description}"`,
    },
  })
}

/** With no tokens declared, any Bearer token is let in, as a principal that sees every row. */
function anyBearer(token: string): Principal {
  let h = 0x811c9dc5
  for (let i = 0; i < token.length; i++)
    h = Math.imul(h ^ token.charCodeAt(i), 0x01000193)
  // The principal id is stored with idempotency keys: a hash, never the credential itself.
  return {
    id: `bearer:${(h >>> 0).toString(36)}`,
    owns: 'all',
    scopes: ['read', 'write'],
  }
}

/** The caller of an API declared without auth: sees and writes every row. */
const OPEN: Principal = {
  id: 'anonymous',
  owns: 'all',
  scopes: ['read', 'write'],
}

/** 401 for a missing, unknown, expired or non-Bearer credential (RFC 6750). */
export const authenticate: Stage = (c, next) => {
  const { state, runtime } = c.env
  if (state.route?.spec.public) return next()
  if (runtime.api.declaration.auth === false) {
    state.principal = OPEN
    return next()
  }
  const header = c.req.header('Authorization')
  if (header === undefined || header.trim() === '') {
    fail('unauthenticated', {
      detail:
        'This request needs a credential. Send Authorization: Bearer <token>.',
      headers: { 'WWW-Authenticate': `Bearer ${REALM}` },
    })
  }
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header)
  if (!match || match[1]!.toLowerCase() !== 'bearer')
    invalidToken('The Authorization header must use the Bearer scheme')
  const tokens = runtime.options.tokens
  const entry =
    tokens === null
      ? anyBearer(match[2]!)
      : Object.hasOwn(tokens, match[2]!)
        ? tokens[match[2]!]
        : undefined
  if (!entry) invalidToken('The access token is unknown')
  if ('expired' in entry) invalidToken('The access token expired')
  state.principal = entry
  return next()
}

export const authenticateAnswers: StageAnswers = {
  problems: (ctx) => (guarded(ctx) ? ['unauthenticated'] : []),
  headers: (_, status) => (status === 401 ? ['WWW-Authenticate'] : []),
}
