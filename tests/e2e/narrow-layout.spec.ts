import type { Page } from '@playwright/test'
import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

/** The view tabs' bar and its current tab, as boxes. */
function tabBar(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('nav[aria-label="Views"] ul')!
    const current = list.querySelector('[aria-current="page"]')!
    const box = list.getBoundingClientRect()
    const tab = current.getBoundingClientRect()
    return {
      scrolls: list.scrollWidth > list.clientWidth,
      currentInside: tab.left >= box.left - 0.5 && tab.right <= box.right + 0.5,
    }
  })
}

test('at 390 px the view tabs show that they scroll, and the current tab is in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/?view=guide')
  const nav = page.getByRole('navigation', { name: 'Views' })
  await expect(nav).toBeVisible()
  expect((await tabBar(page)).scrolls).toBe(true)
  await expect(
    nav.getByRole('button', { name: 'More views to the right' }),
  ).toBeVisible()
  await expect(
    nav.getByRole('button', { name: 'More views to the left' }),
  ).toHaveCount(0)

  // The last tab, opened from a link: scrolled into view, with the way back shown.
  await page.goto('/?view=reference')
  await expect(nav.getByRole('link', { name: 'Reference' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect.poll(async () => (await tabBar(page)).currentInside).toBe(true)
  await expect(
    nav.getByRole('button', { name: 'More views to the left' }),
  ).toBeVisible()
  await nav.getByRole('button', { name: 'More views to the left' }).click()
  await expect(
    nav.getByRole('button', { name: 'More views to the right' }),
  ).toBeVisible()

  // Wide enough for every tab: no arrows.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(nav.getByRole('button', { name: /More views/ })).toHaveCount(0)
})

/** The smallest rendered size, in CSS px, of the state diagram's labels. */
function smallestDiagramLabel(page: Page) {
  return page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('.state-diagram svg')!
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
    return Math.min(
      ...[...svg.querySelectorAll('text')].map(
        (text) => parseFloat(getComputedStyle(text).fontSize) * scale,
      ),
    )
  })
}

test('the state diagram’s labels are readable at 1280 and 390 px', async ({
  page,
}) => {
  await page.goto('/?view=explorer&href=/api/orders/1')
  const diagram = page.getByRole('img', {
    name: /^Order states: current state/,
  })
  await expect(diagram).toBeVisible()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 })
    expect(await smallestDiagramLabel(page)).toBeGreaterThanOrEqual(11)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await screenshotWideAndNarrow(page, 'explorer-state-diagram')
})
