import { setupWorker } from 'msw/browser'
import type { ApiDeclaration, MockApi, MockApiOptions } from '../index.ts'
import type { DefaultApi } from '../default-mock-api.ts'
import {
  connectSharedMock,
  startKeptMock,
  type PersistOptions,
  type SharedModeOptions,
} from '../shared-mock/connect-shared-mock.ts'
import type { SharedMockApi as RemoteMockApi } from '../mock-server/control/remote-mock-api.ts'
import { createHandlers } from './handlers.ts'
// The engine's own: a page that names its API never loads the root entry's default.
import { createMockApi as createEngineMockApi } from '../mock-server/create-mock-api.ts'

export type { PersistOptions, SharedModeOptions }
export type { StoredDataMismatch } from '../shared-mock/mismatch-notice.ts'

/** A mock that runs elsewhere (the tab leading a shared mock), reached from this page. */
export type SharedMockApi<A extends ApiDeclaration = DefaultApi> =
  RemoteMockApi<A>

// Requests the mock does not own (the app's own files, other hosts) go to the network untouched.
// msw 3 reads `onUnhandledFrame`, msw 2 `onUnhandledRequest`; each ignores the other's name.
const startOptions = {
  onUnhandledFrame: 'bypass',
  onUnhandledRequest: 'bypass',
  quiet: true,
} as const

/** What `startMockWorker` takes: the mock's options, a scenario, the worker's and sharing. */
export interface StartMockWorkerOptions<
  A extends ApiDeclaration = DefaultApi,
> extends MockApiOptions<A> {
  /**
   * One mock for every tab of the origin instead of one per page: a write in one tab is seen by
   * all, an Idempotency-Key executes once whichever tab sends it. One tab runs the mock (your
   * declaration, functions and all, stays in that tab); the others talk to it. `{ database }`
   * also keeps it in IndexedDB across reloads and visits.
   * @default false
   */
  shared?: boolean | SharedModeOptions
  /**
   * Keeps this page's mock in the IndexedDB database of this name: a reload, or closing the tab and
   * coming back, finds every row, key, fault rule and setting as it was. Reset it with
   * `api.reset()`. A second tab of the origin finds the database taken and runs in memory (use
   * `shared` for tabs that see one state). `{ database, onMismatch }` also says what to do with
   * stored rows that no longer fit the declaration.
   * @default undefined (kept in memory: a reload starts from the seed)
   */
  persist?: string | PersistOptions
}

/** A mock that runs in the tab that leads, or in this page behind IndexedDB. */
export type KeptMockApi<A extends ApiDeclaration = DefaultApi> = MockApi<A> &
  SharedMockApi

/**
 * Starts msw's service worker in the page with a mock instance behind it. Resolves once the worker
 * intercepts requests, so render the app after awaiting it. The page's site must serve msw's
 * `mockServiceWorker.js` at its root: `npx hypermock-api init public` copies the one matching
 * your msw.
 *
 * @example
 * const api = await startMockWorker({ api: hotel })
 * createRoot(document.getElementById('root')!).render(<App />)
 * // or one mock for every tab of the origin, kept across visits:
 * await startMockWorker({ api: hotel, shared: { database: 'hotel-mock' } })
 * // or this page's mock alone, kept across reloads:
 * await startMockWorker({ api: hotel, persist: 'hotel-mock' })
 */
export async function startMockWorker<A extends ApiDeclaration = DefaultApi>(
  options: StartMockWorkerOptions<A> &
    (
      | { shared: true | SharedModeOptions }
      | { persist: string | PersistOptions }
    ),
): Promise<KeptMockApi<A>>
export async function startMockWorker<A extends ApiDeclaration = DefaultApi>(
  options?: StartMockWorkerOptions<A>,
): Promise<MockApi<A>>
export async function startMockWorker(
  options: StartMockWorkerOptions<ApiDeclaration> = {},
): Promise<MockApi<ApiDeclaration>> {
  const { shared = false, persist, ...mockOptions } = options
  if (shared && persist !== undefined)
    throw new Error(
      'Failed to start the mock: "shared" and "persist" do not go together. Keep a shared mock with shared: { database: "name" }.',
    )
  if ((shared || persist !== undefined) && mockOptions.store)
    throw new Error(
      `Failed to start the mock: "${shared ? 'shared' : 'persist'}" keeps the mock in IndexedDB, so it takes no "store". Leave one of them out.`,
    )
  // The root entry's default API when none is given, loaded only then.
  const declared = mockOptions.api
    ? { ...mockOptions, api: mockOptions.api }
    : (await import('../default-mock-api.ts')).withDefaultApi(mockOptions)
  const api = shared
    ? await connectSharedMock(declared, shared === true ? {} : shared)
    : persist !== undefined
      ? await startKeptMock(
          declared,
          typeof persist === 'string' ? persist : persist.database,
          typeof persist === 'string' ? {} : persist,
        )
      : createEngineMockApi(declared)
  const worker = setupWorker(...createHandlers(api as MockApi))
  await worker.start(startOptions)
  return api as MockApi<ApiDeclaration>
}
