import { mergeChangeSets, type ChangeSet, type MockStore } from '../store.ts'

export interface RetryingStoreEvents {
  /** The first commit that failed since the store last worked. */
  failed(error: unknown): void
  /** A commit went through again, carrying every change the failed ones held. */
  recovered(): void
}

/**
 * A browser store whose commits never fail the mock: a page over its quota or in a private window
 * keeps answering from memory, and what could not be stored is merged into the next commit, which
 * stores it all once space is back (a server store, by contrast, fails the request).
 */
export function retryingStore(
  store: MockStore,
  events: RetryingStoreEvents,
): MockStore {
  let unstored: ChangeSet | null = null
  return {
    description: store.description,
    load: () => store.load(),
    async commit(changes) {
      const next = unstored ? mergeChangeSets(unstored, changes) : changes
      try {
        await store.commit(next)
      } catch (error) {
        if (!unstored) events.failed(error)
        unstored = next
        return
      }
      if (unstored) {
        unstored = null
        events.recovered()
      }
    },
    async clear() {
      unstored = null
      await store.clear()
    },
    close: () => store.close(),
  }
}
