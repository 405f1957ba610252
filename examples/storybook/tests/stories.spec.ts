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

test('the mock is reset for each story: switching stories in Storybook starts from the seed', async ({
  page,
}) => {
  await page.goto('/?path=/story/scenarios--happy-path')
  const preview = page.frameLocator('#storybook-preview-iframe')
  const created = preview
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
    .nth(1)
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

test("the devtools panel shows the story's operations: the payment's three attempts under one key", async ({
  page,
}) => {
  await page.goto('/iframe.html?id=scenarios--flaky-payments&viewMode=story')
  await expect(
    page.getByRole('list', { name: 'Steps' }).getByRole('listitem'),
  ).toContainText('answered 201 after 3 attempts')
  await page.getByRole('button', { name: 'hypermock devtools' }).click()
  const payment = page
    .getByRole('dialog', { name: 'hypermock devtools' })
    .getByRole('list', { name: 'Operations' })
    .getByRole('listitem')
    .filter({ hasText: '3×exact' })
  await expect(payment).toHaveCount(1)
  await expect(payment).toContainText('POST')
  await page.screenshot({ path: `${screenshots}/storybook-devtools-panel.png` })
})
