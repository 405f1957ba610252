import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { packageEntries } from '../../docs/.vitepress/package-entries.ts'
import { brokenLinks, builtPages } from './built-site.ts'
import { seriousViolations } from '../e2e/support/serious-violations.ts'

const screenshots = 'test-results/screenshots'
/**
 * The pictures at 390 px are for a person to look at (`E2E_SCREENSHOTS=1`, as for the e2e tests'
 * views): no check reads them. A failing test's own screenshot is saved either way.
 */
const savingScreenshots = process.env.E2E_SCREENSHOTS === '1'

/** Fails the test on any console error or uncaught exception of the page. */
function watchConsole(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`${response.status()} ${response.url()}`)
  })
  return errors
}

test('every internal link and anchor of the built site resolves', () => {
  const pages = builtPages()
  expect(pages).toContain('/tutorial/getting-started')
  expect(pages).toContain('/concepts/idempotency')
  expect(pages.length).toBeGreaterThan(30)
  expect(brokenLinks()).toEqual([])
})

test('the API reference has a page for every entry of the package, from its TSDoc', async ({
  page,
}) => {
  const pages = builtPages()
  const entries = packageEntries()
  expect(entries.length).toBeGreaterThan(10)
  expect(
    entries
      .map(({ name }) => `/reference/api/${name}`)
      .filter((path) => !pages.includes(path)),
  ).toEqual([])
  // An export's section carries its TSDoc, not only its type.
  await page.goto('/reference/api/hypermock-api/server')
  await expect(
    page.getByRole('heading', { level: 1, name: 'hypermock-api/server' }),
  ).toBeVisible()
  await expect(
    page.getByRole('heading', { name: /^startServer\(\)/ }),
  ).toBeVisible()
  await expect(
    page.getByText('Stops accepting connections').first(),
  ).toBeVisible()
})

/**
 * Every page of the site, dealt round-robin into a few tests so that both workers walk it: one
 * test of all ~70 pages took longer than all the other tests together. Each part checks it walks
 * some pages, and the parts together are every page.
 */
const walkParts = 4

for (let part = 0; part < walkParts; part++) {
  test(`every page loads without a console error (part ${part + 1} of ${walkParts})`, async ({
    page,
  }) => {
    const all = builtPages()
    const pages = all.filter((_, index) => index % walkParts === part)
    expect(pages.length).toBeGreaterThanOrEqual(
      Math.floor(all.length / walkParts),
    )
    // A few seconds a page on a loaded machine: the API reference's pages are long.
    test.setTimeout(pages.length * 5_000)
    const errors = watchConsole(page)
    for (const path of pages) {
      await page.goto(path)
      await expect(page.locator('h1').first()).toBeVisible()
    }
    expect(errors).toEqual([])
  })
}

test('a reader gets from the home page to a concept through the navigation', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.goto('/')
  await page.getByRole('link', { name: 'Getting started' }).first().click()
  await expect(page).toHaveURL(/\/tutorial\/getting-started$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Getting started' }),
  ).toBeVisible()
  await page
    .locator('.VPSidebar')
    .getByRole('link', { name: 'Idempotency', exact: true })
    .click()
  await expect(page).toHaveURL(/\/concepts\/idempotency$/)
  // A rule's stable address lands on its section.
  await page.goto('/')
  await page.goto('/concepts/idempotency#idempotency-replay')
  await expect(page.locator('h2#idempotency-replay')).toBeVisible()
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(100)
  expect(errors).toEqual([])
})

test('search finds a convention and opens its page', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click()
  const input = page
    .getByRole('searchbox')
    .or(page.locator('#localsearch-input'))
  await input.first().fill('Idempotency-Key')
  const results = page.locator('.result')
  // The first search loads the whole site's index (~650 kB of script) and builds it in the page:
  // over ten seconds when the other docs tests and the package step share the two cores.
  await expect(results.first()).toBeVisible({ timeout: 30_000 })
  await expect(
    page.locator('.result', { hasText: 'Idempotency' }).first(),
  ).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(/\/$/)
  await expect(page.locator('h1').first()).toBeVisible()
})

const audited = [
  '/',
  '/tutorial/getting-started',
  '/guide/',
  '/guide/own-api',
  '/concepts/validation',
  '/reference/problem-types',
  '/reference/api/hypermock-api/server',
]

/**
 * The audits share one page: each audited page is opened in it by its address, so the site's
 * scripts, styles and fonts load once rather than in a new browser context for each page. Every
 * page's violations are reported, not only the first failing page's.
 */
test('the audited pages have no serious WCAG 2.1 AA violations', async ({
  page,
}) => {
  // axe-core on a long page with many code blocks takes a while on a loaded machine.
  test.setTimeout(audited.length * 90_000)
  for (const path of audited) {
    await test.step(path, async () => {
      await page.goto(path)
      await expect(page.locator('h1').first()).toBeVisible()
      // The site has no frames: axe-core runs in the page itself (legacy mode), with the same
      // rules and tags, rather than in each frame with the results put together in a second,
      // blank page that loads it again.
      const results = await new AxeBuilder({ page })
        .setLegacyMode()
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      const serious = seriousViolations(results)
      expect.soft(serious, path).toEqual([])
      expect.soft(results.passes.length, path).toBeGreaterThan(15)
    })
  }
})

test('reads at 390 px: no sideways scrolling of the page, a menu for the navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  for (const path of audited) {
    await page.goto(path)
    await expect(page.locator('h1').first()).toBeVisible()
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth,
    )
    expect(width, path).toBeLessThanOrEqual(390)
    if (savingScreenshots)
      await page.screenshot({
        path: `${screenshots}/docs${path === '/' ? '-home' : path.replace(/\//g, '-')}-390.png`,
      })
  }
  await page.goto('/concepts/idempotency')
  await page.getByRole('button', { name: /menu/i }).first().click()
  await expect(
    page
      .locator('.VPSidebar')
      .getByRole('link', { name: 'Retries', exact: true }),
  ).toBeVisible()
})
