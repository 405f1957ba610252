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
  if (route?.spec.load && state.principal)
    route.spec.load(route.params, state.principal, runtime)
  return next()
}

export const checkItemAnswers: StageAnswers = {
  problems: ({ route }) => (route.load ? ['not-found'] : []),
}
