import type { Page } from '@playwright/test'
import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'
import { ports } from './support/ports.ts'

/**
 * The playground served by `hypermock-api serve --config tests/fixtures/hotel/hypermock.config.ts
 * --playground` (a file of the `server` project, on that server's port): a declared API with no
 * tokens and no owner, none of the built-in domain's paths. Every view offers what this API has.
 */
test.use({ baseURL: `http://127.0.0.1:${ports.hotel}` })

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

test('Other traffic leaves out the playground’s own requests, however often the page loads', async ({
  page,
}) => {
  await page.goto('/__mock/playground/?view=timeline')
  const run = page.getByRole('form', { name: 'Run a request' })
  await expect(run.getByLabel('Path')).toHaveValue('/api/rooms')
  await run.getByRole('button', { name: 'Run' }).click()
  await expect(run.getByRole('status')).toHaveText('GET /api/rooms: 200 OK')
  const section = page.getByRole('region', {
    name: 'Other traffic rebuilt from what the mock sees',
  })
  for (let load = 0; load < 4; load++) {
    await page.reload()
    // The page has booted and read the API (its own GET /api and the description).
    await expect(run.getByLabel('Path')).toHaveValue('/api/rooms')
    await expect(section.getByText('No other traffic yet.')).toBeVisible()
  }
  // The journal holds the playground’s reads and the run; Other traffic holds none of them.
  const { entries } = (await (
    await page.request.get('/__mock/journal')
  ).json()) as { entries: unknown[] }
  expect(entries.length).toBeGreaterThanOrEqual(3)

  // A request the playground did not send is other traffic.
  await page.evaluate(() => fetch('/api/guests'))
  await expect(
    section.getByRole('list', { name: 'Other traffic' }).locator(':scope > li'),
  ).toHaveCount(1)
  await expect(section).toContainText('GET /api/guests')
})

test('the Retry timeline holds only what the user ran, never the page’s own reads, however often it loads', async ({
  page,
}) => {
  const run = page.getByRole('form', { name: 'Run a request' })
  const timeline = page.getByRole('region', { name: 'Retry timeline' })
  const operations = timeline.getByRole('list', { name: 'Operations' })
  for (let load = 0; load < 3; load++) {
    await page.goto('/__mock/playground/?view=timeline')
    // Booted: the root and the description were read (the Run box's paths come from them).
    await expect(run.getByLabel('Path')).toHaveValue('/api/rooms')
    await expect(
      timeline.getByRole('status').filter({ hasText: /operation/ }),
    ).toHaveText('No operations yet.')
  }
  // The Reference view reads the root and the description again, for itself.
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Reference' })
    .click()
  await expect(
    page.getByRole('table', { name: 'Rooms operations' }),
  ).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Timeline' })
    .click()
  await expect(operations).toHaveCount(0)

  await run.getByRole('button', { name: 'Run' }).click()
  await expect(run.getByRole('status')).toHaveText('GET /api/rooms: 200 OK')
  await expect(operations.locator(':scope > li')).toHaveCount(1)
  await expect(operations).toContainText('GET /api/rooms')
  await expect(operations).not.toContainText(/openapi\.json|GET \/api(?!\/)/)
})

test('loading the Explorer reads the root once: one GET /api in the shared journal', async ({
  page,
}) => {
  const journal = async () => {
    const { entries } = (await (
      await page.request.get('/__mock/journal')
    ).json()) as { entries: { method: string; path: string }[] }
    return entries.map((entry) => `${entry.method} ${entry.path}`)
  }
  const sent: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api'))
      sent.push(`${request.method()} ${pathname}`)
  })
  // The root is `public, max-age=300`: a second read would come from the browser's cache and
  // reach the mock only with the cache off, as DevTools' "Disable cache" has it. Off here, so
  // every read the page sends is one the mock answers and journals.
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Network.enable')
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true })
  await page.goto('/__mock/playground/?view=explorer')
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
  // The page has found the description, by the root's service-desc link.
  await expect.poll(journal).toContain('GET /api/openapi.json')
  expect((await journal()).filter((read) => read === 'GET /api')).toEqual([
    'GET /api',
  ])
  expect(sent).toEqual(['GET /api', 'GET /api/openapi.json'])
})

test('after a cancel, the bookings list is never shown as current while it is read again', async ({
  page,
}) => {
  await page.goto('/__mock/playground/?view=explorer&href=/api/bookings')
  const row = page
    .getByRole('table', { name: /^Items/ })
    .getByRole('row')
    .filter({
      has: page.getByRole('link', { name: '/api/bookings/1', exact: true }),
    })
  await expect(row).toContainText('held')
  await row.getByRole('link').click()
  await page.getByRole('button', { name: 'cancel' }).click()
  await expect(page.getByText(/^cancel succeeded/)).toBeVisible()

  // The list's re-read is held back: what shows meanwhile is the copy read before the cancel.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/api/bookings',
    async (route) => {
      await held
      await route.continue()
    },
  )
  await page.goBack()
  const list = page.getByRole('article', { name: 'Bookings' })
  await expect(list).toHaveAttribute('aria-busy', 'true')
  await expect(row).toContainText('held')
  await expect(
    page.getByText(/^Refreshing: what is shown was read before/),
  ).toBeVisible()
  await screenshotWideAndNarrow(page, 'hotel-explorer-refreshing')
  release()
  await expect(list).not.toHaveAttribute('aria-busy')
  await expect(row).toContainText('cancelled')
})

test('Copy as curl aims at the server that serves the page, and says curl reaches it', async ({
  page,
  baseURL,
}) => {
  await page.goto('/__mock/playground/?view=console')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  // The form is filled once the description is read.
  await expect(page.getByLabel('Path')).toHaveValue('/api/rooms')
  const copy = page.getByRole('button', { name: 'Copy as curl' })
  await expect(copy).toHaveAccessibleDescription(/^curl reaches this mock/)
  await expect(
    page.getByText('This page talks to that server over HTTP'),
  ).toHaveCount(0) // the banner is the Explorer's
  await copy.click()
  const origin = new URL(baseURL!).origin
  await expect(
    page.getByText(`Copied as curl, aimed at ${origin}.`),
  ).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `'${origin}/api/rooms'`,
  )
  await page.goto('/__mock/playground/?view=explorer')
  await expect(page.getByRole('region', { name: 'Welcome' })).toContainText(
    'curl reaches the same mock',
  )
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
    // What a request without a credential gets; no token is read-only, so no 403 is explained.
    const auth = page.getByRole('region', { name: 'Authentication and tokens' })
    await expect(auth).toContainText(
      'No credential, or one that is not a Bearer token: 401',
    )
    await expect(auth).not.toContainText(/403|insufficient_scope/)
    // The conventions explained without the built-in shop's orders, payments and transfers.
    const guide = page.getByRole('main')
    await expect(guide).not.toContainText(/pending order|insufficient-funds/)
    await expect(guide).not.toContainText(/exactly one payment/)
    await expect(guide).toContainText(/the actions its state allows/)
    // Its query examples are the hotel's own: no word of the shop anywhere. (`total` is also the
    // collection envelope's member, a convention of every API: that one mention is left out.)
    await expect(guide).toContainText(
      'equality filters status=held,confirmed (a comma means any of) and ranges roomId[gte]=2, here on /api/bookings.',
    )
    await expect(guide).toContainText('sort=status,-id (- is descending)')
    const text = (await guide.innerText()).replace(
      '{ items, page, perPage, total, _links }',
      '',
    )
    expect(text).not.toMatch(/\b(orders?|payments?|pending|paid|total)\b/i)
  },
}
