import { defineConfig } from '@playwright/test'

const port = Number(process.env.STORYBOOK_PORT ?? 4710)

/** The static Storybook (`storybook build`) in Chromium, with msw's real service worker. */
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    },
  },
  webServer: {
    command: `vite preview --outDir storybook-static --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
  },
})
