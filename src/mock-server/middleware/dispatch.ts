import type { Principal } from '../auth/tokens.ts'
import type { Stage } from '../pipeline.ts'

const anonymous: Principal = { id: 'anonymous', customers: [], scopes: [] }

/** 404 for an unknown or hidden item, before any key is claimed or body validated. */
export const loadItem: Stage = async (c, next) => {
  const { state, runtime } = c.env
  const load = state.route?.spec.load
  if (load && state.principal)
    state.item = load(state.route!.params, state.principal, runtime)
  await next()
}

/** The mock's processing time (`latencyMs`): spent while an idempotency key is held in flight. */
export const latency: Stage = async (c, next) => {
  const ms = c.env.runtime.config.latencyMs
  if (ms > 0) await c.env.runtime.options.sleep(ms, c.req.raw.signal)
  await next()
}

/** Runs the route's handler: preconditions, validation, conflicts, then the operation. */
export const dispatch: Stage = async (c) => {
  const { state, runtime } = c.env
  const route = state.route!
  return route.handler({
    request: c.req.raw,
    url: new URL(c.req.url),
    path: state.path,
    params: route.params,
    principal: state.principal ?? anonymous,
    body: state.body,
    item: state.item,
    requestId: state.requestId,
    runtime,
  })
}
