import { defineConfig } from '@playwright/test'

const port = Number(process.env.EXAMPLE_PORT ?? 4712)

/** The built app in Chromium with msw's real service worker; two workers, tests in parallel. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    },
  },
  webServer: {
    command: `vite preview --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
  },
})
