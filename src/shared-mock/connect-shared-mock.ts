import type { DeclaredMockOptions } from '../mock-server/control/remote-mock-api.ts'
import type { SharedMockApi } from '../mock-server/control/remote-mock-api.ts'
import { leadThroughLocks } from './lead-through-locks.ts'
import type { StoredDataMismatch } from './mismatch-notice.ts'
import { createMockHub } from './mock-hub.ts'
import { openStoreAlone } from './open-store-alone.ts'
import { connectToHub, type SharedModeClock } from './port-transport.ts'

/** What a mock kept in the browser does with stored rows that no longer fit its declaration. */
export interface KeptMockOptions {
  /**
   * Stored rows that no longer fit the declaration (a member removed, a type narrowed, a state
   * renamed): `report` runs the mock with the rows that fit and leaves the stored data unchanged,
   * `keep` drops the others from the store, `reset` starts over from the seed, `refuse` does not
   * start the mock. Each names every such row and member in the console and in
   * `api.shared.startupNotice`.
   * @default 'report'
   */
  onMismatch?: StoredDataMismatch
}

/** The `shared` option of `startMockWorker`: one mock for every tab of the origin. */
export interface SharedModeOptions extends KeptMockOptions {
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

/** The `persist` option of `startMockWorker`: this page's mock kept in IndexedDB across reloads. */
export interface PersistOptions extends KeptMockOptions {
  /** The IndexedDB database that keeps this page's mock. */
  database: string
}

/**
 * A mock in this page alone, kept in IndexedDB under `database` across reloads: the same hub a
 * shared mock runs, reached over a `MessageChannel` of the page.
 */
export function startKeptMock(
  options: DeclaredMockOptions,
  database: string | false,
  mode: KeptMockOptions & { clock?: SharedModeClock } = {},
): Promise<SharedMockApi> {
  const { port1, port2 } = new MessageChannel()
  createMockHub({
    options,
    database,
    onMismatch: mode.onMismatch ?? 'report',
    openStore: openStoreAlone,
  }).connect(port1)
  return connectToHub(port2, options, mode.clock)
}

/**
 * Connects this tab to the one mock its origin's tabs share: every tab sees the same data,
 * idempotency keys and faults, as with a real server. The declaration holds code, so no worker
 * can run it without a file of its own: one tab leads (a Web Lock) and runs the mock, the others
 * reach it over a BroadcastChannel, and only requests, answers and plain data cross.
 */
export function connectSharedMock(
  options: DeclaredMockOptions,
  mode: SharedModeOptions = {},
): Promise<SharedMockApi> {
  const database = mode.database ?? false
  // Browsers before 2022 have no Web Locks: each tab then runs a mock of its own.
  return typeof navigator !== 'undefined' &&
    'locks' in navigator &&
    typeof BroadcastChannel === 'function'
    ? leadThroughLocks(
        options,
        database,
        mode.onMismatch ?? 'report',
        mode.clock,
      )
    : startKeptMock(options, database, mode)
}
