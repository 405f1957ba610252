import type { BrowserContext, Page } from '@playwright/test'
import { expect, runScenario, test } from './support/fixtures.ts'

/** One request from inside `page`, through its service worker, as the playground's own go. */
async function call(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: 'Bearer customer-1-token',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      return {
        status: response.status,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      }
    },
    { method, path, body },
  )
}

const orderStatus = async (page: Page, id: number) =>
  (await call(page, 'GET', `/api/orders/${id}`)).body?.status

async function openTab(context: BrowserContext, url: string) {
  const tab = await context.newPage()
  await tab.goto(url)
  await expect(tab.getByRole('navigation', { name: 'Views' })).toBeVisible()
  return tab
}

const nav = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: label, exact: true })
    .click()

test('a ?scenario= link only offers it: loading or reloading it changes nothing another tab made', async ({
  page,
  context,
}) => {
  await page.goto('/?view=console')
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible()
  expect((await call(page, 'POST', '/api/orders/1/payment')).status).toBe(201)

  const other = await openTab(context, '/?scenario=happy-path')
  const offer = other.getByRole('region', { name: 'Offered scenario' })
  await expect(offer).toContainText('Happy path')
  await expect(offer).toContainText(
    'Nothing has run: running it resets the mock that every tab shares.',
  )
  await other.reload()
  await expect(offer).toBeVisible()
  expect(await orderStatus(page, 1)).toBe('paid')

  // Running it asks first, and says that every tab shares the mock.
  await offer.getByRole('button', { name: 'Run “Happy path”…' }).click()
  const card = other.getByRole('listitem', { name: 'Happy path' })
  const confirm = card.getByRole('group', {
    name: 'Reset the mock and run “Happy path”?',
  })
  await expect(confirm).toContainText(
    'Every open tab of this playground shares this one mock, so the other tabs lose them too.',
  )
  await expect(
    confirm.getByRole('button', { name: 'Keep my changes' }),
  ).toBeFocused()
  await confirm.getByRole('button', { name: 'Keep my changes' }).click()
  expect(await orderStatus(page, 1)).toBe('paid')

  // So does the card's Run, and so does Data → Reset.
  await card.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(card.getByRole('group')).toContainText('Every open tab')
  await card.getByRole('button', { name: 'Keep my changes' }).click()
  await nav(other, 'Data')
  await other.getByRole('button', { name: 'Reset…' }).click()
  await expect(
    other.getByRole('group', { name: 'Reset the mock to its seed data?' }),
  ).toContainText('Every open tab of this playground shares this one mock')
  await other.getByRole('button', { name: 'Keep my changes' }).click()
  expect(await orderStatus(other, 1)).toBe('paid')
})

test('Copy as curl says the mock is in the browser and aims at npx hypermock-api serve', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/?view=console&method=GET&path=%2Fapi%2Forders%2F1')
  const note = page.getByText(/^curl cannot reach this mock/)
  await expect(note).toContainText('runs inside the browser tab')
  await expect(note).toContainText('npx hypermock-api serve')
  await expect(
    page.getByRole('button', { name: 'Copy as curl' }),
  ).toHaveAccessibleDescription(/curl cannot reach this mock/)
  await page.getByRole('button', { name: 'Copy as curl' }).click()
  await expect(
    page.getByText('Copied as curl, aimed at http://127.0.0.1:8787.'),
  ).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain("'http://127.0.0.1:8787/api/orders/1'")
  expect(copied).not.toContain(new URL(page.url()).origin)
})

test('a retired fault rule counts every match, and stays across a reload and in other tabs until cleared', async ({
  page,
  context,
}) => {
  await page.goto('/?view=faults')
  await page.getByRole('button', { name: 'Upstream down twice' }).click()
  const table = page.getByRole('table', {
    name: 'Fault rules in evaluation order',
  })
  await expect(table.getByRole('row')).toHaveCount(2)
  // The preset aims at GET /api/orders: two reads fire it twice, and it retires.
  for (let i = 0; i < 2; i++)
    expect((await call(page, 'GET', '/api/orders')).status).toBe(503)

  const retired = table.getByRole('row').filter({ hasText: 'retired' })
  await expect(retired.getByRole('cell').nth(5)).toHaveText(
    'retired, fired 2/2',
  )
  await expect(retired.getByRole('cell').nth(4)).toHaveText('2')

  await page.reload()
  await expect(retired.getByRole('cell').nth(5)).toHaveText(
    'retired, fired 2/2',
  )
  await expect(retired.getByRole('cell').nth(4)).toHaveText('2')
  const other = await openTab(context, '/?view=faults')
  await expect(
    other.getByRole('row').filter({ hasText: 'retired' }),
  ).toHaveCount(1)

  await retired.getByRole('button', { name: 'Clear retired' }).click()
  await expect(
    page.getByText('No fault rules: every request reaches the API.'),
  ).toBeVisible()
  await expect(
    other.getByText('No fault rules: every request reaches the API.'),
  ).toBeVisible()
  await page.reload()
  await expect(
    page.getByText('No fault rules: every request reaches the API.'),
  ).toBeVisible()
})

