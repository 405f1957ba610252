import { expect, test } from '@playwright/test'

const screenshots = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots'

test("the devtools panel shows the app's own retry after a 429, and its wait", async ({
  page,
}) => {
  // The rate-limited scenario: the first read of the orders answers 429 with Retry-After: 2.
  await page.goto('/?scenario=rate-limited')
  await expect(
    page.getByRole('list', { name: 'Orders' }).getByRole('listitem'),
  ).toHaveCount(5)
  await page.getByRole('button', { name: 'hypermock devtools' }).click()
  const panel = page.getByRole('dialog', { name: 'hypermock devtools' })
  const operation = panel
    .getByRole('list', { name: 'Operations' })
    .getByRole('listitem')
    .filter({ hasText: '/api/orders?perPage=5&sort=id' })
  await expect(operation).toContainText('2002×inferred')
  await operation.getByText('/api/orders?perPage=5&sort=id').click()
  await expect(operation.getByRole('table')).toContainText('429')
  await expect(operation.getByRole('table')).toContainText(
    'consistent with Retry-After 2 s',
  )
  await expect(operation).toContainText('No verdicts')
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.screenshot({ path: `${screenshots}/example-devtools-panel.png` })
  await page.setViewportSize({ width: 390, height: 800 })
  await page.screenshot({
    path: `${screenshots}/example-devtools-panel-390.png`,
  })
  // Keyboard: Escape closes the panel and puts focus back on its button.
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(
    page.getByRole('button', { name: 'hypermock devtools' }),
  ).toBeFocused()
})
