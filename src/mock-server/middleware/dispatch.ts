import type { Principal } from '../auth/tokens.ts'
import { fail, type Stage } from '../pipeline.ts'

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
  const principal = state.principal ?? anonymous
  // Read the item again: the stages between (idempotency, latency) may have awaited while another
  // request changed or deleted it. From here to the handler's write nothing awaits, so the handler
  // acts on the current row and concurrent writes serialise as they would one after the other.
  const load = route.spec.load
  const item = load ? load(route.params, principal, runtime) : undefined
  // A restore meanwhile may have brought this very key back completed: then it has executed once.
  const claim = state.claim
  if (claim && runtime.db.idempotency.get(claim.scope) !== claim) {
    fail('idempotency-key-in-use', {
      detail: `The state was replaced while this request waited, and it now holds the Idempotency-Key "${claim.key}" itself. Retry after a second to get its stored result.`,
      headers: { 'Retry-After': '1' },
    })
  }
  state.committedIn = runtime.db.generation
  return route.handler({
    request: c.req.raw,
    url: state.url,
    path: state.path,
    params: route.params,
    principal,
    body: state.body,
    item,
    requestId: state.requestId,
    runtime,
  })
}
