import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// Every story as a test in Chromium (Storybook's Vitest integration), each with its own mock.
export default defineConfig({
  plugins: [storybookTest({ configDir: '.storybook' })],
  test: {
    name: 'storybook',
    // Both story files in one frame: each story resets its own mock, so a file needs no fresh
    // page, and the frame loads Storybook, msw and the mock once rather than once a file.
    isolate: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
