import { defineConfig } from '@playwright/test'

const port = Number(process.env.EXAMPLE_PORT ?? 4713)

/** `react-router dev` with the mock, in Chromium: the page, the loaders and the devtools panel. */
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    },
  },
  webServer: {
    command: `react-router dev --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
