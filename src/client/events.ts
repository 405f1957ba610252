import type { AttemptErrorKind } from './errors.ts'

/** How a logical operation ended. */
export type RequestOutcome =
  /** A 1xx to 3xx final response. */
  | 'success'
  /** A final 4xx that no retry could fix (anything but 429). */
  | 'http-error'
  /** A retriable failure left alone because the POST was sent without an idempotency key. */
  | 'not-retried'
  /** Still failing on the last allowed attempt: its response is returned, or its error thrown. */
  | 'exhausted'
  /**
   * The server's `Retry-After` asked for a longer wait than `maxRetryAfterMs`: the response is
   * returned at once, as for exhausted attempts, and `request:end` carries `retryAfterMs`.
   */
  | 'retry-after-too-long'
  /** The caller's signal aborted it. */
  | 'aborted'

/** Members every event carries: which operation, and when on the client's clock. */
export interface OperationEventBase {
  readonly operationId: string
  readonly method: string
  readonly url: string
  readonly idempotencyKey: string | null
  readonly time: number
}

/** An attempt is sent. `attempt` counts from 0. */
export interface AttemptStartEvent extends OperationEventBase {
  readonly type: 'attempt:start'
  readonly attempt: number
}

/** An attempt got its response headers, or no response (`error` says why). */
export interface AttemptEndEvent extends OperationEventBase {
  readonly type: 'attempt:end'
  readonly attempt: number
  readonly durationMs: number
  readonly status: number | null
  readonly error: AttemptErrorKind | null
  /** The server answered from its idempotency store (`Idempotent-Replayed: true`). */
  readonly replayed: boolean
}

/**
 * The client will try again after `delayMs`: the server's `Retry-After` exactly, or backoff
 * `baseDelayMs` plus `jitterMs`.
 */
export interface RetryScheduledEvent extends OperationEventBase {
  readonly type: 'retry:scheduled'
  /** The attempt that failed, counted from 0: the exponent of the backoff. */
  readonly attempt: number
  readonly reason: 'retry-after' | 'backoff'
  readonly baseDelayMs: number
  readonly jitterMs: number
  readonly delayMs: number
}

/** The logical operation is over: how (`outcome`), with which status, after how many attempts. */
export interface RequestEndEvent extends OperationEventBase {
  readonly type: 'request:end'
  readonly outcome: RequestOutcome
  readonly status: number | null
  readonly error: AttemptErrorKind | null
  readonly attempts: number
  /** The wait the server asked for, present when the outcome is `retry-after-too-long`. */
  readonly retryAfterMs?: number
}

/** Everything the client reports; the playground's timeline is a pure fold over these. */
export type ClientEvent =
  | AttemptStartEvent
  | AttemptEndEvent
  | RetryScheduledEvent
  | RequestEndEvent

/** Receives client events; see `createClient({ onEvent })` and `client.subscribe()`. */
export type ClientEventListener = (event: ClientEvent) => void

export interface EventHub {
  emit: (event: ClientEvent) => void
  subscribe: (listener: ClientEventListener) => () => void
}

/** A set of listeners. A throwing listener is logged to the console and never breaks a request. */
export function createEventHub(): EventHub {
  const listeners = new Set<ClientEventListener>()
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch (error) {
          // A listener's bug must not fail the request it is watching; it still gets seen.
          console.error(
            'A hypermock client event listener threw; the request goes on.',
            error,
          )
        }
      }
    },
    subscribe(listener) {
      // A wrapper makes each subscription distinct, so subscribing one function twice is two entries.
      const entry: ClientEventListener = (event) => listener(event)
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
      }
    },
  }
}
