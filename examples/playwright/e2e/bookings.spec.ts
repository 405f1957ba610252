import { expect, mockTest } from 'hypermock-api/playwright'
import type { hotel } from '../src/hotel.ts'

// The handle typed from the declaration: mock.rows('bookings') is Booking[].
const test = mockTest<typeof hotel>()

test('a fault added from the test: the page retries, and the operation shows it', async ({
  page,
  mock,
}) => {
  await page.goto('/')
  await mock.faults.add({
    match: { method: 'GET', path: '/api/bookings' },
    effect: { kind: 'status', status: 503 },
    times: 2,
  })
  await page.getByRole('button', { name: 'Load bookings' }).click()
  await expect(page.getByRole('status')).toHaveText('1 bookings')

  const [read] = (await mock.operations()).filter(
    (operation) => operation.path === '/api/bookings',
  )
  expect(read?.attempts.map((attempt) => attempt.status)).toEqual([
    503, 503, 200,
  ])
  expect(read?.outcome).toBe('succeeded')
})

// Two tests at once, in two workers: each books for its own guest and sees only its own booking.
test.describe('two guests booking at the same time', () => {
  for (const guestId of [1, 2]) {
    test(`guest ${guestId} sees only the booking it made`, async ({
      page,
      mock,
    }) => {
      await page.goto('/')
      await page.getByLabel('Guest').fill(String(guestId))
      await page.getByRole('button', { name: 'Book room 101' }).click()
      await expect(page.getByRole('status')).toHaveText('2 bookings')
      const rows = await mock.rows('bookings')
      expect(rows.map((row) => [row.roomId, row.guestId])).toEqual([
        [2, 2],
        [1, guestId],
      ])
    })
  }
})
