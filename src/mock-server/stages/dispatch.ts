import type { Principal } from '../auth/tokens.ts'
import { fail } from '../problems/problem-error.ts'
import type { MatchedRoute, RequestState, Stage } from '../request-state.ts'
import type { EventOperation } from '../store/state-events.ts'
import type { RouteContext } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import type { StageAnswers } from './stage-answers.ts'

const anonymous: Principal = { id: 'anonymous', owns: [], scopes: [] }

/** What the handler gets; the URL is parsed only if it reads it (a list reads its query). */
class OperationContext implements RouteContext<Runtime> {
  readonly path: string
  readonly params: Record<string, string>
  readonly body: unknown
  readonly requestId: string
  readonly request: Request
  readonly principal: Principal
  readonly runtime: Runtime
  readonly checked: RequestState['checked']
  private readonly state: RequestState
  constructor(
    request: Request,
    state: RequestState,
    principal: Principal,
    runtime: Runtime,
    waited: boolean,
  ) {
    this.request = request
    this.state = state
    this.principal = principal
    this.runtime = runtime
    this.path = state.path
    this.params = state.route!.params
    this.body = state.body
    this.requestId = state.requestId
    this.checked = waited ? null : state.checked
  }
  get url() {
    return this.state.url
  }
}

/**
 * The operation its state events are named after. Its origin is read only when the operation makes
 * an event: a read parses no URL for it. A class, not a literal with a getter, which V8 would build
 * through its runtime on every request.
 */
class RunningOperation implements EventOperation {
  readonly resource: string | undefined
  readonly action: string | undefined
  readonly params: Record<string, string>
  private readonly state: RequestState
  constructor(route: MatchedRoute, state: RequestState) {
    this.resource = route.spec.resource
    this.action = route.spec.action
    this.params = route.params
    this.state = state
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
    principal,
    runtime,
    c.waited,
  )
  // The operation's writes become its state events as its synchronous step ends.
  const events = runtime.stateEvents
  events.begin(new RunningOperation(route, state))
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
