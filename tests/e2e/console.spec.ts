import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

test('sends a bad request and shows the problem card with its errors by field', async ({
  page,
}) => {
  await page.goto('/?view=console')
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible()
  await expect(page.getByLabel('Authorization')).toHaveValue(
    'Bearer customer-1-token',
  )

  await page.getByLabel('Method').selectOption('POST')
  await page.getByLabel('Path').fill('/api/orders')
  const body = page.getByLabel('Body (JSON)')
  await body.fill('{ "total": -5, "currency": ')
  await expect(page.getByText(/^Not valid JSON/)).toBeVisible()
  await expect(body).toHaveAttribute('aria-invalid', 'true')
  await body.fill('{ "total": -5, "currency": "xyz", "ammount": 12 }')
  await expect(page.getByText('Valid JSON.')).toBeVisible()
  await page.getByRole('button', { name: 'Send', exact: true }).click()

  await expect(
    page.getByRole('status').filter({
      hasText: /Answered 422 Unprocessable Content after 1 attempt/,
    }),
  ).toBeVisible()
  const card = page.getByRole('article', { name: /422 Validation failed/ })
  await expect(card).toBeVisible()
  const fieldErrors = card.getByRole('table', { name: 'Errors by field' })
  for (const field of ['total', 'currency', 'ammount']) {
    await expect(
      fieldErrors.getByRole('row').filter({
        has: page.getByRole('rowheader', { name: field, exact: true }),
      }),
    ).toContainText(`#/${field}`)
  }
  await expect(
    page.getByRole('table', { name: 'Response headers' }).getByRole('row', {
      name: 'content-type application/problem+json',
    }),
  ).toBeVisible()
  await screenshotWideAndNarrow(page, 'console')

  // The type links to its documentation, served by the mock as an HTML page.
  const popup = page.waitForEvent('popup')
  await card
    .getByRole('link', { name: /\/api\/problems\/validation-failed/ })
    .click()
  const doc = await popup
  await expect(
    doc.getByRole('heading', { name: 'Validation failed' }),
  ).toBeVisible()
  await doc.close()

  // A body that is not JSON can still be sent on purpose: the API answers 400.
  await body.fill('{ "total": 10, ')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('article', { name: /400 Malformed JSON body/ }),
  ).toBeVisible()
})

test('starts from the URL, and the raw fetch sends exactly what was written', async ({
  page,
}) => {
  const body = JSON.stringify({ amount: 1000, currency: 'eur' })
  await page.goto(
    `/?view=console&method=POST&path=/api/payments&body=${encodeURIComponent(body)}&header=${encodeURIComponent('X-Trace: demo')}`,
  )
  await expect(page.getByLabel('Method')).toHaveValue('POST')
  await expect(page.getByLabel('Path')).toHaveValue('/api/payments')
  await expect(page.getByLabel('Body (JSON)')).toHaveValue(body)
  await expect(page.getByLabel('Header 1 name')).toHaveValue('X-Trace')

  await page.getByRole('button', { name: 'Generate' }).click()
  const key = await page.getByLabel('Idempotency-Key').inputValue()
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  await page.getByLabel(/Send with the reference client/).uncheck()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('status').filter({
      hasText: `Answered 201 Created after 1 attempt. Idempotency-Key: ${key}.`,
    }),
  ).toBeVisible()
  await expect(page.getByLabel('Response body')).toContainText('"amount": 1000')

  // The same key again: the stored answer, replayed.
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('table', { name: 'Response headers' }).getByRole('row', {
      name: 'idempotent-replayed true',
    }),
  ).toBeVisible()

  // No credential at all with the raw fetch: 401.
  await page.getByLabel('Authorization').fill('')
  await page.getByLabel('Method').selectOption('GET')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('article', { name: /401 Authentication required/ }),
  ).toBeVisible()
})
