import type { EndpointDoc } from '../conventions/endpoint-doc.ts'
import type { HeaderName } from '../openapi/headers.ts'
import type { Method, RouteSpec } from '../route-spec.ts'

/** A method as the description lists it: the route's, and HEAD and OPTIONS beside them. */
export type DocMethod = Method | 'HEAD' | 'OPTIONS'

/** One endpoint of the description (a method of a route), as a stage sees it when it says what it may answer. */
export interface AnswerContext {
  route: RouteSpec
  method: DocMethod
  /** The convention's piece; `'options'` for OPTIONS, `'not-allowed'` for a 405. */
  doc: EndpointDoc | 'options' | 'not-allowed'
  /** The API is declared with `auth: false`: every request is let in. */
  open: boolean
  /** The API takes Bearer tokens (RFC 6750's 403 challenge is theirs). */
  bearer: boolean
  /** Headers the API requires on every request to its resources. */
  requiredHeaders: readonly string[]
  /** Problem types the API knows, with whether an `Idempotency-Key` stores them. */
  stored: (slug: string) => boolean
}

/**
 * What a stage can add to an answer, beside running: the problem types it may answer with on an
 * operation, and the headers it may set on an answer of some status. The description is assembled
 * from these, in the order the stages run.
 */
export interface StageAnswers {
  problems?: (ctx: AnswerContext) => readonly string[]
  headers?: (
    ctx: AnswerContext,
    status: number,
    slugs: readonly string[],
  ) => readonly HeaderName[]
  /** The stage answers this endpoint itself (OPTIONS, 405): no later stage runs. */
  ends?: (ctx: AnswerContext) => boolean
}

export const isRead = (method: DocMethod) =>
  method === 'GET' || method === 'HEAD'

/** A request of the API's own (not OPTIONS, not a 405) on a route that needs a credential. */
export const guarded = (ctx: AnswerContext) =>
  typeof ctx.doc === 'object' && !ctx.route.public && !ctx.open
