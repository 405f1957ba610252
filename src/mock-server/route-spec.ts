import type { Principal } from './auth/tokens.ts'
import type { DescribeEndpoint } from './conventions/endpoint-doc.ts'
import type { ApiModel } from './model/compiled-api.ts'
import type { HandlerRuntime } from './ports/handler-runtime.ts'

/**
 * What a resource handler sees of one request, after the pipeline's checks have passed. `R` is what
 * it reads of the instance: a convention's handler takes `HandlerRuntime`; the control API, which
 * drives the whole instance, takes `Runtime`.
 */
export interface RouteContext<R extends HandlerRuntime = HandlerRuntime> {
  request: Request
  url: URL
  /** The request path, used as the problem `instance` by default. */
  path: string
  params: Record<string, string>
  /** The caller; an anonymous principal that sees nothing on public routes. */
  principal: Principal
  /** The parsed JSON body; `undefined` when the request had none. */
  body: unknown
  requestId: string
  runtime: R
  /**
   * The item the route's 404 check found (`stages/check-item.ts`), when no stage waited since:
   * the same row a new load would find. An item route's handler takes it instead of loading again.
   */
  checked?: { item: unknown } | null
}

export type Handler<R extends HandlerRuntime = HandlerRuntime> = (
  ctx: RouteContext<R>,
) => Response | Promise<Response>

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteSpec<R extends HandlerRuntime = HandlerRuntime> {
  /** Path below the base, Hono pattern syntax: `/orders/:id`. */
  path: string
  methods: Partial<Record<Method, Handler<R>>>
  /** Each method's piece of the OpenAPI description, given by the convention that serves it. */
  docs?: Partial<Record<Method, DescribeEndpoint>>
  /** A body's media type by method, where it is not `application/json` (a merge patch's). */
  accepts?: Partial<Record<Method, string>>
  /**
   * The media type of the JSON representations it serves, where it is not `application/json`
   * (a resource's `mediaType`); `representation-type.ts` reads it.
   */
  mediaType?: string
  /**
   * Methods whose success answers the record, which `Prefer: return=minimal` may leave out
   * (`conventions/prefer.ts`): a create, replace, patch or action.
   */
  prefer?: Partial<Record<Method, true>>
  /** Methods whose JSON body may be an array as well as an object (a declared bulk write). */
  arrays?: Partial<Record<Method, boolean>>
  /** Public routes need no credential (root, problem docs). */
  public?: boolean
  /**
   * How a successful read may be cached (`stages/finalize-response.ts` applies it): `private` for a
   * caller's data, the default; `public` for the root, the description and problem docs; `no-store`
   * for live state (the control API).
   */
  cache?: 'private' | 'public' | 'no-store'
  /** Overrides the body size limit (the control API takes whole snapshots). */
  maxBodyBytes?: number
  /**
   * What the route serves, for the description and the playground; `alias`, a resource's route
   * again at its path with the resource's `suffix` (`/posts/:id` at `/posts/{id}.json`);
   * `search`, a resource's read-only list at a path of its own (`searches`); `create`, a create
   * of its records at a path of its own (`creates`).
   */
  kind?:
    | 'root'
    | 'meta'
    | 'collection'
    | 'item'
    | 'action'
    | 'nested'
    | 'alias'
    | 'search'
    | 'create'
  /** A declared route's own words for the description (`routes` of a declaration). */
  declared?: { summary?: string; status?: 200 | 201 | 202 | 204 }
  /** The resource it serves (for a nested list, the listed one). */
  resource?: string
  /** The parent resource of a nested list. */
  parent?: string
  /** The action of an action route. */
  action?: string
  /**
   * A Bearer token may come as the `access_token` query parameter too (RFC 6750), for a
   * consumer that cannot send headers (`EventSource`); the journal never shows it.
   */
  queryToken?: boolean
  /** In strict mode (`requireIdempotencyKey`), a `POST` here needs an `Idempotency-Key`. */
  strictKey?: boolean
  /**
   * Methods that create the item the path names where it is absent (a `PUT` that upserts): the
   * early 404 for an unknown item leaves them to their handler.
   */
  upserts?: Partial<Record<Method, true>>
  /** Finds the item the path names, or throws 404 when it is unknown or hidden from the caller. */
  load?: (
    params: Record<string, string>,
    principal: Principal,
    runtime: HandlerRuntime,
  ) => unknown
}

/** The model with the routes that serve it: what an instance is made from. */
export interface CompiledApi extends ApiModel {
  /** Routes below the base path, the root's and the description's included. */
  routes: readonly RouteSpec[]
}

/**
 * A route read for its facts only (path, kind, cache, media types), whatever runtime its handlers
 * take: every `RouteSpec<R>` is one.
 */
export type RouteFacts = RouteSpec<never>
