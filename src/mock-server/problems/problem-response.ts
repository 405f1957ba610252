import { HttpResponse } from '../http-response.ts'
import { problemCatalogue, type ProblemSlug } from './catalogue.ts'
import type { ProblemInit } from './problem-error.ts'
import type { ApiDeclaration, ProblemSummary } from '../declare/types.ts'
import { mediaTypes } from '../../common/media-types.ts'

export const PROBLEM_CONTENT_TYPE = mediaTypes.problem

export interface ProblemContext {
  basePath: string
  /** Status and title per slug: the built-in catalogue and the API's own types. */
  problems?: ReadonlyMap<string, { status: number; title: string }>
  requestPath: string
  requestId: string
  /** The declaration's `problemMembers`: more members, beside the problem's own. */
  members?: ((problem: ProblemSummary) => Record<string, unknown>) | undefined
  /** The declaration's `errorBody`: the API's own error shape in place of the problem document. */
  errorBody?: ApiDeclaration['errorBody']
  /** The refused request's method, for `errorBody`. */
  method?: string
}

export function problemBody(
  slug: ProblemSlug | (string & {}),
  init: ProblemInit,
  context: ProblemContext,
) {
  const { status, title } =
    context.problems?.get(slug) ?? problemCatalogue[slug as ProblemSlug]
  const body = {
    type: `${context.basePath}/problems/${slug}`,
    title,
    status,
    detail: init.detail,
    instance: init.instance ?? context.requestPath,
    requestId: context.requestId,
    ...init.extensions,
  }
  if (!context.members) return body
  let more: Record<string, unknown>
  try {
    more = context.members(body as ProblemSummary)
  } catch {
    // A declaration's hook that throws leaves the problem as RFC 9457 draws it.
    return body
  }
  return { ...more, ...body }
}

/** The API's own error body for a problem, where its declaration draws one. */
function ownErrorBody(
  problem: ReturnType<typeof problemBody>,
  context: ProblemContext,
): object | undefined {
  if (!context.errorBody) return undefined
  try {
    return context.errorBody(problem as ProblemSummary, {
      method: context.method ?? 'GET',
      path: context.requestPath,
    })
  } catch {
    // A declaration's hook that throws leaves the problem as RFC 9457 draws it.
    return undefined
  }
}

/**
 * An RFC 9457 problem document (the Content-Type has no parameters, on purpose), or the API's
 * own error body where its declaration's `errorBody` draws one.
 */
export function problemResponse(
  slug: ProblemSlug | (string & {}),
  init: ProblemInit,
  context: ProblemContext,
) {
  const body = problemBody(slug, init, context)
  const own = ownErrorBody(body, context)
  if (own !== undefined)
    return HttpResponse.json(own, {
      status: body.status,
      headers: { 'Cache-Control': 'no-store', ...init.headers },
    })
  return HttpResponse.json(body, {
    status: body.status,
    // `no-store` here as well as in `finalizeResponse`: the standalone server's own refusals
    // (shutdown, a foreign host) are problems that never pass through a request's path.
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      ...init.headers,
    },
  })
}
