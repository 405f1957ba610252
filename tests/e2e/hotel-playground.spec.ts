import type { Page } from '@playwright/test'
import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

/**
 * The playground served by `hypermock-api serve --config tests/fixtures/hotel/hypermock.config.ts
 * --playground` (the `hotel` project): a declared API with no tokens and no owner, none of the
 * built-in domain's paths. Every view offers what this API has.
 */
test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204)
})

test('the Timeline’s Run a request and the Console’s default succeed on the hotel API', async ({
  page,
}) => {
  await page.goto('/__mock/playground/?view=timeline')
  const run = page.getByRole('form', { name: 'Run a request' })
  await expect(run.getByLabel('Path')).toHaveValue('/api/rooms')
  await expect(
    run.getByRole('button', { name: /payments|orders/ }),
  ).toHaveCount(0)
  await run.getByRole('button', { name: 'Run' }).click()
  await expect(run.getByRole('status')).toHaveText('GET /api/rooms: 200 OK')

  await page.goto('/__mock/playground/?view=console')
  await expect(page.getByLabel('Path')).toHaveValue('/api/rooms')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /^Answered 200 OK/ }),
  ).toBeVisible()
})

test('every view, at 1280 and 390 px', async ({ page }) => {
  for (const view of [
    'explorer',
    'timeline',
    'console',
    'faults',
    'journal',
    'data',
    'scenarios',
    'guide',
    'reference',
  ]) {
    await page.goto(`/__mock/playground/?view=${view}`)
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible()
    await checks[view]?.(page)
    await screenshotWideAndNarrow(page, `hotel-${view}`)
  }
})

/** What each view must say of this API, and must not say of the built-in one. */
const checks: Record<string, (page: Page) => Promise<void>> = {
  async explorer(page) {
    const welcome = page.getByRole('region', { name: 'Welcome' })
    await expect(welcome).toContainText('GET /api')
    // The hotel declares no scenarios: no link to an empty gallery.
    await expect(welcome.getByRole('link', { name: 'scenario' })).toHaveCount(0)
  },
  async faults(page) {
    await expect(page.getByPlaceholder('/api/rooms*')).toHaveCount(1)
    await expect(page.getByPlaceholder('/api/payments*')).toHaveCount(0)
    await expect(page.getByText(/payments and transfers/)).toHaveCount(0)
  },
  async guide(page) {
    await expect(page.getByText('customer-1-token')).toHaveCount(0)
    await expect(
      page.getByText(/Each caller sees only its own items/),
    ).toHaveCount(0)
    await expect(
      page.getByText(/This API declares no tokens: any Bearer token is let in/),
    ).toBeVisible()
  },
}
