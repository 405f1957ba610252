import {
  answerAsPreferred,
  prefersHonoured,
  requestPreference,
} from '../conventions/prefer.ts'
import type { Stage, StageContext } from '../request-state.ts'
import type { StageAnswers } from './stage-answers.ts'

/**
 * `Prefer: return=…` on a write whose answer is the record (`conventions/prefer.ts`). It wraps the
 * idempotency stage, so a stored result is always the whole answer and a replay is shaped, like a
 * first answer, by the request in hand.
 */
export const prefer: Stage = (c, next) => {
  const { state, runtime } = c.env
  const route = state.route
  // Not `async`: a route without preferences costs no promise here.
  if (!route?.spec.prefer?.[route.method] || !prefersHonoured(runtime.api))
    return next()
  return shaped(c, next)
}

async function shaped(c: StageContext, next: () => Promise<void>) {
  await next()
  if (c.res !== undefined && c.error === undefined)
    c.res = answerAsPreferred(c.res, requestPreference(c.req.raw))
}

/** On a success of such a write: which preference was honoured, and `Vary: Prefer`. */
export const preferAnswers: StageAnswers = {
  headers: ({ doc }, status) =>
    typeof doc === 'object' && doc.prefer === true && status < 300
      ? ['Preference-Applied', 'Vary-Prefer']
      : [],
}
