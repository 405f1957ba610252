import type { GraphqlOperation } from '../mock-server/journal.ts'

/**
 * How the requests of one operation were tied together: `exact` by one `Idempotency-Key`, `header`
 * by the correlation header, `inferred` by the same method, URL and body sent again soon after a
 * failed answer.
 */
export type Grouping = 'exact' | 'header' | 'inferred'

/** One request of an operation, as the mock saw it. */
export interface Attempt {
  /** The journal entry's id. */
  id: number
  /** The `requestId` problem documents carry. */
  requestId: string
  /** ISO time on the mock clock when it arrived. */
  time: string
  startMs: number
  durationMs: number
  /** 0 for a network error (the caller got no answer). */
  status: number
  fault: string | null
  idempotencyKey: string | null
  replayed: boolean
  /** `Retry-After` of the answer, in seconds. */
  retryAfter: number | null
  bodyFingerprint: string | null
}

/** The time between an answer and the next attempt, measured on the mock clock. */
export interface Wait {
  /** The attempt (1-based) the wait follows. */
  after: number
  ms: number
  /** What the answer before it asked for, in ms, else null. */
  retryAfterMs: number | null
  /**
   * What the measured wait is consistent with: the `Retry-After` it was given, the conventions'
   * `2^n s + jitter` (n counted from 0), or neither. Never split into base and jitter: the client
   * is not known, only the wait.
   */
  consistentWith: 'retry-after' | 'backoff' | null
  /** `≈ 2.4 s, consistent with 2^1 s + jitter`. */
  label: string
}

/** Which retry rule a verdict is about (concepts/retries.md#what). */
export type VerdictId =
  | 'retried-before-retry-after'
  | 'retried-non-retriable'
  | 'too-many-attempts'
  | 'post-retried-without-key'
  | 'new-key-per-attempt'
  | 'no-retry-after-retriable'
  | 'no-backoff'

/** A finding about an operation, against the retry rules (concepts/retries.md#what). */
export interface Verdict {
  id: VerdictId
  /** A violation breaks a rule; information is worth knowing. */
  level: 'violation' | 'information'
  /** The attempt (1-based) it is about. */
  attempt: number
  message: string
}

/**
 * How a GraphQL request is named where a request's method and path are: `mutation CreatePlant`,
 * or its root fields when it is anonymous (`query plants, beds`).
 */
export function graphqlLabel(graphql: GraphqlOperation): string {
  return `${graphql.type} ${graphql.name ?? graphql.fields.join(', ')}`
}

/** One logical operation: a request and its retries, rebuilt from the journal. */
export interface Operation {
  /** A GraphQL request's operation (`POST <base>/graphql`); absent on every other request. */
  graphql?: GraphqlOperation
  /** `op-<first request's journal id>`: stable while that entry is kept. */
  id: string
  method: string
  path: string
  search: string
  grouping: Grouping
  idempotencyKey: string | null
  correlationId: string | null
  attempts: Attempt[]
  waits: Wait[]
  /** Mock-clock milliseconds from the first request's arrival to the last answer. */
  startMs: number
  endMs: number
  /** The last attempt's status (0: network error). */
  status: number
  /** `succeeded` (2xx/3xx last), `failed`, or `waiting` while a retry may still come. */
  outcome: 'succeeded' | 'failed' | 'waiting'
  verdicts: Verdict[]
}
