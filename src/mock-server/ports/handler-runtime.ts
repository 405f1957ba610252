import type { MockClock } from '../clock.ts'
import type { ApiModel, LinkBase } from '../model/compiled-api.ts'
import type { RandomSource } from '../random.ts'
import type { Database } from '../store/database.ts'

/**
 * What a convention's handler reads of the instance serving it: the model, the working set, time,
 * randomness and where links start. Narrower than the instance (`Runtime`), which also holds the
 * routes that take this, so a handler never reaches the pipeline or a store's machinery.
 */
export interface HandlerRuntime extends LinkBase {
  api: ApiModel
  /** The working set: handlers read and write it synchronously. */
  db: Database
  clock: MockClock
  random: RandomSource
  options: { readonly origin: string }
}
