import { leadThroughLocks } from './lead-through-locks.ts'
import { createMockHub } from './mock-hub.ts'
import { openMockStore } from './mock-store.ts'
import type { HubHello } from './protocol.ts'
import {
  connectToHub,
  type SharedMockApi,
  type SharedModeClock,
} from './remote-mock-api.ts'

/** Without SharedWorker nor Web Locks (browsers before 2022), the tab runs a hub of its own. */
function startInPage(
  hello: HubHello,
  clock?: SharedModeClock,
): Promise<SharedMockApi> {
  const { port1, port2 } = new MessageChannel()
  createMockHub({ openStore: openMockStore }).connect(port1)
  return connectToHub(port2, hello, clock)
}

/**
 * The shared mock where the browser has no SharedWorker: one leading tab runs it (Web Locks), or
 * each tab its own. Loaded only there, with a dynamic import, because it carries a copy of the core
 * that browsers with SharedWorker get in the worker's script instead.
 */
export function connectInPage(
  hello: HubHello,
  clock?: SharedModeClock,
): Promise<SharedMockApi> {
  return 'locks' in navigator && typeof BroadcastChannel === 'function'
    ? leadThroughLocks(hello, clock)
    : startInPage(hello, clock)
}
