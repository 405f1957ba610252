import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

test('walks from the root to a pending order and pays it by its link', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()

  await page
    .getByRole('table', { name: 'Links' })
    .getByRole('link', { name: 'orders', exact: true })
    .click()
  await expect(page).toHaveURL(/view=explorer&href=%2Fapi%2Forders/)
  const items = page.getByRole('table', { name: /^Items 1–20 of 25/ })
  await expect(items).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled()
  await expect(
    page.getByRole('button', { name: 'Previous page' }),
  ).toBeDisabled()

  const pendingRow = items
    .getByRole('row')
    .filter({ hasText: 'pending' })
    .first()
  const orderHref = await pendingRow.getByRole('link').textContent()
  expect(orderHref).toMatch(/^\/api\/orders\/\d+$/)
  await pendingRow.getByRole('link').click()

  const orderId = orderHref!.split('/').at(-1)
  await expect(
    page.getByRole('heading', { name: `Order ${orderId}` }),
  ).toBeVisible()
  await expect(page.getByLabel('Resource href')).toHaveValue(orderHref!)
  await expect(
    page.getByRole('img', {
      name: /current state pending; transitions on offer: .*pay \(to paid\)/,
    }),
  ).toBeVisible()
  const members = page.getByRole('table', { name: 'Members' })
  await expect(
    members.getByRole('row', { name: 'status pending' }),
  ).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'cancel', exact: true }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'pay', exact: true }).click()

  await expect(
    page.getByRole('status').filter({ hasText: 'pay succeeded' }),
  ).toBeVisible()
  await expect(members.getByRole('row', { name: 'status paid' })).toBeVisible()
  await expect(
    page.getByRole('img', {
      name: /current state paid; transitions on offer: none/,
    }),
  ).toBeVisible()
  // Only the actions the state offers: none now, and a payment link instead.
  await expect(
    page.getByRole('button', { name: 'pay', exact: true }),
  ).toHaveCount(0)
  await expect(
    page.getByRole('button', { name: 'cancel', exact: true }),
  ).toHaveCount(0)
  await expect(
    page
      .getByRole('table', { name: 'Links' })
      .getByRole('link', { name: 'payment' }),
  ).toBeVisible()
  await screenshotWideAndNarrow(page, 'explorer')

  // Back returns to the collection (refreshed: the order is paid there too); Forward comes back.
  await page.goBack()
  await expect(items).toBeVisible()
  await expect(
    items.getByRole('row').filter({
      has: page.getByRole('link', { name: orderHref!, exact: true }),
    }),
  ).toContainText('paid')
  await page.goForward()
  await expect(
    page.getByRole('heading', { name: `Order ${orderId}` }),
  ).toBeVisible()

  await page
    .getByRole('table', { name: 'Links' })
    .getByRole('link', { name: 'payment' })
    .click()
  await expect(
    page.getByRole('heading', { name: /^Payment \d+$/ }),
  ).toBeVisible()
})

test('keeps a cancelled order across a reload, from a shared URL', async ({
  page,
}) => {
  await page.goto('/?view=explorer&href=/api/orders/1')
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()
  await page.getByRole('button', { name: 'cancel', exact: true }).click()
  const members = page.getByRole('table', { name: 'Members' })
  await expect(
    members.getByRole('row', { name: 'status cancelled' }),
  ).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()
  await expect(
    members.getByRole('row', { name: 'status cancelled' }),
  ).toBeVisible()
  await expect(
    page.getByRole('img', { name: /current state cancelled/ }),
  ).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'pay', exact: true }),
  ).toHaveCount(0)
})

test('refetches with the new credential and shows problems as cards', async ({
  page,
}) => {
  await page.goto('/?view=explorer&href=/api/orders/1')
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()

  // Customer 2 may not see order 1: the API answers 404 without disclosing it exists.
  await page
    .getByLabel('Credential')
    .selectOption({ label: 'customer-2-token (owner 2)' })
  const alert = page.getByRole('alert')
  await expect(
    alert.getByRole('heading', { name: /404 Resource not found/ }),
  ).toBeVisible()
  await expect(
    alert.getByRole('link', { name: /\/api\/problems\/not-found/ }),
  ).toBeVisible()

  // A read-only credential sees the pay link, and the API refuses the write with 403.
  await page
    .getByLabel('Credential')
    .selectOption({ label: 'readonly-token (owner 1, read-only)' })
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()
  await page.getByRole('button', { name: 'pay', exact: true }).click()
  await expect(
    page
      .getByRole('alert')
      .getByRole('heading', { name: /403 Insufficient scope/ }),
  ).toBeVisible()
})
