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

// Symbol.for is one registry for every realm, so a second copy of this module (an iframe, a bundle
// that inlined it twice) brands its errors with the very same key.
const brand = Symbol.for('hypermock.client-error')

/**
 * What every error the client raises about a request extends: {@link HttpError},
 * {@link NetworkError}, {@link TimeoutError} and {@link MissingLinkError}, plus a 2xx body that is
 * not JSON. Misusing the API itself (a bad option, `json` and `body` together) throws a `TypeError`
 * at once instead, and a caller's abort rejects with the signal's own reason.
 *
 * @example
 * try {
 *   await client.get('/api/orders/1')
 * } catch (error) {
 *   if (isHypermockClientError(error)) showToUser(error.message)
 *   else throw error
 * }
 */
export class HypermockClientError extends Error {
  override readonly name: string = 'HypermockClientError'

  static {
    Object.defineProperty(this.prototype, brand, { value: true })
  }
}

/**
 * A final non-2xx response, thrown by the JSON layer (`send`, `get`, `post`, `follow`, ...), never by
 * `request()`, which returns the response. `problem` is the parsed problem document, when there is one.
 *
 * @example
 * catch (error) {
 *   if (isHttpError(error) && error.problem?.type === '/api/problems/insufficient-funds')
 *     console.log(error.problem.balance)
 * }
 */
export class HttpError extends HypermockClientError {
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
 *
 * @example
 * catch (error) {
 *   if (isNetworkError(error)) console.log(error.attempts.map((a) => a.status ?? a.errorKind))
 *   // [503, 'network', 'timeout', 503, 'network']
 * }
 */
export class NetworkError extends HypermockClientError {
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

/**
 * An attempt that outlived the per-attempt time-out (`timeoutMs`): retried like a network error, and
 * the `cause` of the {@link NetworkError} when it was the last attempt.
 *
 * @example
 * catch (error) {
 *   if (isNetworkError(error) && isTimeoutError(error.cause)) console.log('too slow, not down')
 * }
 */
export class TimeoutError extends HypermockClientError {
  override readonly name = 'TimeoutError'
  readonly timeoutMs: number

  constructor(timeoutMs: number) {
    super(
      `Failed to get a response within ${timeoutMs} ms: the attempt timed out. Raise timeoutMs in createClient() if the server is slow on purpose.`,
    )
    this.timeoutMs = timeoutMs
  }
}

/**
 * `follow(resource, rel)` found no link `rel`: in a hypermedia API an absent action is the server
 * saying "not in this state", so the client never builds the URL itself.
 *
 * @example
 * catch (error) {
 *   if (isMissingLinkError(error)) console.log(error.rel, error.available) // 'pay', ['self', 'cancel']
 * }
 */
export class MissingLinkError extends HypermockClientError {
  override readonly name = 'MissingLinkError'
  /** The relation asked for. */
  readonly rel: string
  /** The relations the resource did offer, in document order. */
  readonly available: readonly string[]

  constructor(rel: string, available: readonly string[], self: unknown) {
    const where = typeof self === 'string' ? `${self} has` : 'the resource has'
    const offered =
      available.length > 0
        ? available.map((name) => `"${name}"`).join(', ')
        : 'none'
    super(
      `Failed to follow "${rel}": ${where} no such link. Available relations: ${offered}. ` +
        'Links depend on state: re-read the resource, or check the relation name.',
    )
    this.rel = rel
    this.available = available
  }
}

// Realm-safe: an error from another realm (an iframe, a second copy of this module) fails
// `instanceof` but keeps its name.
function hasName(value: unknown, name: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === name
  )
}

/**
 * Whether `value` is any {@link HypermockClientError} (a subclass included), from any realm.
 *
 * @example
 * if (isHypermockClientError(error)) showToUser(error.message) // anything else is a bug: rethrow
 */
export function isHypermockClientError(
  value: unknown,
): value is HypermockClientError {
  return (
    value instanceof HypermockClientError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[brand] === true)
  )
}

/**
 * Whether `value` is an {@link HttpError}, from this realm or another.
 *
 * @example
 * if (isHttpError(error) && error.status === 409) await reloadOrder()
 */
export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError || hasName(value, 'HttpError')
}

/**
 * Whether `value` is a {@link NetworkError}, from this realm or another.
 *
 * @example
 * if (isNetworkError(error)) console.log(`no response after ${error.attempts.length} attempts`)
 */
export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError || hasName(value, 'NetworkError')
}

/**
 * Whether `value` is a {@link TimeoutError} (or a DOM `TimeoutError`), from any realm.
 *
 * @example
 * if (isNetworkError(error) && isTimeoutError(error.cause)) suggestRetryLater()
 */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || hasName(value, 'TimeoutError')
}

/**
 * Whether `value` is a {@link MissingLinkError}, from this realm or another.
 *
 * @example
 * if (isMissingLinkError(error)) hideControl(error.rel) // the state no longer offers it
 */
export function isMissingLinkError(value: unknown): value is MissingLinkError {
  return value instanceof MissingLinkError || hasName(value, 'MissingLinkError')
}
