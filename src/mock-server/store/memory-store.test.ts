import { afterEach, describe, expect, test } from 'vitest'
import { MemoryStore, runStoreSuite } from '../../store.ts'

runStoreSuite(
  { describe, test, expect, afterEach },
  {
    name: 'memory',
    open: async () => new MemoryStore(),
    // The same instance: memory outlives the mock, not the process.
    reopen: async (store) => store,
  },
)
