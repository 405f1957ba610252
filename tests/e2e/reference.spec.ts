import {
  expect,
  saveScreenshot,
  screenshotWideAndNarrow,
  test,
} from './support/fixtures.ts'

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
    'PATCH /api/orders/{id}',
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

test('an operation opens in place with its parameters, body and response schemas, and examples', async ({
  page,
}) => {
  await page.goto('/?view=reference')
  const orders = page.getByRole('table', { name: 'Orders operations' })
  const toggle = orders.getByRole('button', {
    name: 'Details of POST /api/orders',
    exact: true,
  })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  const parameters = page.getByRole('table', {
    name: 'Parameters of POST /api/orders',
  })
  await expect(parameters.getByRole('rowheader')).toContainText([
    'Idempotency-Key',
  ])
  // The request body: its schema, its fields, its example.
  await expect(
    page.getByText('Schema: OrderCreate', { exact: true }),
  ).toBeVisible()
  // The disclosure's summary (the table's caption, hidden until it opens, has the same words).
  await page
    .getByText('Fields of the request body of POST /api/orders')
    .first()
    .click()
  const fields = page.getByRole('table', {
    name: 'Fields of the request body of POST /api/orders',
  })
  await expect(
    fields.getByRole('row').filter({ hasText: 'currency' }),
  ).toContainText('usd | eur')
  await expect(
    fields.getByRole('row').filter({ hasText: 'total' }),
  ).toContainText('yes')
  await expect(
    page.getByRole('group', {
      name: 'Example of the request body of POST /api/orders',
    }),
  ).toContainText('"total": 42.5')
  // Each response: status, description, schema, example.
  await expect(
    page.getByRole('group', {
      name: 'Example of the 201 response of POST /api/orders',
    }),
  ).toContainText('"status": "pending"')
  await expect(
    page.getByRole('group', {
      name: 'Example of the 401 response of POST /api/orders',
    }),
  ).toContainText('"type": "/api/problems/unauthenticated"')

  // A path parameter, with its example.
  await orders
    .getByRole('button', {
      name: 'Details of GET /api/orders/{id}',
      exact: true,
    })
    .click()
  const byId = page.getByRole('table', {
    name: 'Parameters of GET /api/orders/{id}',
  })
  await expect(byId.getByRole('row').filter({ hasText: 'path' })).toContainText(
    'required',
  )
  await expect(byId.getByRole('row').filter({ hasText: 'path' })).toContainText(
    'example 1',
  )
  await screenshotWideAndNarrow(page, 'reference-operation')
  // The open operation as a reader sees it, without the rest of the page.
  await page.setViewportSize({ width: 1280, height: 900 })
  await toggle.scrollIntoViewIfNeeded()
  await saveScreenshot(page, {
    path: 'test-results/screenshots/reference-operation-open.png',
  })
})
