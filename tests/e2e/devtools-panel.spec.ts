import type { Page } from '@playwright/test'
import { expect, saveScreenshot, test } from './support/fixtures.ts'
import { ports } from './support/ports.ts'

// The page built by pages/vite.config.ts, served by `vite preview` on a port of its own.
test.use({ baseURL: `http://127.0.0.1:${ports.pages}` })

/** What of the open panel does not fit: an element past the panel's right edge, a cut cell. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector(
      '[data-hypermock-devtools]',
    )!.shadowRoot!
    const panel = root.querySelector('.panel')!.getBoundingClientRect()
    const problems: string[] = []
    if (panel.right > window.innerWidth || panel.left < 0)
      problems.push(`the panel spans ${panel.left}–${panel.right}`)
    const body = root.querySelector('.body')!
    if (body.scrollWidth > body.clientWidth + 1)
      problems.push(
        `the body scrolls sideways (${body.scrollWidth} > ${body.clientWidth})`,
      )
    for (const cell of root.querySelectorAll(
      '.operations summary > *, .attempts td, .journal th, .journal td, .fault-form > *',
    )) {
      const box = cell.getBoundingClientRect()
      if (box.width === 0) continue
      if (box.right > panel.right + 0.5)
        problems.push(
          `${cell.className || cell.tagName} “${cell.textContent}” ends at ${box.right}`,
        )
    }
    return problems
  })
}

test('the devtools panel fits 390 px, and adds and clears a fault the app then meets', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/tests/e2e/devtools-panel/devtools-panel.html')
  const result = page.getByRole('status', { name: 'Result' })
  await expect(result).toHaveText('ready')
  await page.getByRole('button', { name: 'hypermock devtools' }).click()
  const panel = page.getByRole('dialog', { name: 'hypermock devtools' })

  await panel.getByRole('tab', { name: 'Faults' }).click()
  const form = panel.getByRole('form', { name: 'Add a fault' })
  await form.getByLabel('Method').selectOption('GET')
  await form.getByLabel('Path').fill('/api/orders*')
  await form
    .getByLabel('Effect')
    .selectOption({ label: '503 Service Unavailable' })
  await form.getByLabel('Times').fill('1')
  await form.getByRole('button', { name: 'Add fault' }).click()
  await expect(
    panel.getByRole('list', { name: 'Active faults' }),
  ).toContainText('503 on GET /api/orders*')
  // The panel said "Added …"; the app's own role queries still find the app's one status only.
  await expect(panel.getByText(/^Added /)).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('ready')
  expect(await clipped(page)).toEqual([])
  await saveScreenshot(page, {
    path: 'test-results/screenshots/devtools-faults-narrow.png',
  })

  // The app meets the fault, then the mock again.
  await page.getByRole('button', { name: 'Load orders' }).click()
  await expect(result).toHaveText('503')
  await page.getByRole('button', { name: 'Load orders' }).click()
  await expect(result).toHaveText('200')
  // Its one time spent, the rule is gone.
  await expect(panel.getByText('No fault rules are active.')).toBeVisible()

  // The 503 and the 200 are one operation: opened, each attempt's cells all fit, the wait's too.
  await panel.getByRole('tab', { name: 'Timeline' }).click()
  const operation = panel
    .getByRole('list', { name: 'Operations' })
    .getByRole('listitem')
    .filter({ hasText: '/api/orders' })
  await operation.getByText('/api/orders').click()
  const attempts = operation.getByRole('table', { name: 'Attempts' })
  await expect(attempts.getByRole('row')).toHaveCount(3) // the header's, then two attempts
  const wait = attempts.getByRole('row').nth(2).getByRole('cell').nth(4)
  await expect(wait).toBeVisible()
  await expect(wait).toContainText(/^≈ \d+(\.\d)? s/)
  expect(await clipped(page)).toEqual([])
  await saveScreenshot(page, {
    path: 'test-results/screenshots/devtools-attempts-narrow.png',
  })

  for (const tab of ['Timeline', 'Journal']) {
    await panel.getByRole('tab', { name: tab }).click()
    await expect.poll(() => clipped(page), { message: tab }).toEqual([])
    await saveScreenshot(page, {
      path: `test-results/screenshots/devtools-${tab.toLowerCase()}-narrow.png`,
    })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect.poll(() => clipped(page)).toEqual([])
  await panel.getByRole('tab', { name: 'Timeline' }).click()
  await expect(attempts).toBeVisible()
  await expect.poll(() => clipped(page)).toEqual([])
  await saveScreenshot(page, {
    path: 'test-results/screenshots/devtools-attempts.png',
  })
  await panel.getByRole('tab', { name: 'Journal' }).click()
  await saveScreenshot(page, {
    path: 'test-results/screenshots/devtools-journal.png',
  })

  // A rule for every time, then cleared: the app is answered again.
  await panel.getByRole('tab', { name: 'Faults' }).click()
  await form.getByLabel('Times').fill('')
  await form.getByRole('button', { name: 'Add fault' }).click()
  await page.getByRole('button', { name: 'Load orders' }).click()
  await expect(result).toHaveText('503')
  await panel.getByRole('button', { name: 'Clear faults' }).click()
  await page.getByRole('button', { name: 'Load orders' }).click()
  await expect(result).toHaveText('200')
  await expect(panel.getByText('No fault rules are active.')).toBeVisible()
})
