import { createRequire } from 'node:module'
import { setupServer } from 'msw/node'
import {
  applyScenario,
  createMockApi,
  type MockApi,
  type MockApiOptions,
  type ApiDeclaration,
  type ShopApi,
  type Scenario,
  type ScenarioIdOf,
} from '../index.ts'
import { assertMswRuns } from './assert-msw-runs.ts'
import { createHandlers } from './handlers.ts'

/**
 * A mock instance plus an msw `setupServer` that routes `fetch` in Node to it, for tests.
 * `scenario` (a built-in id or your own) is applied once, at creation; after `api.reset()`,
 * `applyScenario(api, scenario)` puts it back.
 *
 * @example
 * const { api, server } = setupMockServer()
 * beforeAll(() => server.listen({ onUnhandledFrame: 'error' })) // msw 2: onUnhandledRequest
 * afterEach(() => api.reset())
 * afterAll(() => server.close())
 */
export function setupMockServer<A extends ApiDeclaration = ShopApi>(
  options: MockApiOptions<A> & { scenario?: ScenarioIdOf<A> | Scenario } = {},
): {
  api: MockApi<A>
  server: ReturnType<typeof setupServer>
} {
  assertMswRuns(installedMswVersion(), process.versions.node)
  const { scenario, ...apiOptions } = options
  const api = createMockApi(apiOptions)
  if (scenario !== undefined) applyScenario(api, scenario)
  return { api, server: setupServer(...createHandlers(api)) }
}

function installedMswVersion(): string {
  try {
    const require = createRequire(import.meta.url)
    return (require('msw/package.json') as { version: string }).version
  } catch {
    return '' // an unusual layout: skip the check rather than fail on it
  }
}
