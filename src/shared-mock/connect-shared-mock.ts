import type { MockApiOptions } from '../index.ts'
import type { HubHello, SharedCoreOptions } from './protocol.ts'
import {
  connectToHub,
  type SharedMockApi,
  type SharedModeClock,
} from './remote-mock-api.ts'

export interface SharedModeOptions {
  /**
   * Keeps the shared mock in this IndexedDB database across visits (a write is stored before its
   * answer is returned). `false` keeps it in memory: it lasts while one of the origin's tabs is open.
   * @default false
   */
  database?: string | false
  /**
   * The virtual clock this tab runs on (a demo speed): while answering the tab, the shared mock
   * follows its time and waits on it. Real time when not given.
   */
  clock?: SharedModeClock
}

const FUNCTION_OPTIONS = ['now', 'sleep', 'seed', 'onUnhandledError'] as const

function sharedOptions(options: MockApiOptions): SharedCoreOptions {
  const given = FUNCTION_OPTIONS.filter((name) => options[name] !== undefined)
  if (given.length > 0) {
    throw new Error(
      `Failed to start the shared mock: ${given.map((n) => `"${n}"`).join(', ')} cannot reach the SharedWorker that runs it (only plain data can). Pass "initialState" instead of "seed", or start without "shared".`,
    )
  }
  return options as SharedCoreOptions
}

/**
 * Connects this tab to the one mock its origin's tabs share, run by a SharedWorker (or, where there
 * is none, by one leading tab): every tab sees the same data, idempotency keys and faults, as with a
 * real server.
 */
export function connectSharedMock(
  options: MockApiOptions = {},
  mode: SharedModeOptions = {},
): Promise<SharedMockApi> {
  const hello: HubHello = {
    kind: 'hello',
    options: sharedOptions(options),
    database: mode.database ?? false,
  }
  // Only a browser without SharedWorker loads a copy of the core into the page.
  if (typeof SharedWorker === 'undefined')
    return import('./connect-in-page.ts').then(({ connectInPage }) =>
      connectInPage(hello, mode.clock),
    )
  const worker = new SharedWorker(
    new URL('./shared-mock-worker.ts', import.meta.url),
    { type: 'module', name: 'hypermock' },
  )
  return new Promise((resolve, reject) => {
    worker.addEventListener('error', () =>
      reject(
        new Error(
          'Failed to start the shared mock: its SharedWorker script did not load. Serve the app through a bundler that emits workers (Vite, webpack 5), or start without "shared".',
        ),
      ),
    )
    connectToHub(worker.port, hello, mode.clock).then(resolve, reject)
  })
}
