import type { Principal } from '../auth/tokens.ts'
import { fail } from '../problems/problem-error.ts'
import type { MatchedRoute, RequestState, Stage } from '../request-state.ts'
import type { EventOperation } from '../store/state-events.ts'
import type { RouteContext } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import type { StageAnswers } from './stage-answers.ts'

const anonymous: Principal = { id: 'anonymous', owns: [], scopes: [] }

/**
 * What the handler gets, and the operation its state events are named after: one object for both.
 * The URL is parsed only if something reads it (a list reads its query; an operation's origin is
 * read only when it makes an event). A class, not a literal with getters, which V8 would build
 * through its runtime on every request.
 */
class OperationContext implements RouteContext<Runtime>, EventOperation {
  readonly path: string
  readonly params: Record<string, string>
  readonly body: unknown
  readonly requestId: string
  readonly request: Request
  readonly principal: Principal
  readonly runtime: Runtime
  readonly checked: RequestState['checked']
  readonly resource: string | undefined
  readonly action: string | undefined
  private readonly state: RequestState
  constructor(
    request: Request,
    state: RequestState,
    route: MatchedRoute,
    principal: Principal,
    runtime: Runtime,
    waited: boolean,
  ) {
    this.request = request
    this.state = state
    this.principal = principal
    this.runtime = runtime
    this.path = state.path
    this.params = route.params
    this.body = state.body
    this.requestId = state.requestId
    this.checked = waited ? null : state.checked
    this.resource = route.spec.resource
    this.action = route.spec.action
  }
  get url() {
    return this.state.url
  }
  get origin() {
    return this.state.url.origin
  }
}

/** Runs the route's handler: preconditions, validation, conflicts, then the operation. */
export const dispatch: Stage = (c) => {
  const { state, runtime } = c.env
  const route = state.route!
  const principal = state.principal ?? anonymous
  // A restore meanwhile may have brought this very key back completed: then it has executed once.
  const claim = state.claim
  if (claim && runtime.db.idempotency.get(claim.scope) !== claim) {
    fail('idempotency-key-in-use', {
      detail: `The state was replaced while this request waited, and it now holds the Idempotency-Key "${claim.key}" itself. Retry after a second to get its stored result.`,
      headers: { 'Retry-After': '1' },
    })
  }
  state.committedIn = runtime.db.generation
  const context = new OperationContext(
    c.req.raw,
    state,
    route,
    principal,
    runtime,
    c.waited,
  )
  // The operation's writes become its state events as its synchronous step ends.
  const events = runtime.stateEvents
  events.begin(context)
  const persistence = runtime.persistence
  if (!persistence) {
    try {
      return route.handler(context)
    } finally {
      events.end()
    }
  }
  // A unit of work: writes made before this operation go first; the operation's own become one
  // unit, completed with its idempotency record and committed before the response leaves.
  persistence.cut(true)
  let result
  try {
    result = route.handler(context)
  } catch (error) {
    events.end()
    state.unit = persistence.cut(false)
    throw error
  }
  events.end()
  if (!(result instanceof Promise)) {
    state.unit = persistence.cut(false)
    return result
  }
  return result.finally(() => {
    state.unit = persistence.cut(false)
  })
}

/** The operation's own answers and problems, as its convention states them. */
export const dispatchAnswers: StageAnswers = {
  problems: ({ doc }) => (typeof doc === 'object' ? doc.problems : []),
  headers: ({ doc }, status) => {
    if (typeof doc !== 'object') return []
    const answer = doc.answers.find((a) => a.status === status)
    return [
      ...(answer?.etag ? (['ETag'] as const) : []),
      ...(answer?.location ? (['Location'] as const) : []),
      ...(answer?.page ? (['Link'] as const) : []),
    ]
  },
}
