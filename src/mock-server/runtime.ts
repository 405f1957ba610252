import type { MockClock } from './clock.ts'
import type { CompiledApi } from './declare/compile-api.ts'
import type { MockConfig, ResolvedOptions } from './options.ts'
import type { MockEvents } from './events.ts'
import type { FaultStore } from './faults/fault-store.ts'
import type { Journal } from './journal.ts'
import type { RandomSource } from './random.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
import type { Database } from './store/database.ts'
import type { Persistence } from './store/persistence.ts'
import type { Replica } from './store/replica.ts'

/** What every part of one mock instance shares: options, data, clock, live config. */
export interface Runtime {
  options: ResolvedOptions
  /** The declaration, compiled: resources, routes, problems. */
  api: CompiledApi
  /** The base's path, '' for an API at the root. */
  basePath: string
  /** What links start with: the base's origin (where it has one) and path. */
  baseHref: string
  controlPath: string
  /** The working set: handlers read and write it synchronously. */
  db: Database
  /** Carries the working set's writes to an attached store; `null` while the mock lives in memory. */
  persistence: Persistence | null
  /** Runs each request as a unit of work on a store replicas share; `null` otherwise. */
  replica: Replica | null
  clock: MockClock
  config: MockConfig
  random: RandomSource
  faults: FaultStore
  limiter: RateLimiter
  journal: Journal
  events: MockEvents
  nextRequestId(): string
  /** Back to the seed data and initial config; clears faults, journal, keys and rate counters. */
  reset(): void
}
