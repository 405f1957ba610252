import type { Stage } from '../request-state.ts'
import type { StageAnswers } from './stage-answers.ts'

/**
 * 404 for an unknown or hidden item, before any key is claimed or body validated. The item found is
 * kept for the handler, which takes it only when no stage waited in between (`dispatch.ts`); else
 * its route (`itemRoute`) loads it again, after the stages that may wait.
 */
export const checkItem: Stage = (c, next) => {
  const { state, runtime } = c.env
  const route = state.route
  // A method that creates an absent item (a PUT that upserts) finds it itself.
  if (
    route?.spec.load &&
    state.principal &&
    !route.spec.upserts?.[route.method]
  )
    state.checked = {
      item: route.spec.load(route.params, state.principal, runtime),
    }
  return next()
}

export const checkItemAnswers: StageAnswers = {
  problems: ({ route }) => (route.load ? ['not-found'] : []),
}
