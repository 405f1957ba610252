import type { RateLimitConfig } from '../mock-config.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage, StageContext } from '../request-state.ts'
import { setHeaders } from '../response-draft.ts'
import { afterNext } from '../run-stages.ts'
import type { StageAnswers } from './stage-answers.ts'

/**
 * 429 once a principal (anonymous callers share one bucket) is over its quota. It runs after 401,
 * so bad credentials never count, and a 403 gives its request back.
 */
export const rateLimit: Stage = (c, next) => {
  const config = c.env.runtime.config.rateLimit
  return config === false ? next() : limited(c, next, config)
}

function limited(
  c: StageContext,
  next: () => Promise<void>,
  config: RateLimitConfig,
) {
  const { state, runtime } = c.env
  const limiter = runtime.limiter
  const key = state.principal?.id ?? 'anonymous'
  const decision = limiter.take(key, config)
  const headers = {
    'RateLimit-Policy': `"default";q=${config.limit};w=${config.windowSeconds}`,
    RateLimit: `"default";r=${decision.remaining};t=${decision.resetSeconds}`,
  }
  if (!decision.allowed) {
    const who = state.principal
      ? 'This credential is'
      : 'Callers without a credential share one quota, and it is'
    fail('rate-limited', {
      detail: `${who} over the limit of ${config.limit} requests per ${config.windowSeconds} s. Retry after ${decision.resetSeconds} s${state.principal ? '' : ', or send a token to use its own quota'}.`,
      headers: { ...headers, 'Retry-After': String(decision.resetSeconds) },
    })
  }
  return afterNext(next(), () => {
    const res = c.res
    if (res?.status === 403) limiter.refund(key)
    if (state.principal && res) setHeaders(res, headers)
  })
}

/** Its headers go on every answer to a caller with a credential, the 429 included. */
export const rateLimitAnswers: StageAnswers = {
  problems: () => ['rate-limited'],
  headers: ({ doc, route }, status) =>
    (typeof doc === 'object' &&
      !route.public &&
      status !== 401 &&
      status !== 304) ||
    status === 429
      ? ['RateLimit', 'RateLimit-Policy']
      : [],
}
