import { setupWorker } from 'msw/browser'
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
} from '../mock-server/index.ts'
import { createHandlers } from './handlers.ts'

/**
 * Starts msw's service worker in the page with a mock instance behind it. Resolves once the worker
 * intercepts requests, so render the app after awaiting it.
 */
export async function startMockWorker(
  options: MockApiOptions = {},
): Promise<MockApi> {
  const api = createMockApi(options)
  const worker = setupWorker(...createHandlers(api))
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true })
  return api
}
