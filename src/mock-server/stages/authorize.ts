import { AUTH_REALM } from '../auth/tokens.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import { guarded, type StageAnswers } from './stage-answers.ts'

/** 403 when a valid credential lacks the scope: every write needs `write`, every read `read`. */
export const authorize: Stage = (c, next) => {
  const { state } = c.env
  const principal = state.principal
  if (!principal || !state.route) return next()
  const needed = state.route.method === 'GET' ? 'read' : 'write'
  if (!principal.scopes.includes(needed)) {
    const bearer = c.env.runtime.api.auth.type === 'bearer'
    fail('forbidden', {
      detail: `This ${bearer ? 'token' : 'credential'} lacks the "${needed}" scope needed to ${state.route.method} ${state.path}.`,
      // RFC 6750's insufficient_scope challenge belongs to Bearer; other schemes have none.
      ...(bearer && {
        headers: {
          'WWW-Authenticate': `Bearer realm="${AUTH_REALM}", error="insufficient_scope", error_description="The ${needed} scope is required", scope="${needed}"`,
        },
      }),
    })
  }
  return next()
}

export const authorizeAnswers: StageAnswers = {
  problems: (ctx) => (guarded(ctx) ? ['forbidden'] : []),
  headers: (ctx, status) =>
    status === 403 && ctx.bearer ? ['WWW-Authenticate'] : [],
}
