import { HttpError, HypermockClientError } from './errors.ts'

interface RequestLine {
  readonly method: string
  readonly url: string
}

/**
 * The JSON layer's view of a final response: the parsed body of a 2xx (`undefined` when there is no
 * body, as on 204), or an {@link HttpError} carrying the response and its parsed problem. A 2xx body
 * that is not JSON is a {@link HypermockClientError} whose `cause` is the parse error.
 */
export async function readJson<T>(
  response: Response,
  request: RequestLine,
): Promise<T> {
  if (!response.ok) throw await HttpError.from(response, request)
  const text = await response.text()
  if (text.trim() === '') return undefined as T
  try {
    return JSON.parse(text) as T
  } catch (cause) {
    const contentType = response.headers.get('Content-Type') ?? 'none'
    // Not a bare SyntaxError: callers catch one family of errors, and `cause` keeps the parse error.
    throw new HypermockClientError(
      `Failed to read ${request.method} ${request.url}: the ${response.status} body is not JSON (Content-Type: ${contentType}). Use client.request() to read other bodies.`,
      { cause },
    )
  }
}
