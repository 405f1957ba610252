import {
  expect,
  runScenario,
  screenshotWideAndNarrow,
  test,
} from './support/fixtures.ts'

test('journal: live entries newest first, filters, details of an entry, clear', async ({
  page,
}) => {
  await page.goto('/?view=timeline')
  await page.getByRole('radio', { name: '16×' }).check()
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Scenarios' })
    .click()
  const card = page.getByRole('listitem', { name: 'Flaky payments' })
  await runScenario(card)
  await expect(card.getByRole('status')).toContainText('201 Created')
  await card.getByRole('link', { name: 'journal' }).click()

  await expect(page.getByRole('heading', { name: 'Journal' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Requests served by the mock' })
  const rows = table.getByRole('row')
  await expect(page.getByRole('status')).toHaveText(
    'Showing 3 of 3 requests, newest first.',
  )
  // Newest first: the 201, then the two injected 503s.
  await expect(rows.nth(1)).toContainText('201')
  await expect(rows.nth(2)).toContainText('503')
  await expect(rows.nth(3)).toContainText('503')

  // Live: a request made now appears at the top.
  await page.evaluate(() =>
    fetch('/api/orders/1', {
      headers: { Authorization: 'Bearer customer-1-token' },
    }),
  )
  await expect(page.getByRole('status')).toHaveText(
    'Showing 4 of 4 requests, newest first.',
  )
  await expect(rows.nth(1)).toContainText('/api/orders/1')

  const filters = page.getByRole('search', { name: 'Filter the journal' })
  await filters.getByLabel('Faults only').check()
  await expect(page.getByRole('status')).toHaveText(
    'Showing 2 of 4 requests, newest first.',
  )
  await filters.getByLabel('Faults only').uncheck()
  await filters.getByLabel('Status').selectOption('2xx')
  await filters.getByLabel('Path contains').fill('payments')
  await expect(page.getByRole('status')).toHaveText(
    'Showing 1 of 4 requests, newest first.',
  )
  await filters.getByLabel('Method').selectOption('GET')
  await expect(page.getByRole('status')).toHaveText(
    'Showing 0 of 4 requests, newest first.',
  )
  await filters.getByRole('button', { name: 'Reset filters' }).click()

  // Details of an entry: every field, the fault, the key, the replay flag.
  const fault = table.getByRole('button', { name: 'Details of request 1' })
  await fault.click()
  await expect(fault).toHaveAttribute('aria-expanded', 'true')
  const panel = table.getByRole('definition')
  await expect(panel.filter({ hasText: /^fault-1 status$/ })).toBeVisible()
  await fault.click()
  const details = table.getByRole('button', { name: 'Details of request 3' })
  await details.click()
  await expect(
    table.getByRole('term').filter({ hasText: 'Idempotency-Key' }),
  ).toBeVisible()
  await expect(panel.filter({ hasText: /^[0-9a-f-]{36}$/ })).toBeVisible()
  await expect(panel.filter({ hasText: /^201 \(2xx success\)$/ })).toBeVisible()
  await expect(panel.filter({ hasText: /^no$/ })).toBeVisible()
  // Headers and bodies as they went over the wire, the credential redacted.
  const sent = panel.filter({ hasText: 'authorization: Bearer' })
  await expect(sent).toContainText('authorization: Bearer ••••••••')
  await expect(sent).toContainText(/idempotency-key: [0-9a-f-]{36}/)
  await expect(table).not.toContainText('customer-1-token')
  await expect(
    panel.filter({ hasText: /^location: \/api\/payments\/\d+/m }),
  ).toBeVisible()
  // The request body, and the created payment in the response body.
  await expect(
    panel.filter({ hasText: /"amount": \d+/ }).filter({ hasNotText: '_links' }),
  ).toBeVisible()
  await expect(panel.filter({ hasText: '"_links"' })).toContainText(
    /"status": "\w+"/,
  )
  await expect(
    table.getByRole('button', { name: 'Copy as curl' }),
  ).toBeVisible()
  await screenshotWideAndNarrow(page, 'journal')

  await details.press('Enter')
  await expect(details).toHaveAttribute('aria-expanded', 'false')

  await filters.getByRole('button', { name: 'Clear journal' }).click()
  await expect(page.getByRole('status')).toHaveText('No requests yet.')
})
