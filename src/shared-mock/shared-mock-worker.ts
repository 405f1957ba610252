import { createMockHub } from './mock-hub.ts'
import { openMockStore } from './mock-store.ts'

/**
 * Opens the database only while no other hub keeps it. After a deploy, tabs of the old version may
 * still run the old SharedWorker (its script URL differs); two hubs writing the same rows would undo
 * each other's changes, so the newer one runs in memory until the old tabs close.
 */
async function openStoreAlone(name: string) {
  const held = await new Promise<boolean>((resolve) => {
    void navigator.locks.request(
      `hypermock:${name}:store`,
      { ifAvailable: true },
      (lock) => {
        resolve(lock !== null)
        // Held for the worker's life: the browser releases it when the worker ends.
        return lock ? new Promise<void>(() => {}) : undefined
      },
    )
  })
  if (!held)
    throw new Error(
      'tabs of an older version still keep it; close them and reload to save again',
    )
  return openMockStore(name)
}

/**
 * The SharedWorker every tab of an origin connects to: it runs the one mock they share. Each tab's
 * msw handler forwards its requests here (the service worker cannot: it has no state that outlives
 * an idle period, and it cannot reach a page's handlers from another page).
 */
const hub = createMockHub({ openStore: openStoreAlone })

self.addEventListener('connect', (event) => {
  for (const port of (event as MessageEvent).ports) hub.connect(port)
})
