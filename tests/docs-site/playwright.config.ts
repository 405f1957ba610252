import { defineConfig } from '@playwright/test'
import { pickBrowser } from '../e2e/support/pick-browser.ts'

const port = Number(process.env.DOCS_PORT ?? 4183)
const browser = await pickBrowser()

/**
 * The built docs site (`npm run docs:build`, served as `vitepress preview` serves it, less the
 * compression: see serve-site.ts) in the same Chromium the e2e tests use: links and anchors,
 * navigation, search, console errors, axe-core, 390 px.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/docs-site',
  // The site is static and every test opens its own pages: they run two at a time.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    },
  },
  webServer: {
    command: `node tests/docs-site/serve-site.ts ${port}`,
    cwd: '../..',
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
