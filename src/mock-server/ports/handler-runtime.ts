import type { MockClock } from '../clock.ts'
import type { ApiModel, LinkBase } from '../model/compiled-api.ts'
import type { RandomSource } from '../random.ts'
import type { Database } from '../store/database.ts'
import type { StateEvents } from '../store/state-events.ts'

/**
 * What a convention's handler reads of the instance serving it: the model, the working set, time,
 * randomness and where links start. Narrower than the instance (`Runtime`), which also holds the
 * routes that take this, so a handler never reaches the pipeline or a store's machinery.
 */
export interface HandlerRuntime extends LinkBase {
  api: ApiModel
  /** The working set: handlers read and write it synchronously. */
  db: Database
  /** The state events the working set's writes make, and their log (`<base>/events` reads it). */
  stateEvents: StateEvents
  clock: MockClock
  random: RandomSource
  options: { readonly origin: string }
}
