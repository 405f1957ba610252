import { mediaTypes } from '../common/media-types.ts'
/**
 * An RFC 9457 problem document as the client reads it. Extension members (`errors`, `balance`,
 * `currentStatus`, ...) are kept as they came.
 */
export interface Problem {
  readonly type: string
  readonly status: number
  readonly title?: string
  readonly detail?: string
  readonly instance?: string
  readonly [member: string]: unknown
}

const problemMediaType = mediaTypes.problem

/**
 * Reads a problem from any JSON value, leniently as RFC 9457 asks: unknown members are kept, a
 * standard member of the wrong type is ignored, `type` defaults to `about:blank` and `status` to the
 * HTTP status. Returns `null` when the value is not a JSON object at all.
 *
 * @example
 * parseProblem({ title: 'Out of stock', status: '409' }, 409)
 * // → { type: 'about:blank', status: 409, title: 'Out of stock' }
 */
export function parseProblem(
  value: unknown,
  httpStatus: number,
): Problem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return null
  const members: Record<string, unknown> = { ...value }
  for (const name of ['title', 'detail', 'instance']) {
    if (typeof members[name] !== 'string') delete members[name]
  }
  const { type, status } = members
  return {
    ...members,
    type: typeof type === 'string' && type !== '' ? type : 'about:blank',
    status: Number.isInteger(status) ? (status as number) : httpStatus,
  }
}

/**
 * Whether a response says it carries a problem document (media type compared without parameters).
 *
 * @example
 * isProblemResponse(response) // true for `application/problem+json; charset=utf-8`
 */
export function isProblemResponse(response: Response): boolean {
  const contentType = response.headers.get('Content-Type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  return mediaType === problemMediaType
}

/**
 * The parsed problem of a non-2xx `application/problem+json` response, or `null` for anything else
 * (a 2xx, another media type, a body that is not JSON). Reads a clone: the response stays readable.
 *
 * @example
 * const response = await client.request('/api/transfers/2')
 * const problem = await readProblem(response) // { type: '/api/problems/insufficient-funds', ... }
 */
export async function readProblem(response: Response): Promise<Problem | null> {
  if (response.ok || !isProblemResponse(response) || response.bodyUsed)
    return null
  try {
    return parseProblem(await response.clone().json(), response.status)
  } catch {
    return null
  }
}
