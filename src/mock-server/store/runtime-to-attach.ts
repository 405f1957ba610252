import type { Runtime } from '../runtime.ts'

/** Throws when the mock `runtime` runs already keeps its state in a store: it has one home. */
export function checkNoStore(runtime: Runtime) {
  const home = runtime.persistence ?? runtime.replica
  if (home)
    throw new Error(
      `Failed to attach a store: this mock already keeps its state in ${home.description}.`,
    )
}
