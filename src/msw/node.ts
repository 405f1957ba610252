import { createRequire } from 'node:module'
import { setupServer } from 'msw/node'
import {
  applyScenario,
  createMockApi,
  type MockApi,
  type MockApiOptions,
  type ApiDeclaration,
  type Scenario,
  type ScenarioIdOf,
} from '../index.ts'
import type { DefaultApi } from '../default-mock-api.ts'
import { assertMswRuns } from './assert-msw-runs.ts'
import { pageOrigin } from './handled-origins.ts'
import { createHandlers, type HandledOrigins } from './handlers.ts'
import { renamedListenOptions } from './renamed-listen-options.ts'

/** What `setupMockServer` takes: the mock's options, a scenario, and msw's own. */
export interface SetupMockServerOptions<
  A extends ApiDeclaration = DefaultApi,
> extends MockApiOptions<A> {
  /** A scenario (one the API declares, by id, or your own) applied once, at creation. */
  scenario?: ScenarioIdOf<A> | Scenario
  /**
   * Origins where an API at a path base (`/api`) and the control API are answered: other hosts stay
   * unhandled, so `onUnhandledFrame: 'error'` (msw 2: `onUnhandledRequest`) catches them.
   * `'loopback'` stands for every loopback origin (`http://localhost`, `127.0.0.1`, `[::1]`, any
   * port), `'*'` for every origin. A base with a host is answered at that host only.
   * @default ['loopback'], plus the page's origin under jsdom or happy-dom
   */
  origins?: HandledOrigins
}

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
 * // fetch('http://localhost/api/orders') is the mock's; fetch('http://localhost/other') is an error.
 */
export function setupMockServer<A extends ApiDeclaration = DefaultApi>(
  options: SetupMockServerOptions<A> = {},
): {
  api: MockApi<A>
  server: ReturnType<typeof setupServer>
} {
  const mswVersion = installedMswVersion()
  assertMswRuns(mswVersion, process.versions.node)
  const { scenario, origins, ...apiOptions } = options
  if (scenario !== undefined && apiOptions.store)
    throw new TypeError(
      'Failed to set up the mock server: a scenario applies at creation, before the store is read, which would replace it. Leave scenario out and call applyScenario(api, scenario) after await api.store.ready.',
    )
  const api = createMockApi(apiOptions)
  if (scenario !== undefined) applyScenario(api, scenario)
  const page = pageOrigin()
  const handled = origins ?? (page === '' ? ['loopback'] : ['loopback', page])
  const server = setupServer(...createHandlers(api, { origins: handled }))
  const listen = server.listen.bind(server)
  let warned = false
  // msw 3 takes `onUnhandledRequest: 'error'` without a word and lets every request through.
  server.listen = (...args) => {
    const warning = warned ? null : renamedListenOptions(args[0], mswVersion)
    if (warning) {
      warned = true
      console.warn(warning)
    }
    return listen(...args)
  }
  return { api, server }
}

function installedMswVersion(): string {
  try {
    const require = createRequire(import.meta.url)
    return (require('msw/package.json') as { version: string }).version
  } catch {
    return '' // an unusual layout: skip the check rather than fail on it
  }
}
