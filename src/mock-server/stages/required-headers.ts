import { MISSING_HEADER } from '../declare/dialect-auth.ts'
import { ProblemError } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import type { StageAnswers } from './stage-answers.ts'

/**
 * 400 `missing-header` for a request to the API's resources without a header the API requires (a
 * tenant id), naming every one it lacks at once. The entry point and problem pages stay public.
 */
export const requiredHeaders: Stage = (c, next) => {
  const { state, runtime } = c.env
  const required = runtime.api.requiredHeaders
  if (required.length === 0 || state.route?.spec.public) return next()
  const missing = required.filter(
    (name) => (c.req.header(name) ?? '').trim() === '',
  )
  if (missing.length > 0)
    throw new ProblemError(MISSING_HEADER, {
      detail: `This API requires the ${missing.length === 1 ? 'header' : 'headers'} ${missing.join(', ')} on every request; send ${missing.length === 1 ? 'it' : 'them'} and try again.`,
      extensions: { missingHeaders: missing },
    })
  return next()
}

export const requiredHeadersAnswers: StageAnswers = {
  problems: (ctx) =>
    typeof ctx.doc === 'object' &&
    !ctx.route.public &&
    ctx.requiredHeaders.length > 0
      ? [MISSING_HEADER]
      : [],
}
