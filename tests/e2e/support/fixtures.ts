import { expect, test as base } from '@playwright/test'

export { expect }

/**
 * Playwright's `test`, plus a check that runs around every test: the page logged no console error
 * and threw no uncaught exception. Chromium logs each 4xx or 5xx answer as "Failed to load
 * resource"; those under the API are the mock's deliberate answers, not faults of the page.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const url = message.location().url
        const { pathname } = new URL(url || 'about:blank')
        const apiAnswer = /^\/api(\/|$)/.test(pathname)
        if (apiAnswer && message.text().startsWith('Failed to load resource'))
          return
        errors.push(`${message.text()} @ ${url}`)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(
        errors,
        'console errors or uncaught exceptions in the page',
      ).toEqual([])
    },
    { auto: true },
  ],
})
