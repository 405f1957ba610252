import { expect, test } from './support/fixtures.ts'

test('the navigation is a compact sticky bar of tabs, not underlined links', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/?view=reference')
  const banner = page.getByRole('banner')
  const views = page.getByRole('navigation', { name: 'Views' })
  const current = views.getByRole('link', { name: 'Reference' })
  await expect(current).toHaveAttribute('aria-current', 'page')
  for (const link of await views.getByRole('link').all())
    await expect(link).toHaveCSS('text-decoration-line', 'none')
  const bar = await banner.boundingBox()
  expect(bar!.height).toBeLessThanOrEqual(80)

  // Still there after scrolling a long view.
  // The Reference is long once the served description has loaded.
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
  await page.mouse.wheel(0, 3000)
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(1000)
  await expect(views).toBeInViewport()
  await views.getByRole('link', { name: 'Journal' }).click()
  await expect(page.getByRole('heading', { name: 'Journal' })).toBeVisible()
})

test('at 390 px the first response is on screen without scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/?view=explorer&href=%2Fapi%2Forders%2F1')
  const bar = await page.getByRole('banner').boundingBox()
  expect(bar!.height).toBeLessThanOrEqual(90)
  await expect(page.getByRole('heading', { name: 'Order 1' })).toBeInViewport({
    ratio: 1,
  })
  await expect(
    page.getByRole('definition').filter({ hasText: /^200 OK$/ }),
  ).toBeInViewport({ ratio: 1 })
  // The resource itself: its state and the actions it offers.
  await expect(page.getByRole('heading', { name: 'Actions' })).toBeInViewport({
    ratio: 1,
  })
  // Credential and speed keep their names for assistive technology.
  await expect(page.getByLabel('Credential')).toBeVisible()
  await expect(page.getByLabel('Demo speed (playground only)')).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})
