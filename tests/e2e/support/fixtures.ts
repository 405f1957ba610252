import {
  expect,
  test as base,
  type Locator,
  type Page,
  type PageScreenshotOptions,
} from '@playwright/test'

export { expect }

/**
 * Playwright's `test`, plus a check that runs around every test: the page logged no console error
 * and threw no uncaught exception. Chromium logs each 4xx or 5xx answer as "Failed to load
 * resource"; those under the API are the mock's deliberate answers, not faults of the page.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page)
      await use(errors)
      expect(
        errors,
        'console errors or uncaught exceptions in the page',
      ).toEqual([])
    },
    { auto: true },
  ],
})

/**
 * The console errors and uncaught exceptions of `page` from now on, as the list the check around
 * every test reads (see `test`); for a page a spec file keeps across its tests.
 */
export function collectPageErrors(page: Page): string[] {
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
  return errors
}

/**
 * Whether the pictures of the views are saved (`E2E_SCREENSHOTS=1`): in `test-results/screenshots/`,
 * for a person to look at. No check reads them, and drawing and encoding full pages was a large
 * share of the browser's time in a run, so a run without them checks the same things at every
 * width, faster. (A failing test's own screenshot is saved either way.)
 */
export const savingScreenshots = process.env.E2E_SCREENSHOTS === '1'

/** `page.screenshot(options)` when pictures are saved (see `savingScreenshots`). */
export async function saveScreenshot(
  page: Page,
  options: PageScreenshotOptions & { path: string },
) {
  if (savingScreenshots) await page.screenshot(options)
}

/**
 * Saves `test-results/screenshots/<name>.png` at 1280 px, then checks the view at a phone's
 * 390 px (the page wraps, only tables and tracks scroll sideways) and saves `<name>-narrow.png`
 * (the pictures only with `savingScreenshots`; the check always).
 */
export async function screenshotWideAndNarrow(page: Page, name: string) {
  const wide = page.viewportSize() ?? { width: 1280, height: 720 }
  // A view loads as a chunk of its own: picture it, and measure its width, once it is there.
  await expect(page.getByText(/^Loading the .+ view…$/)).toHaveCount(0)
  // From the top: a full-page capture draws the sticky bar where the window was scrolled to.
  const fromTop = () => page.evaluate(() => window.scrollTo(0, 0))
  await page.setViewportSize({ width: 1280, height: 800 })
  if (savingScreenshots) await fromTop()
  await saveScreenshot(page, {
    path: `test-results/screenshots/${name}.png`,
    fullPage: true,
  })
  await page.setViewportSize({ width: 390, height: 844 })
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390)
  if (savingScreenshots) await fromTop()
  await saveScreenshot(page, {
    path: `test-results/screenshots/${name}-narrow.png`,
    fullPage: true,
  })
  await page.setViewportSize(wide)
}

/** Runs the scenario of a gallery card: Run, then the confirmation's "Reset and run". */
export async function runScenario(card: Locator) {
  await card.getByRole('button', { name: 'Run', exact: true }).click()
  await card.getByRole('button', { name: 'Reset and run' }).click()
}

/** Opens `?scenario=<id>` (which only offers it) and runs the offered scenario, confirming. */
export async function runOfferedScenario(page: Page, id: string) {
  await page.goto(`/?scenario=${id}`)
  await page
    .getByRole('region', { name: 'Offered scenario' })
    .getByRole('button', { name: /^Run “/ })
    .click()
  await page.getByRole('button', { name: 'Reset and run' }).click()
}
