import { readProblem, type Problem } from './problem.ts'

/** Why an attempt produced no response. */
export type AttemptErrorKind = 'network' | 'timeout' | 'aborted'

/** What one attempt of a logical operation gave: a status, or the error that replaced it. */
export interface AttemptRecord {
  readonly attempt: number
  readonly startedAt: number
  readonly durationMs: number
  readonly status: number | null
  readonly errorKind: AttemptErrorKind | null
  readonly error: unknown
}

interface RequestLine {
  readonly method: string
  readonly url: string
}

/**
 * A final non-2xx response, thrown by the JSON layer (`send`, `get`, `post`, `follow`, ...), never by
 * `request()`, which returns the response. `problem` is the parsed problem document, when there is one.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  readonly status: number
  readonly response: Response
  readonly problem: Problem | null

  constructor(
    response: Response,
    problem: Problem | null,
    request: RequestLine,
  ) {
    const reason = problem?.title ?? response.statusText
    const detail = problem?.detail === undefined ? '' : `: ${problem.detail}`
    super(
      `${request.method} ${request.url} answered ${response.status} ${reason}${detail}`.trim(),
    )
    this.status = response.status
    this.response = response
    this.problem = problem
  }

  static async from(
    response: Response,
    request: RequestLine,
  ): Promise<HttpError> {
    return new HttpError(response, await readProblem(response), request)
  }
}

/**
 * The operation's last attempt got no response (the connection failed or the attempt timed out).
 * `cause` is that last error; `attempts` lists every attempt, responses included.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  readonly attempts: readonly AttemptRecord[]

  constructor(
    message: string,
    attempts: readonly AttemptRecord[],
    options: { cause: unknown },
  ) {
    super(message, options)
    this.attempts = attempts
  }
}

/** An attempt that outlived the per-attempt time-out. Retried like any network error. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError'
  readonly timeoutMs: number

  constructor(timeoutMs: number) {
    super(
      `Failed to get a response within ${timeoutMs} ms: the attempt timed out. Raise timeoutMs in createClient() if the server is slow on purpose.`,
    )
    this.timeoutMs = timeoutMs
  }
}

// Realm-safe: an error from another realm (an iframe, a worker, a second copy of this module)
// fails `instanceof` but keeps its name.
function hasName(value: unknown, name: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === name
  )
}

/** Whether `value` is an {@link HttpError}, from this realm or another. */
export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError || hasName(value, 'HttpError')
}

/** Whether `value` is a {@link NetworkError}, from this realm or another. */
export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError || hasName(value, 'NetworkError')
}

/** Whether `value` is a {@link TimeoutError} (or a DOM `TimeoutError`), from any realm. */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || hasName(value, 'TimeoutError')
}
