import {
  isProblemResponse,
  parseProblem,
  type Problem,
} from '../../client/index.ts'

/** A response read once, whole, for display: the body is consumed here. */
export interface CapturedResponse {
  status: number
  statusText: string
  headers: [name: string, value: string][]
  /** The body as text; empty for 204, 304 and HEAD. */
  bodyText: string
  /** The parsed body when it is JSON, otherwise `undefined`. */
  json: unknown
  /** The problem document of an error response, when there is one. */
  problem: Problem | null
  durationMs: number
  /** How many attempts the reference client made (1 for a raw fetch). */
  attempts: number
}

function isJson(contentType: string | null) {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || type.endsWith('+json')
}

export async function captureResponse(
  response: Response,
  durationMs: number,
  attempts = 1,
): Promise<CapturedResponse> {
  const bodyText = await response.text()
  let json: unknown = undefined
  if (bodyText !== '' && isJson(response.headers.get('Content-Type'))) {
    try {
      json = JSON.parse(bodyText)
    } catch {
      // Shown as text: a body that claims JSON and is not is worth seeing as it came.
    }
  }
  const problem =
    !response.ok && isProblemResponse(response)
      ? parseProblem(json, response.status)
      : null
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    bodyText,
    json,
    problem,
    durationMs,
    attempts,
  }
}
