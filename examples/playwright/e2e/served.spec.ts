import { expect, mockTest } from 'hypermock-api/playwright'
import { hotel } from '../src/hotel.ts'

// The same app against a mock server instead of its service worker: one server per Playwright
// worker, reset before each test, answering the page's /api and /__mock.
const test = mockTest<typeof hotel>()
test.use({
  mockMode: 'serve',
  mockServer: { api: hotel },
  serviceWorkers: 'block',
})
// In order on one worker and its one server: the second test checks that the reset between tests
// removed the row the first one wrote. (Spread over two workers, each would have a server of its
// own, and a browser each.)
test.describe.configure({ mode: 'default' })

test('seeds rows from the test and reads them in the page', async ({
  page,
  mock,
}) => {
  const state = await mock.state.get()
  await mock.state.set({
    ...state,
    bookings: [
      {
        id: 7,
        roomId: 1,
        guestId: 1,
        checkIn: '2026-12-24',
        status: 'confirmed',
      },
    ],
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Load bookings' }).click()
  await expect(page.getByRole('listitem')).toHaveText([
    'Booking 7: room 1, guest 1, 2026-12-24 (confirmed)',
  ])
  expect((await mock.journal.list()).map((entry) => entry.status)).toEqual([
    200,
  ])
})

test('starts from the seed again: the row the test before wrote is gone', async ({
  page,
  mock,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Load bookings' }).click()
  await expect(page.getByRole('listitem')).toHaveText([
    'Booking 1: room 2, guest 2, 2026-12-02 (confirmed)',
  ])
  expect((await mock.rows('bookings')).map((row) => row.id)).toEqual([1])
})
