import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

test('faults panel: presets, a rule from the form, a validation message, edit, remove, settings', async ({
  page,
}) => {
  await page.goto('/?view=faults')
  await expect(
    page.getByRole('heading', { name: 'Faults', exact: true }),
  ).toBeVisible()
  await expect(
    page.getByText('No fault rules: every request reaches the API.'),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Rate limited' }).click()
  await page.getByRole('button', { name: 'Lost response after commit' }).click()
  const table = page.getByRole('table', {
    name: 'Fault rules in evaluation order',
  })
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('row').nth(1)).toContainText(
    '429 Too Many Requests, Retry-After 2 s',
  )
  await expect(table.getByRole('row').nth(2)).toContainText(
    'POST /api/payments*',
  )

  // A rule of the form's own, with a bad value first: the core's message shows by the field.
  const form = page.getByRole('form', { name: 'Add a rule' })
  await form.getByLabel('Method').selectOption('GET')
  await form.getByLabel('Path pattern').fill('/api/orders*')
  await form.getByLabel('Effect').selectOption('status')
  await form.getByLabel('Status').selectOption('503')
  await form.getByLabel('Retry-After (seconds)').fill('0')
  await form.getByLabel('Times').fill('2')
  await form.getByRole('button', { name: 'Add rule' }).click()
  await expect(form.getByRole('alert')).toContainText('The rule was not added')
  await expect(
    form.getByText('Retry-After (seconds) must be ≥ 1 second'),
  ).toBeVisible()
  await expect(form.getByLabel('Retry-After (seconds)')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(form.getByLabel('Retry-After (seconds)')).toBeFocused()
  await form.getByLabel('Retry-After (seconds)').fill('3')
  await form.getByRole('button', { name: 'Add rule' }).click()
  await expect(table.getByRole('row')).toHaveCount(4)
  await expect(table.getByRole('row').nth(3)).toContainText('GET /api/orders*')
  await expect(table.getByRole('row').nth(3)).toContainText(
    '503 Service Unavailable, Retry-After 3 s',
  )
  await expect(table.getByRole('row').nth(3)).toContainText(
    'fire 2 times, then retire',
  )

  // Rules count their matches as requests go by; "Rate limited" fires once, then retires: it
  // stays listed, below the active rules, until cleared.
  await page.evaluate(() =>
    fetch('/api/orders', {
      headers: { Authorization: 'Bearer customer-1-token' },
    }),
  )
  await expect(table.getByRole('row')).toHaveCount(4)
  await expect(table.getByRole('row').last()).toContainText(
    'retired, fired 1/1',
  )
  const ordersRule = table.getByRole('row').filter({ hasText: 'fault-3' })
  await expect(ordersRule.getByRole('cell').nth(4)).toHaveText('0')
  await page.evaluate(() =>
    fetch('/api/orders', {
      headers: { Authorization: 'Bearer customer-1-token' },
    }),
  )
  await expect(ordersRule.getByRole('cell').nth(4)).toHaveText('1')
  await expect(ordersRule.getByRole('cell').nth(5)).toHaveText(
    'active, fired 1/2',
  )

  // Edit: the 503 rule becomes a delay; it is replaced and moves to the end.
  await table.getByRole('button', { name: 'Edit fault-3' }).click()
  const edit = page.getByRole('form', { name: 'Edit rule fault-3' })
  await edit.getByLabel('Effect').selectOption('delay')
  await edit.getByLabel('Delay (ms)').fill('250')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'replaced by' }),
  ).toBeVisible()
  await expect(table.getByRole('row').nth(2)).toContainText(
    'delay 250 ms, then answer',
  )

  await table.getByRole('button', { name: 'Remove fault-2' }).click()
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('row').nth(1)).toContainText('fault-4')
  await table.getByRole('button', { name: 'Clear retired' }).click()
  await expect(table.getByRole('row')).toHaveCount(2)

  // Settings: latency and the rate limit go to api.config.update.
  const settings = page.getByRole('form', { name: 'Rate limit and latency' })
  await settings.getByLabel('Requests per window').fill('0')
  await settings.getByRole('button', { name: 'Apply settings' }).click()
  await expect(
    settings.getByText('Requests per window must be ≥ 1'),
  ).toBeVisible()
  await settings.getByLabel('Requests per window').fill('5')
  await settings.getByLabel('Latency on every request (ms)').fill('20')
  await settings.getByRole('button', { name: 'Apply settings' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Mock settings applied.' }),
  ).toBeVisible()
  const config = await page.evaluate(async () =>
    (await fetch('/__mock/config')).json(),
  )
  expect(config).toMatchObject({
    rateLimit: { limit: 5, windowSeconds: 60 },
    latencyMs: 20,
  })
  await screenshotWideAndNarrow(page, 'faults')

  await page.getByRole('button', { name: 'Remove all' }).click()
  await expect(table).toHaveCount(0)
})
