import {
  test as base,
  type BrowserContext,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test'
import type { ApiDeclaration } from '../index.ts'
import type { DefaultApi } from '../default-mock-api.ts'
import type { RunningServer, ServerOptions } from '../server/index.ts'
import {
  mockHandle,
  type ControlTransport,
  type MockHandle,
} from './mock-handle.ts'

/**
 * Where the page's mock runs:
 * - `'worker'`: the app starts it in the page (`startMockWorker`, shared or not). Each test has its
 *   own browser context, so its own mock: tests never see each other's rows. The handle talks to
 *   it through the page, so call it after `page.goto()`.
 * - `'serve'`: one mock server per Playwright worker (`mockServer` options), reset before each test;
 *   the page's requests to the API base and the control API, at the `baseURL`'s origin, are
 *   answered by it. Tests run one at a time within a worker, so they never see each other's rows.
 */
export type MockMode = 'worker' | 'serve'

/** The fixture's per-test options, set with `test.use`. */
export interface MockTestOptions {
  /** @default 'worker' */
  mockMode: MockMode
  /** Where the control API answers. @default '/__mock' */
  mockControlPath: string
}

/** The fixture's per-worker options, set in the Playwright config's `use`. */
export interface MockWorkerOptions {
  /** The server each Playwright worker starts in `'serve'` mode (`api`: your declaration). @default {} */
  mockServer: Omit<ServerOptions, 'port' | 'playground'>
}

interface MockFixtures<A extends ApiDeclaration> {
  /** The mock this test's page talks to. */
  mock: MockHandle<A>
}

interface MockWorkerFixtures {
  /** Starts this worker's server on first use (`'serve'` mode), closed when the worker ends. */
  mockServerOf: () => Promise<RunningServer>
}

/** Control requests sent from the page, so they reach the mock its service worker runs. */
function throughPage(page: Page, controlPath: string): ControlTransport {
  return async (method, path, body) => {
    if (!/^https?:/.test(page.url()))
      throw new Error(
        `Failed to reach the mock in the page: the page is at ${page.url()}. Call page.goto() on your app first; its mock starts with it.`,
      )
    return page.evaluate(
      async ({ url, probe, method, body }) => {
        // The app starts its mock as it loads: wait until the mock answers, not the site's server.
        const until = Date.now() + 10_000
        for (;;) {
          const ready = await fetch(probe, { cache: 'no-store' }).then(
            (r) =>
              r.ok && (r.headers.get('Content-Type') ?? '').includes('json'),
            () => false,
          )
          if (ready) break
          if (Date.now() > until)
            return {
              status: 503,
              text: `No mock answered ${probe} within 10 s: does the app start it (startMockWorker) on this page?`,
            }
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        const response = await fetch(url, {
          method,
          cache: 'no-store',
          ...(body !== undefined && {
            body,
            headers: { 'Content-Type': 'application/json' },
          }),
        })
        return { status: response.status, text: await response.text() }
      },
      {
        url: `${controlPath}${path}`,
        probe: `${controlPath}/clock`,
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    )
  }
}

function overHttp(server: RunningServer): ControlTransport {
  return async (method, path, body) => {
    const response = await fetch(
      `${server.url}${server.api.controlPath}${path}`,
      {
        method,
        ...(body !== undefined && {
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json' },
        }),
      },
    )
    return { status: response.status, text: await response.text() }
  }
}

/** The page's requests for the mock (its base and control API, at the app's origin) go to the server. */
async function routeToServer(
  context: BrowserContext,
  server: RunningServer,
  baseURL: string | undefined,
) {
  const { basePath, controlPath } = server.api
  const under = (path: string, base: string) =>
    path === base || path.startsWith(`${base}/`)
  const origin = baseURL === undefined ? undefined : new URL(baseURL).origin
  await context.route(
    (url) =>
      (origin === undefined || url.origin === origin) &&
      (under(url.pathname, controlPath) ||
        (basePath === ''
          ? server.api.owns(url)
          : under(url.pathname, basePath))),
    async (route) => {
      const url = new URL(route.request().url())
      try {
        const response = await route.fetch({
          url: `${server.url}${url.pathname}${url.search}`,
        })
        await route.fulfill({ response })
      } catch {
        // A network-error fault drops the connection: the page sees the same.
        await route.abort('connectionreset')
      }
    },
  )
}

/**
 * Playwright's `test` with a `mock` fixture: a typed handle on the mock the test's page talks to,
 * isolated per test while workers run in parallel.
 *
 * @example
 * import { test, expect } from 'hypermock-api/playwright'
 * test('shows the bookings after two 503s', async ({ page, mock }) => {
 *   await page.goto('/')
 *   await mock.faults.add({ match: { method: 'GET', path: '/api/bookings' }, effect: { kind: 'status', status: 503 }, times: 2 })
 *   await page.getByRole('button', { name: 'Load bookings' }).click()
 *   await expect(page.getByRole('listitem')).toHaveCount(2)
 * })
 */
/** Playwright's `test` with the mock's fixtures, its handle typed from the declaration `A`. */
export type MockTestType<A extends ApiDeclaration = DefaultApi> = TestType<
  PlaywrightTestArgs &
    PlaywrightTestOptions &
    MockTestOptions &
    MockFixtures<A>,
  PlaywrightWorkerArgs &
    PlaywrightWorkerOptions &
    MockWorkerOptions &
    MockWorkerFixtures
>

/**
 * Playwright's `test` with a `mock` fixture: the built-in shop's mock, in the page's worker or a
 * standalone server, fresh for every test. `mockTest<typeof yourApi>()` types it from your API.
 *
 * @example
 * test('retries a failed payment', async ({ mock }) => { await mock.faults.add({ match: { path: '/api/payments' }, effect: { kind: 'status', status: 503 }, times: 1 }) })
 */
export const test: MockTestType = base.extend<
  MockTestOptions & MockFixtures<DefaultApi>,
  MockWorkerOptions & MockWorkerFixtures
>({
  mockMode: ['worker', { option: true }],
  mockControlPath: ['/__mock', { option: true }],
  mockServer: [{}, { option: true, scope: 'worker' }],
  mockServerOf: [
    async ({ mockServer }, use) => {
      let started: Promise<RunningServer> | undefined
      await use(() => {
        started ??= import('../server/index.ts').then(({ startServer }) =>
          startServer({ ...mockServer, port: 0 }),
        )
        return started
      })
      if (started) await (await started).close()
    },
    { scope: 'worker' },
  ],
  // Automatic, so that in 'serve' mode the page reaches the server even in a test that never
  // names `mock`.
  mock: [
    async (
      { mockMode, mockControlPath, mockServerOf, context, page, baseURL },
      use,
    ) => {
      if (mockMode === 'worker')
        return use(mockHandle(throughPage(page, mockControlPath)))
      const server = await mockServerOf()
      const handle = mockHandle<DefaultApi>(overHttp(server))
      await handle.reset()
      await routeToServer(context, server, baseURL)
      await use(handle)
    },
    { auto: true },
  ],
})

/**
 * The `test` above with the handle typed from your declaration: `mockTest<typeof hotel>()`.
 */
export function mockTest<A extends ApiDeclaration>(): MockTestType<A> {
  return test as unknown as MockTestType<A>
}
