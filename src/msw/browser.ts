import { setupWorker } from 'msw/browser'
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
} from '../mock-server/index.ts'
import { createHandlers } from './handlers.ts'

// Requests the mock does not own (the app's own files, other hosts) go to the network untouched.
// msw 3 reads `onUnhandledFrame`, msw 2 `onUnhandledRequest`; each ignores the other's name.
const startOptions = {
  onUnhandledFrame: 'bypass',
  onUnhandledRequest: 'bypass',
  quiet: true,
} as const

/**
 * Starts msw's service worker in the page with a mock instance behind it. Resolves once the worker
 * intercepts requests, so render the app after awaiting it. The page's site must serve msw's
 * `mockServiceWorker.js` at its root: `npx hypermock-api init public` copies the one matching
 * your msw.
 *
 * @example
 * const api = await startMockWorker()
 * createRoot(document.getElementById('root')!).render(<App />)
 */
export async function startMockWorker(
  options: MockApiOptions = {},
): Promise<MockApi> {
  const api = createMockApi(options)
  const worker = setupWorker(...createHandlers(api))
  await worker.start(startOptions)
  return api
}
