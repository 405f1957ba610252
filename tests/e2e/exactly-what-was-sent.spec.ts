import { expect, test } from './support/fixtures.ts'

/**
 * Runs against the built playground and against `vite` dev, where React's StrictMode mounts every
 * component twice: the Journal and the Timeline show exactly the requests the app sent.
 */
test('the explorer sends GET /api once: one journal entry, one timeline row, nothing aborted', async ({
  page,
}) => {
  await page.goto('/')
  const views = page.getByRole('navigation', { name: 'Views' })
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
  await expect(
    page.getByRole('definition').filter({ hasText: /^200 OK$/ }),
  ).toBeVisible()

  await views.getByRole('link', { name: 'Journal' }).click()
  const table = page.getByRole('table', { name: 'Requests served by the mock' })
  await expect(table).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(
    'Showing 1 of 1 request, newest first.',
  )
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '/api', exact: true }) }),
  ).toHaveCount(1)

  await views.getByRole('link', { name: 'Timeline' }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('listitem', { name: 'GET /api' })).toHaveCount(1)
  await expect(main).not.toContainText('aborted')
})
