import { describeStore } from '../../../tests/support/store-suite.ts'
import { MemoryStore } from './memory-store.ts'

describeStore('memory', {
  open: async () => new MemoryStore(),
  // The same instance: memory outlives the mock, not the process.
  reopen: async (store) => store,
})
