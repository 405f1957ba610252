import type { MockConfig } from '../mock-config.ts'
import type { MockEvents } from '../events.ts'
import type { FaultStore } from '../faults/fault-store.ts'
import type { Journal } from '../journal.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { HandlerRuntime } from './handler-runtime.ts'

/**
 * An instance's live state, as a store that carries or shares it sees it: the working set, the
 * live settings, the journal and the counters. `Runtime` adds the resolved options, the routes and
 * the attached store itself.
 */
export interface EngineState extends HandlerRuntime {
  /** The base's path, '' for an API at the root. */
  basePath: string
  controlPath: string
  config: MockConfig
  faults: FaultStore
  limiter: RateLimiter
  journal: Journal
  events: MockEvents
  nextRequestId(): string
  /** Back to the seed data and initial config; clears faults, journal, keys and rate counters. */
  reset(): void
}
