import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './support/fixtures.ts'

/** Every view, audited by axe-core against WCAG 2.1 A and AA in Debian's Chromium. */

const views = [
  'explorer',
  'console',
  'timeline',
  'faults',
  'scenarios',
  'data',
  'journal',
  'events',
  'guide',
  'reference',
]

for (const view of views) {
  test(`the ${view} view has no serious accessibility violations`, async ({
    page,
  }) => {
    await page.goto(`/?view=${view}`)
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
    const { violations, passes } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join('; ')})`,
      )
    expect(serious).toEqual([])
    // The audit really looked at the view: dozens of rules applied and passed.
    expect(passes.length).toBeGreaterThan(20)
  })
}
