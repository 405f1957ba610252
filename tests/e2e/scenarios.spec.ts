import {
  expect,
  runOfferedScenario,
  runScenario,
  saveScreenshot,
  screenshotWideAndNarrow,
  test,
} from './support/fixtures.ts'

test('?scenario=lost-response, once run: two attempts, one key, replayed, one payment', async ({
  page,
}) => {
  await runOfferedScenario(page, 'lost-response')
  await expect(page.getByRole('heading', { name: 'Scenarios' })).toBeVisible()
  const card = page.getByRole('listitem', {
    name: 'Lost response, saved by the idempotency key',
  })
  const outcome = card.getByRole('status')
  await expect(outcome).toContainText('201 Created', { timeout: 15_000 })
  const facts = card.getByRole('definition')
  await expect(
    card.getByRole('term').filter({ hasText: 'Attempts' }),
  ).toBeVisible()
  await expect(outcome).toContainText('New payments1')
  await expect(outcome).toContainText('Replayedyes')
  await expect(facts.first()).toBeVisible()
  await screenshotWideAndNarrow(page, 'scenarios')

  // The timeline: the POST has two attempts, the key shown once, and a replayed mark.
  await card.getByRole('link', { name: 'timeline', exact: true }).click()
  await expect(
    page.getByRole('heading', { name: 'Retry timeline' }),
  ).toBeVisible()
  const row = page.getByRole('listitem', { name: 'POST /api/payments' })
  await expect(row).toHaveCount(1)
  const steps = row.getByRole('list', { name: /Attempts and waits/ })
  await expect(steps.getByText(/^Attempt \d/)).toHaveCount(2)
  await expect(steps.getByText(/^Attempt 1: network error/)).toBeVisible()
  await expect(steps.getByText(/^Attempt 2: 201 Created/)).toBeVisible()
  await expect(steps.getByText('replayed', { exact: true })).toBeVisible()
  await expect(
    steps.getByText(/^Wait .*backoff 2\^0 s \+ 0\.\d\d s jitter/),
  ).toBeVisible()
  await expect(row.getByText('Idempotency-Key')).toHaveCount(1)
  const key = await row
    .getByText('Idempotency-Key')
    .locator('code')
    .textContent()
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  await expect(row.getByText(key!, { exact: true })).toHaveCount(1)
  await saveScreenshot(page, {
    path: 'test-results/screenshots/timeline-lost-response.png',
    fullPage: true,
  })

  // The journal: the lost attempt (status 0, the fault) and the replayed 201, with the same key.
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Journal' })
    .click()
  await page.getByLabel('Method').selectOption('POST')
  const table = page.getByRole('table', { name: 'Requests served by the mock' })
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(3) // header + 2
  await expect(rows.nth(1)).toContainText('201')
  await expect(rows.nth(1)).toContainText('replayed')
  await expect(rows.nth(2)).toContainText('0, no response')
  await expect(rows.nth(2)).toContainText('lose-response')
  // Exactly one payment was created: the replay did not run the operation again.
  const payments = await page.evaluate(async () => {
    const response = await fetch('/api/payments', {
      headers: { Authorization: 'Bearer customer-1-token' },
    })
    return ((await response.json()) as { total: number }).total
  })
  expect(payments).toBe(2) // the seeded payment 1, plus this one
})

test('every scenario can be run and reset from the gallery', async ({
  page,
}) => {
  await page.goto('/?view=scenarios')
  const gallery = page.getByRole('list', { name: 'Scenarios' })
  await expect(gallery.getByRole('listitem')).toHaveCount(10)
  const expectations: [string, string][] = [
    ['Happy path', '201 Created'],
    ['Insufficient funds', '422 Unprocessable Content'],
    ['Validation errors', '422 Unprocessable Content'],
    ['Expired token', '401 Unauthorized'],
    ['Edit conflict (version mismatch)', '409 Conflict'],
    ['Stale link (state conflict)', '409 Conflict'],
  ]
  for (const [title, status] of expectations) {
    const card = gallery.getByRole('listitem', { name: title })
    await runScenario(card)
    await expect(card.getByRole('status')).toContainText(status)
    // A scenario borrows its credential; the header has the user's back once it ends.
    await expect(page.getByLabel('Credential')).toHaveValue('customer-1-token')
  }
  // Each run reset the mock, so only the last card keeps results.
  const funds = gallery.getByRole('listitem', { name: 'Insufficient funds' })
  await expect(funds.getByRole('status')).toHaveText('')
  await runScenario(funds)
  // A problem is shown as a card with its title and type.
  await expect(
    funds
      .getByRole('article')
      .getByRole('heading', { name: /Insufficient funds/i }),
  ).toBeVisible()
  await expect(page).toHaveURL(/scenario=insufficient-funds/)

  await funds.scrollIntoViewIfNeeded()
  await saveScreenshot(page, {
    path: 'test-results/screenshots/scenarios-gallery.png',
    fullPage: true,
  })

  const stale = gallery.getByRole('listitem', {
    name: 'Stale link (state conflict)',
  })
  await stale.getByRole('button', { name: 'Reset scenario' }).click()
  await stale.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(stale.getByRole('status')).toHaveText(/^Set up, not run/)
})
