import type { Runtime } from '../runtime.ts'
import { runtimeOf } from '../runtime-of.ts'

/**
 * The runtime of the mock a store is being attached to; throws when `api` is not an instance
 * `createMockApi()` returned, or when that mock already keeps its state in a store.
 */
export function runtimeToAttach(api: object): Runtime {
  const runtime = runtimeOf(api)
  if (!runtime)
    throw new TypeError(
      'Failed to attach a store: pass the instance createMockApi() returned.',
    )
  const home = runtime.persistence ?? runtime.replica
  if (home)
    throw new Error(
      `Failed to attach a store: this mock already keeps its state in ${home.description}.`,
    )
  return runtime
}
