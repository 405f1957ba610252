import { createMockHub } from './mock-hub.ts'
import { openMockStore } from './mock-store.ts'

/**
 * The SharedWorker every tab of an origin connects to: it runs the one mock they share. Each tab's
 * msw handler forwards its requests here (the service worker cannot: it has no state that outlives
 * an idle period, and it cannot reach a page's handlers from another page).
 */
const hub = createMockHub({ openStore: openMockStore })

self.addEventListener('connect', (event) => {
  for (const port of (event as MessageEvent).ports) hub.connect(port)
})
