import { setupServer } from 'msw/node'
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
} from '../mock-server/index.ts'
import { createHandlers } from './handlers.ts'

/**
 * A mock instance plus an msw `setupServer` that routes `fetch` in Node to it, for tests.
 *
 * @example
 * const { api, server } = setupMockServer()
 * beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => api.reset())
 * afterAll(() => server.close())
 */
export function setupMockServer(options: MockApiOptions = {}): {
  api: MockApi
  server: ReturnType<typeof setupServer>
} {
  const api = createMockApi(options)
  return { api, server: setupServer(...createHandlers(api)) }
}
