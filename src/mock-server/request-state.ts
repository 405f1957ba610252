import type { Principal } from './auth/tokens.ts'
import type { GraphqlOperation } from './journal.ts'
import type { Handler, Method, RouteSpec } from './route-spec.ts'
import type { Runtime } from './runtime.ts'
import type { Unit } from './store/persistence.ts'
import type { IdempotencyRecord } from './store/types.ts'

export interface MatchedRoute {
  spec: RouteSpec<Runtime>
  params: Record<string, string>
  /** GET for HEAD requests; the method the route is looked up by. */
  method: Method
  handler: Handler<Runtime>
}

/** Per-request state the stages fill in, in the order `handle-request.ts` runs them. */
export interface RequestState {
  requestId: string
  startedAt: number
  /** Parsed once, when first read; stages and handlers share it. */
  readonly url: URL
  /** The URL's path and query (with its `?`, or empty), as `url` reads them. */
  readonly path: string
  readonly search: string
  route: MatchedRoute | null
  principal: Principal | null
  bodyBytes: Uint8Array | null
  body: unknown
  idempotencyKey: string | null
  /** The key this request claimed, while it runs; the operation runs only while the claim holds. */
  claim: IdempotencyRecord | null
  /** The data generation the operation wrote into (`Database.generation`), once it ran. */
  committedIn: number | null
  /** The operation's writes, on their way to an attached store (committed before the response). */
  unit: Unit | null
  replayed: boolean
  /** Set by a fault that must surface as a network error (the adapters drop the connection). */
  networkError: boolean
  fault: string | null
  /** The GraphQL operation a request to `<base>/graphql` ran, for its journal entry. */
  graphql: GraphqlOperation | null
  /** The item `checkItem` found for the route (its 404 check), held for the handler. */
  checked: { item: unknown } | null
}

/** The request as the stages read it. */
export interface StageRequest {
  readonly raw: Request
  readonly method: string
  /** A header's value, or undefined when it was not sent. */
  header(name: string): string | undefined
}

/** What a stage sees: the request, its state, and (after `next()`) the answer and any error. */
export interface StageContext {
  readonly env: { state: RequestState; runtime: Runtime }
  readonly req: StageRequest
  /** The answer, once a later stage gave one (or a problem for what it threw). */
  res: Response | undefined
  /** What a later stage threw, if it did. */
  error: unknown
  /**
   * Whether a stage so far handed back a promise (it waits, or something after it did): until then
   * every stage ran in one synchronous stretch, and nothing else can have changed the data.
   */
  readonly waited: boolean
}

/**
 * One step of the path in `handle-request.ts` (`run-stages.ts` runs them): it answers (returns a
 * response or throws a problem), or calls `next()` and may then amend `c.res`. A stage with
 * nothing to do after `next()` returns its promise rather than being `async`: a promise and a
 * turn fewer per stage on every request.
 */
export type Stage = (
  c: StageContext,
  next: () => Promise<void>,
) => Promise<Response | void> | Response
