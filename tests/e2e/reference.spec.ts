import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

test('the Reference lists the served description and opens an operation in the console', async ({
  page,
}) => {
  const served = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/openapi.json',
  )
  await page.goto('/?view=reference')
  const description = await served
  // Fetched at run time from the mock behind the service worker, not bundled.
  expect(description.fromServiceWorker()).toBe(true)
  expect(description.headers()['cache-control']).toBe('public, max-age=300')
  const orders = page.getByRole('table', { name: 'Orders operations' })
  await expect(orders.getByRole('rowheader')).toHaveText([
    'GET /api/orders',
    'POST /api/orders',
    'GET /api/orders/{id}',
    'PUT /api/orders/{id}',
    'DELETE /api/orders/{id}',
    'POST /api/orders/{id}/cancel',
    'POST /api/orders/{id}/payment',
  ])
  await screenshotWideAndNarrow(page, 'reference')

  await page
    .getByRole('link', {
      name: 'Open in the console: POST /api/orders/{id}/payment',
    })
    .click()
  await expect(
    page.getByRole('heading', { name: 'Console', level: 2 }),
  ).toBeVisible()
  await expect(page.getByLabel('Path')).toHaveValue('/api/orders/1/payment')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText(/^Answered 201 Created after 1 attempt/),
  ).toBeVisible()

  await page.goBack()
  await expect(
    page.getByRole('heading', { name: 'Reference', level: 2 }),
  ).toBeVisible()
})
