import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

/**
 * The playground served by `hypermock-api serve --config examples/own-api/hypermock.config.ts
 * --playground` (see the `server` project): a declared API it has never seen, reached over HTTP.
 */
const librarian = { Authorization: 'Bearer librarian-token' }

async function lend(request: APIRequestContext, bookId: number) {
  const response = await request.post('/api/loans', {
    headers: {
      ...librarian,
      'Idempotency-Key': `lend-${bookId}-${Date.now()}`,
    },
    data: { bookId, memberId: 2 },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

async function openLoan(page: Page, id: number) {
  await page.getByLabel('Resource href').fill(`/api/loans/${id}`)
  await page.getByLabel('Resource href').press('Enter')
  await expect(page.getByRole('heading', { name: `Loan ${id}` })).toBeVisible()
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204)
})

test('walks a declared API from its root, acts on a loan, and a stale action gets the 409 card', async ({
  page,
}) => {
  await page.goto('/__mock/playground/')
  await page
    .getByLabel('Credential')
    .selectOption({ label: 'librarian-token (every owner)' })
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
  const rootLinks = page.getByRole('table', { name: 'Links' })
  for (const name of ['books', 'members', 'loans'])
    await expect(
      rootLinks.getByRole('link', { name, exact: true }),
    ).toBeVisible()

  await rootLinks.getByRole('link', { name: 'loans', exact: true }).click()
  const items = page.getByRole('table', { name: /^Items/ })
  const active = items.getByRole('row').filter({ hasText: 'active' }).first()
  await active.getByRole('link', { name: '/api/loans/1' }).click()
  await expect(page.getByRole('heading', { name: 'Loan 1' })).toBeVisible()

  // The loan's own lifecycle, from x-hypermock-states in the description the server serves.
  const diagram = page.getByRole('img', {
    name: /^Loan states: current state active; transitions on offer: .*return \(to returned\)/,
  })
  await expect(diagram).toBeVisible()
  for (const state of ['active', 'overdue', 'returned'])
    await expect(diagram).toContainText(state)
  await screenshotWideAndNarrow(page, 'server-explorer')

  await page.getByRole('button', { name: 'return', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'return succeeded' }),
  ).toBeVisible()
  await expect(
    page.getByRole('img', { name: /^Loan states: current state returned/ }),
  ).toBeVisible()

  // Stale: another client returns loan 2 before this page has heard of it (its poll held back).
  const second = await lend(page.request, 2)
  await openLoan(page, second)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let holding = () => {}
  const pollHeld = new Promise<void>((resolve) => (holding = resolve))
  // Every read of the control API waits: the page cannot hear of the other client's write.
  await page.route('**/__mock/**', async (route) => {
    if (route.request().method() === 'GET') {
      holding()
      await held
    }
    // A poll the page gave up on meanwhile is already settled: nothing is left to let through.
    await route.continue().catch(() => {})
  })
  // The page polls one round at a time: once a round is held here, the round before it (which
  // might have been sent before the route, and answered after the write below) has ended.
  await pollHeld
  const returned = await page.request.post(`/api/loans/${second}/return`, {
    headers: { ...librarian, 'Idempotency-Key': `return-${second}` },
  })
  expect(returned.status()).toBe(200)
  await page.getByRole('button', { name: 'return', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'return failed' })
  await expect(alert.getByRole('heading', { name: /^409/ })).toBeVisible()
  await expect(alert).toContainText('returned')
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  release()
})

test('Data lists the declared tables; a fault aimed at loans shows in the Journal', async ({
  page,
}) => {
  await page.goto('/__mock/playground/?view=data')
  for (const name of ['Books', 'Members', 'Loans'])
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Orders' })).toHaveCount(0)
  await screenshotWideAndNarrow(page, 'server-data')

  // The Guide's Try-its name the built-in domain's orders: it says so instead of failing them.
  await page.goto('/__mock/playground/?view=guide')
  await expect(
    page.getByText('requests are written for the built-in domain'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^Try it/ })).toHaveCount(0)
  // Its Authentication section names its own tokens, and the 403 with its read-only one.
  const auth = page.getByRole('region', { name: 'Authentication and tokens' })
  await expect(auth).toContainText('Its tokens: ada-token (owner 1)')
  // Without `owns` its visitor sees the books (no owner) and no member's loans.
  await expect(auth).toContainText('visitor-token (books only, read-only)')
  await expect(auth).toContainText(
    'A valid credential that may not write, such as visitor-token: 403',
  )
  await expect(auth).not.toContainText(/readonly-token|customer/)
  await screenshotWideAndNarrow(page, 'server-guide')

  // The library's own scenarios: it declares none, and the built-in domain's are not offered.
  await page.goto('/__mock/playground/?view=scenarios')
  await expect(
    page.getByText('This API declares no scenarios', { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Happy path' })).toHaveCount(
    0,
  )

  await page.goto('/__mock/playground/?view=faults')
  const form = page.getByRole('form', { name: 'Add a rule' })
  await form.getByLabel('Method').selectOption('GET')
  await form.getByLabel('Path pattern').fill('/api/loans*')
  await form.getByLabel('Effect').selectOption('status')
  await form.getByLabel('Status').selectOption('503')
  await form.getByLabel('Times').fill('1')
  await form.getByRole('button', { name: 'Add rule' }).click()
  // The rule is the server's: its control API lists it.
  await expect
    .poll(async () => {
      const { rules } = (await (
        await page.request.get('/__mock/faults')
      ).json()) as { rules: { match: { path: string } }[] }
      return rules.map((rule) => rule.match.path)
    })
    .toEqual(['/api/loans*'])

  await page.goto('/__mock/playground/?view=explorer&href=%2Fapi%2Floans')
  await expect(page.getByRole('table', { name: /^Items/ })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Journal' })
    .click()
  const rows = page
    .getByRole('table', { name: 'Requests served by the mock' })
    .getByRole('row')
  // The status cell itself: a row's time (23:20:54.503) can hold the same digits.
  const faulted = rows
    .filter({ hasText: '/api/loans' })
    .filter({ has: page.getByRole('cell', { name: '503', exact: true }) })
  await expect(faulted).toHaveCount(1)
  await expect(faulted).toContainText('fault-1')
  await screenshotWideAndNarrow(page, 'server-journal')
})

test('the served Explorer on a loan passes the WCAG 2.1 AA audit', async ({
  page,
}) => {
  await page.goto('/__mock/playground/?view=explorer&href=%2Fapi%2Floans%2F1')
  await expect(
    page.getByRole('img', { name: /^Loan states: current state active/ }),
  ).toBeVisible()
  // No frames: axe-core runs in the page itself (see accessibility.spec.ts).
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([])
})
