import { defineConfig } from '@playwright/test'
import { nodeCompileCache } from '../support/node-compile-cache.ts'
import { pickBrowser } from './support/pick-browser.ts'
import { ports } from './support/ports.ts'

// The six servers listen on E2E_PORT and the five ports after it (see support/servers.ts).
const { preview: previewPort, dev: devPort, serve: servePort } = ports

// The three `hypermock-api serve` servers start from the sources with Node's compile cache.
process.env.NODE_COMPILE_CACHE ??= nodeCompileCache

const browser = await pickBrowser()
// The config loads in the runner and again in each worker: the runner says it once.
if (process.env.TEST_WORKER_INDEX === undefined)
  console.log(`e2e browser: ${browser.source}, ${browser.executablePath}`)

/**
 * End-to-end tests in the Chromium `pickBrowser()` finds (see there: CHROMIUM_PATH, Playwright's
 * own, the system's, or the one from the npm registry; E2E_BROWSER=sparticuz forces the last) with the
 * real service worker: every spec against the built playground (`vite preview`), and the smoke
 * spec and the exactly-what-was-sent spec (StrictMode's double effects) also against `vite` dev,
 * the server `npm run dev` starts; the server-mode specs against the same build served by
 * `hypermock-api serve --playground` for the own-api example and for an imported description;
 * the tests' own apps built as an app would build them (files of the `build` project).
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  // Two workers, each with a browser of its own. In the playground projects (build, dev) every
  // test runs on its own: a playground's mock lives in its page's service worker and storage
  // (one browser context per test), so the tests of one file are spread over both workers and a
  // long file does not leave a worker idle at the end. In the server-mode project each spec file
  // shares its server's state among its tests, which run in order (record-har starts its own
  // server). E2E_WORKERS=1 runs one test at a time. E2E_SCREENSHOTS=1 also saves the pictures of
  // the views in test-results/screenshots/ (see support/fixtures.ts).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a user who asks for reduced motion: the playground's spinners and the timeline's
    // running stripes stand still. Drawn at 60 frames a second, a running bar's stripes cost the
    // browser about a fifth of a CPU-second each second a test waits on it; no test checks them.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: browser.executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'build',
      fullyParallel: true,
      // Also the tests' own apps (pages/vite.config.ts), built as an app's bundle and served by
      // `vite preview` on a port of their own, which those three files set (`test.use`): an API at
      // the root of its host, tabs sharing one mock, the devtools panel. In this project rather
      // than one of their own, they run on its workers and browsers (Playwright starts a worker,
      // and its browser, for each project).
      testIgnore: [
        'server-playground.spec.ts',
        'imported-playground.spec.ts',
        'hotel-playground.spec.ts',
        'record-har.spec.ts',
        'vite-plugin.spec.ts',
      ],
      use: { baseURL: `http://127.0.0.1:${previewPort}` },
    },
    {
      name: 'dev',
      fullyParallel: true,
      testMatch: ['worker-root.spec.ts', 'exactly-what-was-sent.spec.ts'],
      use: { baseURL: `http://127.0.0.1:${devPort}` },
    },
    {
      // The same build, served by the standalone server (server mode): for a declared API, for an
      // OpenAPI description it imported (`serve --openapi`), and for a declared hotel API with no
      // tokens and no owner, the playground adapted to it. The last two files set the address of
      // their own server (`test.use`): one project, so its workers and their browsers serve all
      // three (a project of each started a worker and a browser of its own).
      name: 'server',
      // Also the built-in API's playground on a server of its own, walked to record a HAR.
      // And a Vite dev server with the plugin, which the spec starts itself.
      testMatch: [
        'server-playground.spec.ts',
        'imported-playground.spec.ts',
        'hotel-playground.spec.ts',
        'record-har.spec.ts',
        'vite-plugin.spec.ts',
      ],
      use: { baseURL: `http://127.0.0.1:${servePort}` },
    },
  ],
  // The six servers above, started at once by one script (Playwright would start them one after
  // the other): `vite preview` of the build, `vite` dev, `hypermock-api serve --playground` for the
  // own-api example, for an imported description and for the hotel API, and the tests' own pages.
  webServer: {
    command: `node tests/e2e/support/servers.ts ${previewPort}`,
    cwd: '../..',
    // Its line with each server's start-up time is printed (as [WebServer]).
    stdout: 'pipe',
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    timeout: 90_000,
  },
})
