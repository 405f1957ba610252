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

/** Every credential the picker offers, with the width its text needs and the width it is given. */
function credentialFit(page: Page) {
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>(
      'select:has(> option[value="customer-1-token"])',
    )!
    const style = getComputedStyle(select)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    // The text box: the select's width less its padding, borders and the arrow (about 20 px).
    const room =
      select.getBoundingClientRect().width -
      parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight) -
      parseFloat(style.borderLeftWidth) -
      parseFloat(style.borderRightWidth) -
      20
    return {
      cut: [...select.options]
        .filter((option) => context.measureText(option.text).width > room)
        .map((option) => option.text),
      right: select.getBoundingClientRect().right,
    }
  })
}

/** The texts with an API path that the page shows cut short (an ellipsis, or clipped). */
function cutPaths(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter(
        (element) =>
          element.textContent?.includes('/api/') &&
          getComputedStyle(element).overflowX !== 'visible' &&
          getComputedStyle(element).overflowX !== 'auto' &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => element.textContent),
  )
}

test('at 1280 and 390 px the credential picker shows every credential whole, and the timeline every path', async ({
  page,
}) => {
  await page.goto('/?view=timeline')
  await expect(page.getByLabel('Credential')).toBeVisible()
  // Code of the page that is not the reference client reads a nested collection: a long path.
  await page.evaluate(async () => {
    await fetch('/api/customers/1/accounts?sort=-currency&perPage=5', {
      headers: { Authorization: 'Bearer customer-1-token' },
    })
  })
  const rebuilt = page.getByRole('region', {
    name: 'Other traffic rebuilt from what the mock sees',
  })
  await expect(rebuilt.getByText(/\/api\/customers\/1\/accounts/)).toBeVisible()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 })
    const fit = await credentialFit(page)
    expect.soft(fit.cut, `credentials cut at ${width} px`).toEqual([])
    expect.soft(fit.right).toBeLessThanOrEqual(width)
    expect.soft(await cutPaths(page), `paths cut at ${width} px`).toEqual([])
  }
  await screenshotWideAndNarrow(page, 'timeline-long-path')
})
