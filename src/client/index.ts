export { createClient, type HypermockClient } from './create-client.ts'
export type { ClientOptions } from './normalize-options.ts'
export type { ClientRequestInit, RequestTarget } from './build-request.ts'
export {
  HttpError,
  NetworkError,
  TimeoutError,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  type AttemptErrorKind,
  type AttemptRecord,
} from './errors.ts'
export {
  parseProblem,
  readProblem,
  isProblemResponse,
  type Problem,
} from './problem.ts'
export {
  isLink,
  linkRelations,
  resolveLink,
  selfHref,
  type Link,
  type Resource,
} from './hypermedia.ts'
export type {
  AttemptEndEvent,
  AttemptStartEvent,
  ClientEvent,
  ClientEventListener,
  OperationEventBase,
  RequestEndEvent,
  RequestOutcome,
  RetryScheduledEvent,
} from './events.ts'
export {
  buildTimeline,
  type TimelineAttempt,
  type TimelineRow,
  type TimelineWait,
} from './build-timeline.ts'
export {
  defaultClock,
  defaultRandom,
  defaultSleep,
  type Clock,
  type Random,
  type Sleep,
} from './clock.ts'
export {
  calculateRetryDelay,
  decideRetry,
  defaultRetryPolicy,
  isRetriableStatus,
  type RetryDelay,
  type RetryPolicy,
} from './retry/policy.ts'
export { parseRetryAfter } from './retry/retry-after.ts'
