import { IndexedDbStore } from './indexeddb-store.ts'

/**
 * Opens the database only while no other hub of this origin keeps it: two hubs writing the same
 * rows would undo each other's changes (a tab of an older version still open after a deploy, or a
 * second tab of a mock kept with `persist`). The one that finds it taken runs in memory.
 */
export async function openStoreAlone(name: string): Promise<IndexedDbStore> {
  if (typeof navigator === 'undefined' || !('locks' in navigator))
    return IndexedDbStore.open(name)
  const held = await new Promise<boolean>((resolve) => {
    void navigator.locks.request(
      `hypermock:${name}:store`,
      { ifAvailable: true },
      (lock) => {
        resolve(lock !== null)
        // Held while the page lives: the browser releases it when the page closes.
        return lock ? new Promise<void>(() => {}) : undefined
      },
    )
  })
  if (!held)
    throw new Error(
      'another tab keeps this mock already; close it, or share the mock between tabs with "shared"',
    )
  return IndexedDbStore.open(name)
}
