import { expect, test } from '@playwright/test'

const screenshots = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots'

test('the happy-path story shows data served by the service worker', async ({
  page,
}) => {
  const fromWorker: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api') && response.fromServiceWorker())
      fromWorker.push(
        `${response.request().method()} ${new URL(response.url()).pathname}`,
      )
  })
  await page.goto('/iframe.html?id=scenarios--happy-path&viewMode=story')
  const steps = page.getByRole('list', { name: 'Steps' })
  await expect(page.getByRole('status')).toHaveText('Done.')
  await expect(steps.getByRole('listitem')).toHaveCount(3)
  await expect(steps.getByRole('listitem').nth(1)).toContainText(
    '"total": 19.99',
  )
  await expect(steps.getByRole('listitem').nth(2)).toContainText('answered 201')
  expect(
    await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL),
  ).toMatch(/mockServiceWorker\.js$/)
  expect(fromWorker).toEqual([
    'GET /api',
    'POST /api/orders',
    'POST /api/orders/31/payment',
  ])
})

test('the flaky-payments story retries through the worker: 503, 503, then 201', async ({
  page,
}) => {
  await page.goto('/iframe.html?id=scenarios--flaky-payments&viewMode=story')
  const payment = page
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
  await expect(payment).toContainText('answered 201 after 3 attempts')
  await expect(payment).toContainText('"amount": 2500')
  await page.screenshot({ path: `${screenshots}/storybook-flaky-payments.png` })
})

test('two stories with different rows show different orders, each from its own seed', async ({
  page,
}) => {
  await page.goto('/iframe.html?id=orders--three-orders&viewMode=story')
  const orders = page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
  await expect(orders).toHaveText([
    'Order 1: 12.5 USD, pending',
    'Order 2: 80 EUR, paid',
    'Order 3: 3.2 USD, cancelled',
  ])
  await page.goto('/iframe.html?id=orders--no-orders&viewMode=story')
  await expect(page.getByText('No orders yet.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Orders' })).toHaveCount(0)
})

test("the fault story shows the list's error state after the client's two attempts", async ({
  page,
}) => {
  const statuses: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/orders')
      statuses.push(response.status())
  })
  await page.goto('/iframe.html?id=orders--server-down&viewMode=story')
  await expect(page.getByRole('alert')).toHaveText(
    /^Could not load the orders \(503\): /,
  )
  expect(statuses).toEqual([503, 503])
  await page.screenshot({ path: `${screenshots}/storybook-orders-error.png` })
})

// One test opens Storybook's manager, the whole UI around the story's frame: a page far heavier
// than a story's frame alone. It checks the panel, then switches stories in the sidebar.
test("the hypermock panel shows the story's operations, journal and state, and each story starts from the seed", async ({
  page,
}) => {
  await page.goto('/?path=/story/scenarios--flaky-payments')
  const preview = page.frameLocator('#storybook-preview-iframe')
  await expect(
    preview.getByRole('list', { name: 'Steps' }).getByRole('listitem'),
  ).toContainText('answered 201 after 3 attempts')
  await page.getByRole('tab', { name: 'hypermock' }).click()
  const panel = page.getByRole('region', { name: 'hypermock devtools' })
  // The timeline: the payment's three attempts, one operation under one Idempotency-Key.
  const payment = panel
    .getByRole('list', { name: 'Operations' })
    .getByRole('listitem')
    .filter({ hasText: '3×exact' })
  await expect(payment).toHaveCount(1)
  await expect(payment).toContainText('POST')
  // The journal: every request the story sent, newest first.
  await panel.getByRole('tab', { name: 'Journal' }).click()
  const rows = panel.getByRole('table', { name: 'Journal' }).locator('tbody tr')
  const cells = (row: number) => rows.nth(row).locator('td')
  await expect(rows).toHaveCount(3)
  for (const [row, status] of ['201', '503', '503'].entries()) {
    await expect(cells(row).nth(1)).toHaveText('POST')
    await expect(cells(row).nth(2)).toHaveText('/api/payments')
    await expect(cells(row).nth(3)).toHaveText(status)
  }
  // The state: the payment the story created beside the seed's one.
  await panel.getByRole('tab', { name: 'State' }).click()
  await expect(
    panel.getByRole('region', { name: 'payments' }).getByRole('heading'),
  ).toHaveText('payments · 2 rows')
  await page.screenshot({
    path: `${screenshots}/storybook-hypermock-panel.png`,
  })

  // Another story: the panel follows, and shows that story's journal only.
  await page.getByRole('link', { name: 'Happy Path' }).click()
  const steps = preview
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
  await expect(steps).toHaveCount(3)
  await panel.getByRole('tab', { name: 'Journal' }).click()
  await expect(rows).toHaveCount(3)

  // The mock is reset for each story: switching stories starts from the seed.
  const created = steps.nth(1)
  await expect(created).toContainText('"id": 31')
  await page.getByRole('link', { name: 'Stale Link' }).click()
  await expect(
    preview.getByRole('heading', { name: 'Stale link (state conflict)' }),
  ).toBeVisible()
  await expect(preview.getByRole('status')).toHaveText('Done.')
  await page.getByRole('link', { name: 'Happy Path' }).click()
  // Without the reset, this would be order 32, and order 1 would still be cancelled.
  await expect(created).toContainText('"id": 31')
})
