import type { MiddlewareHandler } from 'hono'
import type { Principal } from './auth/tokens.ts'
import type { Handler, Method, RouteSpec } from './route-spec.ts'
import type { Runtime } from './runtime.ts'
import type { IdempotencyRecord } from './store/types.ts'

export interface MatchedRoute {
  spec: RouteSpec
  params: Record<string, string>
  /** GET for HEAD requests; the method the route is looked up by. */
  method: Method
  handler: Handler
}

/** Per-request state the stages fill in, in the order of contract section 5. */
export interface RequestState {
  requestId: string
  startedAt: number
  /** Parsed once, here; stages and handlers share it. */
  url: URL
  path: string
  route: MatchedRoute | null
  principal: Principal | null
  bodyBytes: Uint8Array | null
  body: unknown
  idempotencyKey: string | null
  /** The key this request claimed, while it runs; the operation runs only while the claim holds. */
  claim: IdempotencyRecord | null
  /** The data generation the operation wrote into (`Database.generation`), once it ran. */
  committedIn: number | null
  replayed: boolean
  /** Set by a fault that must surface as a network error (the adapters drop the connection). */
  networkError: boolean
  fault: string | null
}

export type Env = { Bindings: { state: RequestState; runtime: Runtime } }

/** One step of the path in `handle-request.ts`: it answers (throws a problem), or calls `next()`. */
export type Stage = MiddlewareHandler<Env>
