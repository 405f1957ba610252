import type { MockClock } from './clock.ts'
import type { MockConfig, ResolvedOptions } from './options.ts'
import type { MockEvents } from './events.ts'
import type { FaultStore } from './faults/fault-store.ts'
import type { Journal } from './journal.ts'
import type { RandomSource } from './random.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
import type { Database } from './store/database.ts'

/** What every part of one mock instance shares: options, data, clock, live config. */
export interface Runtime {
  options: ResolvedOptions
  basePath: string
  db: Database
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
