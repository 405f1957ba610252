import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'

interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
}

/** The playground renders once its service worker intercepts: only then do requests reach the mock. */
async function started(page: Page, timeout?: number) {
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({
    ...(timeout !== undefined && { timeout }),
  })
  return page
}

/** One request from inside `page`: through its service worker, as the playground's own requests go. */
function call(
  page: Page,
  method: string,
  path: string,
  init: {
    token?: string
    body?: unknown
    headers?: Record<string, string>
  } = {},
): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, token, body, headers }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: text ? (JSON.parse(text) as unknown) : null,
      }
    },
    { method, path, token: init.token ?? 'customer-1-token', ...init },
  )
}

/** A second tab in the same browser, whose console errors fail the test as the first tab's do. */
async function openTab(context: BrowserContext, url: string) {
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  tab.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load/.test(message.text()))
      errors.push(message.text())
  })
  await tab.goto(url)
  return { tab: await started(tab), errors }
}

const orderStatus = async (page: Page, id: number) =>
  ((await call(page, 'GET', `/api/orders/${id}`)).body as { status: string })
    .status

function orderRow(page: Page, id: number) {
  return page
    .getByRole('table', { name: /^Orders/ })
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: String(id), exact: true }),
    })
}

test('keeps a payment made in one tab and a transfer made in the other across reloads', async ({
  page,
  context,
}) => {
  await page.goto('/?view=explorer&href=/api/orders/1')
  const { tab: other, errors } = await openTab(context, '/?view=data')
  await expect(
    other.getByRole('table', { name: 'Transfers (2 rows)' }),
  ).toBeVisible()

  // The payment is sent, then the transfer while the payment may still be in flight. Not the click
  // and the transfer at once: the transfer's change refreshes the order in this tab, which turns its
  // actions off until the new read arrives, and a click landing in that moment presses nothing.
  await page.getByRole('button', { name: 'pay', exact: true }).click()
  const transfer = await call(other, 'POST', '/api/transfers', {
    body: { fromAccountId: 1, toAccountId: 3, amount: 1200, currency: 'usd' },
  })
  expect(transfer.status).toBe(201)
  // The outcome, whichever it is: a failure shows its problem in the test's error.
  const outcome = page.locator('.outcome')
  await expect(outcome).toContainText('pay succeeded')
  await expect(outcome).toHaveAttribute('role', 'status')

  await Promise.all([page.reload(), other.reload()])
  await Promise.all([started(page), started(other)])
  for (const tab of [page, other]) {
    expect(await orderStatus(tab, 1)).toBe('paid')
    const transfers = await call(tab, 'GET', '/api/transfers')
    expect((transfers.body as { total: number }).total).toBe(3)
  }
  await expect(
    other.getByRole('table', { name: 'Transfers (3 rows)' }),
  ).toBeVisible()
  await expect(orderRow(other, 1)).toContainText('paid')
  expect(errors).toEqual([])
})

test('executes an Idempotency-Key sent from two tabs once, and the second tab gets the replay', async ({
  page,
  context,
}) => {
  await page.goto('/?view=console')
  await started(page)
  const { tab: other, errors } = await openTab(context, '/?view=journal')
  const payment = {
    headers: { 'Idempotency-Key': 'two-tabs-one-payment' },
  }
  const first = await call(page, 'POST', '/api/orders/4/payment', payment)
  const second = await call(other, 'POST', '/api/orders/4/payment', payment)

  expect(first.status).toBe(201)
  expect(first.headers['idempotent-replayed']).toBeUndefined()
  expect(second.status).toBe(201)
  expect(second.headers['idempotent-replayed']).toBe('true')
  expect(second.body).toEqual(first.body)
  const payments = await call(other, 'GET', '/api/payments')
  expect((payments.body as { total: number }).total).toBe(2)
  // The second tab's journal lists both, the replay marked as such.
  const journal = other.getByRole('table', { name: /requests/i })
  await expect(
    journal.getByRole('row').filter({ hasText: '/api/orders/4/payment' }),
  ).toHaveCount(2)
  expect(errors).toEqual([])
})