test('a scenario card never keeps results a later reset wiped, and its timeline links open its own rows', async ({
  page,
  context,
}) => {
  await page.goto('/?view=timeline')
  await page.getByRole('radio', { name: '16×' }).check()
  await nav(page, 'Scenarios')
  const happy = page.getByRole('listitem', { name: 'Happy path' })
  await runScenario(happy)
  await expect(happy.getByRole('status')).toContainText('201 Created')
  await expect(happy.getByRole('status')).toContainText('Order 31')

  const flaky = page.getByRole('listitem', { name: 'Flaky payments' })
  await runScenario(flaky)
  await expect(flaky.getByRole('status')).toContainText('201 Created')
  await expect(happy.getByRole('status')).toHaveText('')
  await expect(
    happy.getByRole('list', { name: 'Requests of this run' }),
  ).toHaveCount(0)

  // Another tab's reset wipes the card too.
  const other = await openTab(context, '/?view=data')
  const link = flaky.getByRole('link', {
    name: 'POST /api/payments on the timeline',
  })
  const href = await link.getAttribute('href')
  await link.click()
  const row = page.getByRole('listitem', { name: 'POST /api/payments' })
  await expect(row).toHaveAttribute('aria-current', 'true')
  await expect(
    page.getByRole('main').locator('[aria-current="true"]'),
  ).toHaveCount(1)

  // The same link followed in another tab (its client numbers its own operations from 1 too)
  // names none of that tab's operations.
  const third = await openTab(context, '/')
  await expect(third.getByRole('heading', { name: 'API root' })).toBeVisible()
  await third.evaluate((url) => {
    window.history.pushState(null, '', url)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, href!)
  await expect(
    third
      .getByRole('list', { name: 'Operations' })
      .getByRole('listitem', { name: 'GET /api', exact: true }),
  ).toBeVisible()
  await expect(
    third.getByRole('main').locator('[aria-current="true"]'),
  ).toHaveCount(0)

  await other.getByRole('button', { name: 'Reset…' }).click()
  await other.getByRole('button', { name: 'Reset to the seed data' }).click()
  await nav(page, 'Scenarios')
  await expect(flaky.getByRole('status')).toHaveText('')
})

test("a scenario's credential is borrowed for its run, then given back and said so", async ({
  page,
}) => {
  await page.goto('/?view=scenarios')
  await page.getByLabel('Credential').selectOption('admin-token')
  const expired = page.getByRole('listitem', { name: 'Expired token' })
  await runScenario(expired)
  await expect(expired.getByRole('status')).toContainText('401 Unauthorized')
  await expect(expired.getByRole('status')).toContainText(
    'Ran as expired-token (expired); your credential is back to admin-token (every owner).',
  )
  await expect(page.getByLabel('Credential')).toHaveValue('admin-token')
})

test('a read that keeps retrying can be cancelled, sped up, and retried', async ({
  page,
}) => {
  await page.goto('/?view=faults')
  await expect(
    page.getByRole('heading', { name: 'Faults', exact: true }),
  ).toBeVisible()
  const added = await page.evaluate(async () => {
    const response = await fetch('/__mock/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        match: { method: 'GET', path: '/api/orders/1' },
        effect: { kind: 'status', status: 500 },
      }),
    })
    return response.status
  })
  expect(added).toBe(201)
  await nav(page, 'Explorer')
  await page.getByLabel('Resource href').fill('/api/orders/1')
  await page.getByRole('button', { name: 'Go' }).click()
  const cancel = page.getByRole('button', { name: 'Cancel the read' })
  await expect(cancel).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'Speed the demo up to 16×' }),
  ).toBeVisible()
  await cancel.click()
  await expect(page.getByRole('status').first()).toHaveText(
    'Cancelled: the read was stopped before an answer.',
  )
  const retry = page.getByRole('button', { name: 'Retry the read' })
  await expect(retry).toBeVisible()

  // At 16× the retries run out in about a second; the failure offers a retry too.
  await page.getByLabel('Demo speed (playground only)').selectOption('16')
  await retry.click()
  await expect(page.getByRole('alert')).toContainText('500', {
    timeout: 15_000,
  })
  await page.evaluate(() => fetch('/__mock/faults', { method: 'DELETE' }))
  await retry.click()
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeVisible()
})

test('a long scenario run can be cancelled, and offers to speed the demo up', async ({
  page,
}) => {
  await page.goto('/?view=scenarios')
  const hung = page.getByRole('listitem', {
    name: 'Hung request, time-out and retry',
  })
  await runScenario(hung)
  await expect(hung.getByRole('status')).toContainText('Running')
  await expect(
    hung.getByRole('button', { name: 'Speed the demo up to 16×' }),
  ).toBeVisible()
  await hung.getByRole('button', { name: 'Cancel the run' }).click()
  await expect(hung.getByRole('status')).toContainText(
    'The run failed: it was cancelled',
  )
  await expect(
    hung.getByRole('button', { name: 'Run', exact: true }),
  ).toBeEnabled()
})

test('money reads in one unit, the other alongside', async ({ page }) => {
  await page.goto('/?view=scenarios')
  const happy = page.getByRole('listitem', { name: 'Happy path' })
  await runScenario(happy)
  const status = happy.getByRole('status')
  await expect(status).toContainText('total 19.99 usd (1999 minor units)')
  await expect(status).toContainText('of 19.99 usd (1999 minor units)')
  await expect(status).not.toContainText('amount 1999')

  // Tables write every money member the same way: major units with the currency, minor alongside.
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Data', exact: true })
    .click()
  const order = page
    .getByRole('table', { name: /^Orders/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '31', exact: true }) })
  await expect(order).toContainText('19.99 usd 1999 minor units')
  const payment = page
    .getByRole('table', { name: /^Payments/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '2', exact: true }) })
  await expect(payment).toContainText('19.99 usd 1999 minor units')
})
