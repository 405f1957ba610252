import { GraphQLError } from 'graphql'
import type { ApiModel } from '../model/compiled-api.ts'
import type { ProblemError } from '../problems/problem-error.ts'

/** Members of a problem document that the GraphQL error says in its own words. */
const SAID = new Set(['type', 'title', 'status', 'detail', 'instance'])

/**
 * A REST problem as a GraphQL error: its message the problem's `detail`, its `extensions` the
 * problem type's slug as `code`, the REST `status`, and the problem's other members (`errors`, in
 * the REST 422's item shape, for a validation failure).
 */
export function problemAsGraphqlError(
  slug: string,
  status: number,
  detail: string,
  members: Record<string, unknown>,
): GraphQLError {
  const extensions: Record<string, unknown> = { code: slug, status }
  for (const [name, value] of Object.entries(members))
    if (!SAID.has(name)) extensions[name] = value
  return new GraphQLError(detail, { extensions })
}

/** A problem thrown by the engine's code (a query the list refuses, an unknown item). */
export function thrownAsGraphqlError(
  api: ApiModel,
  error: ProblemError,
): GraphQLError {
  const status = api.problems.get(error.slug)?.status ?? 500
  return problemAsGraphqlError(
    error.slug,
    status,
    error.init.detail,
    error.init.extensions ?? {},
  )
}

/** A REST operation's problem answer, read back as the GraphQL error it stands for. */
export async function answeredAsGraphqlError(
  response: Response,
): Promise<GraphQLError> {
  let body: Record<string, unknown> = {}
  try {
    const parsed: unknown = await response.json()
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>
  } catch {
    // A body that is no JSON leaves the status to speak.
  }
  const type = typeof body.type === 'string' ? body.type : ''
  const at = type.lastIndexOf('/problems/')
  const slug = at >= 0 ? type.slice(at + '/problems/'.length) : 'error'
  const detail =
    typeof body.detail === 'string'
      ? body.detail
      : `The operation answered ${response.status}.`
  return problemAsGraphqlError(slug, response.status, detail, body)
}
