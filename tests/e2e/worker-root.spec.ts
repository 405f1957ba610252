import { expect, test } from './support/fixtures.ts'

test('the page shows GET /api as answered by the real service worker', async ({
  page,
}) => {
  const rootResponse = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api',
  )
  await page.goto('/')
  const response = await rootResponse
  // A response produced by the service worker, not by the preview server (which has no /api).
  expect(response.fromServiceWorker()).toBe(true)
  expect(response.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Explorer' })).toBeVisible()
  const links = page.getByRole('table', { name: 'Links' })
  for (const rel of [
    'orders',
    'payments',
    'transfers',
    'accounts',
    'customers',
  ]) {
    await expect(
      links.getByRole('link', { name: rel, exact: true }),
    ).toBeVisible()
  }
  const controller = await page.evaluate(
    () => navigator.serviceWorker.controller?.scriptURL ?? null,
  )
  expect(controller).toMatch(/\/mockServiceWorker\.js$/)
})
