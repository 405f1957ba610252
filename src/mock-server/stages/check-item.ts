import type { Stage } from '../request-state.ts'
import type { StageAnswers } from './stage-answers.ts'

/**
 * 404 for an unknown or hidden item, before any key is claimed or body validated. Only the answer
 * counts here: the handler gets the item from its route (`itemRoute`), loaded after the stages
 * that may wait.
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
    route.spec.load(route.params, state.principal, runtime)
  return next()
}

export const checkItemAnswers: StageAnswers = {
  problems: ({ route }) => (route.load ? ['not-found'] : []),
}
