import type { Page } from '@playwright/test'
import { expect, runOfferedScenario, test } from './support/fixtures.ts'

async function goToView(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: label, exact: true })
    .click()
}

async function explore(page: Page, href: string) {
  await goToView(page, 'Explorer')
  await page.getByLabel('Resource href').fill(href)
  await page.getByRole('button', { name: 'Go', exact: true }).click()
}

test('D1: the Slow preset at 16× succeeds, and its 1.5 s delay is drawn as 1.5 s', async ({
  page,
}) => {
  await page.goto('/?view=faults')
  await page.getByLabel('Demo speed (playground only)').selectOption('16')
  await page.getByRole('button', { name: 'Slow', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Added rule' }),
  ).toHaveText(/Slow, aimed at GET \/api\/orders\/\*/)

  await explore(page, '/api/orders/1')
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()

  await goToView(page, 'Timeline')
  const row = page.getByRole('listitem', { name: 'GET /api/orders/1' })
  await expect(row.getByText('200 OK, succeeded after 1 attempt')).toBeVisible()
  // Measured on the shared clock: the 1500 ms delay plus the real time around it (tens of ms on a
  // quiet machine, a few hundred on a busy one), neither a sixteenth of it (0.09 s) nor sixteen
  // times (24 s).
  const attempt = row.getByRole('list', { name: /Attempts and waits/ })
  await expect(attempt.getByRole('listitem')).toHaveText(
    /^Attempt 1: 200 OK \((1\.[5-9]|2\.[0-4])\d* s\)$/,
  )
  const scale = await page.getByText(/^Scale: 1 s = \d+ px/).textContent()
  const pxPerSecond = Number(/= (\d+) px/.exec(scale!)![1])
  const bar = await row.locator('.tl-bar').boundingBox()
  expect(bar!.width / pxPerSecond).toBeGreaterThan(1.45)
  expect(bar!.width / pxPerSecond).toBeLessThan(2.5)
})

test('D3: a scenario link brings its card and its outcome into view, at 1280 and 390 px', async ({
  page,
}) => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await runOfferedScenario(page, 'stale-link')
    const card = page.getByRole('listitem', {
      name: 'Stale link (state conflict)',
    })
    const outcome = card.getByRole('status')
    await expect(outcome).toContainText('409 Conflict', { timeout: 15_000 })
    await expect(outcome).toBeInViewport()
  }

  // A long run shows its progress on the card while it goes on, then its requests link to the
  // timeline's rows.
  await page.setViewportSize({ width: 1280, height: 800 })
  await runOfferedScenario(page, 'hung-request')
  const card = page.getByRole('listitem', {
    name: 'Hung request, time-out and retry',
  })
  const outcome = card.getByRole('status')
  await expect(outcome).toContainText(/Running: .*Attempt 1 of GET/)
  await expect(outcome).toBeInViewport()
  await expect(outcome).not.toContainText('Running', { timeout: 20_000 })
  await expect(outcome).toBeInViewport()
  const requests = card.getByRole('list', { name: 'Requests of this run' })
  const first = requests.getByRole('listitem').first()
  await expect(first).toContainText(/after 2 attempts/)
  await first.getByRole('link', { name: /on the timeline$/ }).click()
  const focused = page.locator('.tl-row[aria-current="true"]')
  await expect(focused).toHaveCount(1)
  await expect(focused).toBeInViewport()
  await expect(focused).toContainText(/timed out/)
})

test('D4: a preset aimed at payments leaves the Explorer reads alone, and the header badge shows it', async ({
  page,
}) => {
  await page.goto('/?view=faults')
  await page.getByLabel('Method for Upstream down twice').selectOption('POST')
  await page.getByLabel('Path for Upstream down twice').fill('/api/payments*')
  await page.getByRole('button', { name: 'Upstream down twice' }).click()
  const badge = page.getByRole('banner').locator('.fault-badge-slot')
  await expect(badge).toHaveText(/1 fault active/)

  // GET /api and an order load at once, untouched: the rule has matched nothing.
  await goToView(page, 'Explorer')
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
  await expect(page.getByLabel('Last read')).toContainText('Status200 OK')
  await explore(page, '/api/orders/1')
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()
  await expect(page.getByLabel('Last read')).not.toContainText('Retries')
  await expect(badge).toHaveText(/1 fault active/)

  // The badge leads to the rule, which has fired 0 of its 2 times.
  await badge.getByRole('link', { name: '1 fault active' }).click()
  await expect(
    page.getByRole('heading', { name: 'Faults', exact: true }),
  ).toBeVisible()
  const rules = page.getByRole('table', {
    name: 'Fault rules in evaluation order',
  })
  await expect(rules.getByRole('row').nth(1)).toContainText(
    'POST /api/payments*',
  )
  await expect(rules.getByRole('row').nth(1)).toContainText('active, fired 0/2')
  // A reload keeps the rule, and the badge says so on any view; Clear removes it.
  await page.goto('/?view=journal')
  await expect(badge).toHaveText(/1 fault active/)
  await badge.getByRole('button', { name: 'Clear the 1 fault rule' }).click()
  await expect(badge).toHaveText('')
})

test("the Explorer shows each read's status, key headers, and the retries that led to it", async ({
  page,
}) => {
  await page.goto('/?view=explorer&href=%2Fapi%2Forders%2F1')
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()
  const read = page.getByLabel('Last read')
  await expect(read).toContainText('Status200 OK')
  await expect(read).toContainText('ETag"order-1-v1"')
  await expect(read).toContainText(/RateLimit"default";r=\d+;t=\d+/)
  await expect(read).toContainText('RateLimit-Policy"default";q=100;w=60')

  // Two 503s on order 2 at 16×: the read says how many attempts it took and links to them.
  await page.getByLabel('Demo speed (playground only)').selectOption('16')
  await goToView(page, 'Faults')
  await page.getByLabel('Path for Upstream down twice').fill('/api/orders/2')
  await page.getByRole('button', { name: 'Upstream down twice' }).click()
  await explore(page, '/api/orders/2')
  await expect(page.getByRole('heading', { name: 'Order 2' })).toBeVisible()
  await expect(read).toContainText('Status200 OK')
  await expect(read).toContainText('Retriesafter 3 attempts → timeline')
  await read.getByRole('link', { name: 'timeline' }).click()
  const focused = page.locator('.tl-row[aria-current="true"]')
  await expect(focused).toHaveAttribute('aria-label', 'GET /api/orders/2')
  await expect(focused).toContainText('200 OK, succeeded after 3 attempts')

  // An expired credential: 401 with its WWW-Authenticate challenge.
  await page
    .getByLabel('Credential')
    .selectOption({ label: 'expired-token (expired)' })
  await explore(page, '/api/orders/1')
  await expect(read).toContainText('Status401 Unauthorized')
  await expect(read).toContainText(/WWW-AuthenticateBearer/)
})