test("shows another tab's cancel without a reload, in the Explorer, Data and Journal", async ({
  page,
  context,
}) => {
  await page.goto('/?view=explorer&href=/api/orders/4')
  const { tab: other, errors } = await openTab(
    context,
    '/?view=explorer&href=/api/orders/4',
  )
  const members = other.getByRole('table', { name: 'Members' })
  await expect(
    members.getByRole('row', { name: 'status pending' }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'cancel', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'cancel succeeded' }),
  ).toBeVisible()
  await expect(
    members.getByRole('row', { name: 'status cancelled' }),
  ).toBeVisible()

  await other.getByRole('link', { name: 'Data' }).click()
  await expect(orderRow(other, 5)).toContainText('pending')
  expect((await call(page, 'POST', '/api/orders/5/cancel')).status).toBe(200)
  await expect(orderRow(other, 5)).toContainText('cancelled')

  await other.getByRole('link', { name: 'Journal' }).click()
  await expect(
    other.getByRole('row').filter({ hasText: '/api/orders/5/cancel' }),
  ).toHaveCount(1)
  // Each tab's timeline draws its own client's operations from its events; another tab's
  // requests appear below them, rebuilt from what the shared mock saw, and labelled so.
  await other.getByRole('link', { name: 'Timeline' }).click()
  await expect(
    other.getByRole('list', { name: 'Operations', exact: true }),
  ).not.toContainText('/cancel')
  await expect(
    other.getByRole('region', {
      name: 'Other traffic rebuilt from what the mock sees',
    }),
  ).toContainText('POST /api/orders/5/cancel')
  expect(errors).toEqual([])
})

test('closing the first tab loses nothing, and the others keep working', async ({
  page,
  context,
}) => {
  await page.goto('/?view=console')
  await started(page)
  const { tab: second, errors } = await openTab(context, '/?view=console')
  expect((await call(page, 'POST', '/api/orders/1/payment')).status).toBe(201)
  await page.close()

  expect(await orderStatus(second, 1)).toBe('paid')
  const created = await call(second, 'POST', '/api/orders', {
    body: { total: 12.5, currency: 'usd' },
  })
  expect(created.status).toBe(201)
  const { tab: third } = await openTab(context, '/?view=data')
  await expect(orderRow(third, 1)).toContainText('paid')
  await expect(
    third.getByRole('table', { name: 'Orders (31 rows)' }),
  ).toBeVisible()
  await second.reload()
  await started(second)
  expect(await orderStatus(second, 1)).toBe('paid')
  expect(errors).toEqual([])
})

test('without SharedWorker one tab leads, and closing it hands the mock on with nothing lost', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    // As on Chrome for Android, where SharedWorker does not exist.
    delete (window as { SharedWorker?: unknown }).SharedWorker
  })
  await page.goto('/?view=console')
  await started(page)
  const { tab: second, errors } = await openTab(context, '/?view=data')

  expect((await call(second, 'POST', '/api/orders/1/payment')).status).toBe(201)
  expect(await orderStatus(page, 1)).toBe('paid')
  expect((await call(page, 'POST', '/api/orders/4/cancel')).status).toBe(200)
  await expect(orderRow(second, 4)).toContainText('cancelled')

  await page.close()
  expect(await orderStatus(second, 1)).toBe('paid')
  const created = await call(second, 'POST', '/api/orders', {
    body: { total: 3.5, currency: 'eur' },
  })
  expect(created.status).toBe(201)
  await expect(
    second.getByRole('table', { name: 'Orders (31 rows)' }),
  ).toBeVisible()

  const { tab: third } = await openTab(context, '/?view=data')
  await expect(
    third.getByRole('table', { name: 'Orders (31 rows)' }),
  ).toBeVisible()
  await expect(orderRow(third, 4)).toContainText('cancelled')
  expect((await call(third, 'POST', '/api/orders/5/cancel')).status).toBe(200)
  await expect(orderRow(second, 5)).toContainText('cancelled')
  expect(errors).toEqual([])
})
