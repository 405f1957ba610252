// The reference client's public surface: what an app needs to create a client, catch its errors,
// walk links, watch its events and draw them. Everything else stays behind its module path.
export { createClient, type HypermockClient } from './create-client.ts'
export type { ClientOptions } from './normalize-options.ts'
export type { ClientRequestInit, RequestTarget } from './build-request.ts'
export {
  HypermockClientError,
  HttpError,
  NetworkError,
  TimeoutError,
  MissingLinkError,
  isHypermockClientError,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  isMissingLinkError,
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
export { defaultSleep, type Clock, type Random, type Sleep } from './clock.ts'
export {
  defaultRetryPolicy,
  isRetriableStatus,
  type RetryPolicy,
} from './retry/policy.ts'
