import AxeBuilder from '@axe-core/playwright'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { collectPageErrors } from './support/fixtures.ts'
import { seriousViolations } from './support/serious-violations.ts'

/**
 * Every view, audited by axe-core against WCAG 2.1 A and AA in Debian's Chromium. An audit only
 * reads the page, so the file keeps one page: it opens the first view, and each test after it
 * goes to its view by the navigation's link, as a user does. (A page for each test started the
 * playground eleven times.) The tests run in order on one worker; after a failing test Playwright
 * starts a new worker, and the next test a new page. Each test checks, as every other spec's
 * does, that the page logged no console error and threw nothing while it ran.
 */
test.describe.configure({ mode: 'default' })

let context: BrowserContext
let page: Page
let pageErrors: string[]

test.beforeAll(async ({ browser }, testInfo) => {
  const { baseURL } = testInfo.project.use
  context = await browser.newContext(baseURL === undefined ? {} : { baseURL })
  page = await context.newPage()
  pageErrors = collectPageErrors(page)
})

test.afterAll(async () => {
  await context.close()
})

test.afterEach(async () => {
  const testInfo = test.info()
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('screenshot', {
      body: await page.screenshot(),
      contentType: 'image/png',
    })
  const errors = pageErrors.splice(0)
  expect(errors, 'console errors or uncaught exceptions in the page').toEqual(
    [],
  )
})

/** Opens `view`: the first by its address, the others by the navigation's link. */
async function open(view: string) {
  if (page.url() === 'about:blank') await page.goto(`/?view=${view}`)
  else
    await page
      .getByRole('navigation', { name: 'Views' })
      .locator(`a[href="?view=${view}"]`)
      .click()
  await expect(page).toHaveURL(new RegExp(`[?&]view=${view}(&|$)`))
  await expect(page.getByText(/^Loading the .+ view…$/)).toHaveCount(0)
}

const views = [
  'explorer',
  'console',
  'timeline',
  'faults',
  'scenarios',
  'data',
  'journal',
  'events',
  'graphql',
  'guide',
  'reference',
]

for (const view of views) {
  test(`the ${view} view has no serious accessibility violations`, async () => {
    await open(view)
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
    // The GraphQL view's editor loads after the view: the audit waits for GraphiQL itself.
    if (view === 'graphql')
      await expect(
        page.getByRole('button', { name: /execute query/i }),
      ).toBeVisible({ timeout: 30_000 })
    // The playground has no frames: axe-core runs in the page itself (legacy mode), rather than
    // in each frame with the results put together in a second, blank page that loads it again.
    const audit = new AxeBuilder({ page })
      .setLegacyMode()
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // GraphiQL 4's own markup is left out: it fails color-contrast (its logo, CodeMirror's field
    // names), label (CodeMirror's input textareas), nested-interactive (its tabs) and
    // scrollable-region-focusable (the editor's scroller), which hypermock cannot fix from outside.
    // The view's own heading, text and frame are audited.
    if (view === 'graphql') audit.exclude('.graphiql-frame')
    const results = await audit.analyze()
    const serious = seriousViolations(results)
    expect(serious).toEqual([])
    // The audit really looked at the view: dozens of rules applied and passed.
    // (GraphiQL left out, the GraphQL view's page applies 20.)
    expect(results.passes.length).toBeGreaterThan(view === 'graphql' ? 15 : 20)
  })
}
