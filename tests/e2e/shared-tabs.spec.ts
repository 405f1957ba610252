import type { BrowserContext, Page } from '@playwright/test'
import { expect, saveScreenshot, test } from './support/fixtures.ts'
import { ports } from './support/ports.ts'

// The app built by pages/vite.config.ts, served by `vite preview` on a port of its own: its own
// declaration (a hotel), one mock shared by every tab and kept in IndexedDB.
test.use({ baseURL: `http://127.0.0.1:${ports.pages}` })

const APP = '/tests/e2e/hotel-tabs/hotel-tabs.html'

const errorsOf = new Map<Page, string[]>()

async function open(context: BrowserContext, path = APP) {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  errorsOf.set(page, errors)
  await page.goto(path)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText(
    /guests$/,
  )
  return page
}

const guests = (page: Page) =>
  page.getByRole('list', { name: 'Guests' }).getByRole('listitem')

async function addGuest(page: Page, name: string, note = '') {
  const form = page.getByRole('form', { name: 'New guest' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Note').fill(note)
  await form.getByRole('button', { name: 'Add guest' }).click()
  await expect(guests(page).filter({ hasText: name })).toHaveCount(1)
}

test('tabs share one state that lasts across reloads and visits, and a changed declaration reports the rows that no longer fit', async ({
  context,
  page: first,
}) => {
  // Ten page loads, each starting or joining the mock: more than the default on a loaded machine.
  test.setTimeout(180_000)
  await first.close()
  const a = await open(context)
  const b = await open(context)
  const answered = a.waitForResponse((r) => r.url().endsWith('/hotel/guests'))
  await addGuest(a, 'Ada', 'late arrival')
  expect((await answered).fromServiceWorker()).toBe(true)

  // Tab B sees it without a reload.
  await expect(guests(b).filter({ hasText: 'Ada (late arrival)' })).toHaveCount(
    1,
  )
  await addGuest(b, 'Grace')
  await expect(guests(a).filter({ hasText: 'Grace' })).toHaveCount(1)

  // Both reload: the tab that ran the mock hands over to the other, and nothing is lost.
  await a.reload()
  await b.reload()
  for (const page of [a, b])
    await expect(guests(page)).toHaveText([
      'Seed guest',
      'Ada (late arrival)',
      'Grace',
    ])

  // Every tab closes; the app is opened again in a fresh page of the same browser profile.
  for (const page of [a, b]) {
    expect(errorsOf.get(page)).toEqual([])
    await page.close()
  }
  const again = await open(context)
  await expect(guests(again)).toHaveText([
    'Seed guest',
    'Ada (late arrival)',
    'Grace',
  ])
  expect(errorsOf.get(again)).toEqual([])
  await again.close()

  // A new version of the app drops the guests' `note`: the report names Ada's row and the member,
  // in the page and as a console error; the other rows load, and nothing crashes.
  const next = await open(context, `${APP}?version=2`)
  const report = next.getByRole('note', { name: 'Stored data' })
  await expect(report).toContainText(
    '1 stored row no longer fits the declaration:',
  )
  await expect(report).toContainText('guests 2: note: is not a known member')
  await expect(report).toContainText("onMismatch: 'keep'")
  await expect(guests(next)).toHaveText(['Seed guest', 'Grace'])
  expect(errorsOf.get(next)).toEqual([
    expect.stringContaining('guests 2: note: is not a known member'),
  ])
  await shoot(next, 'shared-tabs-mismatch-report')
  // A write meanwhile is stored; the row that does not fit stays stored, untouched.
  await addGuest(next, 'Lin')
  await next.close()

  // Loading changed nothing stored: the app's earlier version finds Ada as she was.
  const earlier = await open(context)
  await expect(guests(earlier)).toHaveText([
    'Seed guest',
    'Ada (late arrival)',
    'Grace',
    'Lin',
  ])
  await earlier.close()

  // The user chooses to keep the rows that fit: Ada's row is dropped, once, and said so.
  const kept = await open(context, `${APP}?version=2&mismatch=keep`)
  await expect(kept.getByRole('note', { name: 'Stored data' })).toContainText(
    `They were dropped from IndexedDB "hotel-e2e" (onMismatch: 'keep')`,
  )
  await expect(guests(kept)).toHaveText(['Seed guest', 'Grace', 'Lin'])
  await kept.close()
  const afterKeep = await open(context, `${APP}?version=2`)
  await expect(afterKeep.getByRole('note', { name: 'Stored data' })).toHaveText(
    '',
  )
  expect(errorsOf.get(afterKeep)).toEqual([])
  await afterKeep.close()

  // Or to start over: a row with a note again, then a reset to the seed.
  const withNote = await open(context)
  await addGuest(withNote, 'Mo', 'early')
  await withNote.close()
  const reset = await open(context, `${APP}?version=2&mismatch=reset`)
  await expect(reset.getByRole('note', { name: 'Stored data' })).toContainText(
    `IndexedDB "hotel-e2e" was reset to the seed (onMismatch: 'reset')`,
  )
  await expect(guests(reset)).toHaveText(['Seed guest'])
  await reset.close()
  const afterReset = await open(context)
  await expect(guests(afterReset)).toHaveText(['Seed guest'])
})

test("a page's own mock kept with persist survives a reload, and reports rows that no longer fit with the same choice", async ({
  context,
  page: first,
}) => {
  test.setTimeout(120_000)
  await first.close()
  const page = await open(context, `${APP}?persist`)
  await addGuest(page, 'Ada', 'late arrival')
  await page.reload()
  await expect(guests(page)).toHaveText(['Seed guest', 'Ada (late arrival)'])
  expect(errorsOf.get(page)).toEqual([])
  await page.close()

  const next = await open(context, `${APP}?persist&version=2`)
  await expect(next.getByRole('note', { name: 'Stored data' })).toContainText(
    'guests 2: note: is not a known member',
  )
  await expect(guests(next)).toHaveText(['Seed guest'])
  await next.close()
  const kept = await open(context, `${APP}?persist&version=2&mismatch=keep`)
  await expect(kept.getByRole('note', { name: 'Stored data' })).toContainText(
    `They were dropped from IndexedDB "hotel-e2e-page"`,
  )
  await kept.close()
  const earlier = await open(context, `${APP}?persist`)
  await expect(guests(earlier)).toHaveText(['Seed guest'])
})

/** The report as the user meets it, at a desktop and a phone width. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 })
    await saveScreenshot(page, {
      path: `test-results/screenshots/${name}-${width}.png`,
      fullPage: true,
    })
  }
}
