import { setupWorker } from 'msw/browser'
import type {
  ApiDeclaration,
  MockApi,
  MockApiOptions,
  ShopApi,
} from '../index.ts'
import {
  connectSharedMock,
  type SharedModeOptions,
} from '../shared-mock/connect-shared-mock.ts'
import type { SharedMockApi } from '../shared-mock/remote-mock-api.ts'
import { createHandlers } from './handlers.ts'

export type { SharedModeOptions, SharedMockApi }

// Requests the mock does not own (the app's own files, other hosts) go to the network untouched.
// msw 3 reads `onUnhandledFrame`, msw 2 `onUnhandledRequest`; each ignores the other's name.
const startOptions = {
  onUnhandledFrame: 'bypass',
  onUnhandledRequest: 'bypass',
  quiet: true,
} as const

export interface StartMockWorkerOptions<
  A extends ApiDeclaration = ShopApi,
> extends MockApiOptions<A> {
  /**
   * One mock for every tab of the origin (run by a SharedWorker) instead of one per page: a write in
   * one tab is seen by all, an Idempotency-Key executes once whichever tab sends it. `{ database }`
   * also keeps it in IndexedDB across visits. Options must then be plain data (no `now`, `seed`…).
   * @default false
   */
  shared?: boolean | SharedModeOptions
}

/**
 * Starts msw's service worker in the page with a mock instance behind it. Resolves once the worker
 * intercepts requests, so render the app after awaiting it. The page's site must serve msw's
 * `mockServiceWorker.js` at its root: `npx hypermock-api init public` copies the one matching
 * your msw.
 *
 * @example
 * const api = await startMockWorker()
 * createRoot(document.getElementById('root')!).render(<App />)
 * // or one mock for every tab of the origin, kept across visits:
 * await startMockWorker({ shared: { database: 'my-app-mock' } })
 */
export async function startMockWorker(
  options: StartMockWorkerOptions & { shared: true | SharedModeOptions },
): Promise<SharedMockApi>
export async function startMockWorker<A extends ApiDeclaration = ShopApi>(
  options?: StartMockWorkerOptions<A>,
): Promise<MockApi<A>>
export async function startMockWorker(
  options: StartMockWorkerOptions = {},
): Promise<MockApi> {
  const { shared = false, ...mockOptions } = options
  // Loaded only for a mock in the page: a shared one runs its core in its own worker.
  const api = shared
    ? await connectSharedMock(mockOptions, shared === true ? {} : shared)
    : (await import('../default-mock-api.ts')).createMockApi(mockOptions)
  const worker = setupWorker(...createHandlers(api))
  await worker.start(startOptions)
  return api
}
