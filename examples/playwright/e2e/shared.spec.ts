import { expect, mockTest } from 'hypermock-api/playwright'
import type { hotel } from '../src/hotel.ts'

const test = mockTest<typeof hotel>()

// The app started with `startMockWorker({ shared: … })`: one mock for every tab of the origin,
// kept in IndexedDB. Each test's browser context has its own, so the fixture's handle reaches the
// mock of this test's page alone, while tests run in parallel.
test.describe('the shared mock (shared: true)', () => {
  for (const guestId of [1, 2]) {
    test(`guest ${guestId}: a fault, the retry seen through the operations, and rows that outlive a reload`, async ({
      page,
      mock,
    }) => {
      await page.goto('/?shared')
      await expect(page.locator('body')).toHaveAttribute('data-mock', 'shared')
      await mock.faults.add({
        match: { method: 'POST', path: '/api/bookings' },
        effect: { kind: 'status', status: 503 },
        times: 1,
      })
      await page.getByLabel('Guest').fill(String(guestId))
      await page.getByRole('button', { name: 'Book room 101' }).click()
      await expect(page.getByRole('status')).toHaveText('2 bookings')

      const [booked] = (await mock.operations()).filter(
        (operation) =>
          operation.method === 'POST' && operation.path === '/api/bookings',
      )
      expect(booked?.attempts.map((attempt) => attempt.status)).toEqual([
        503, 201,
      ])

      // The shared mock keeps its rows in IndexedDB: after a reload they are still there, and
      // only this test's booking is among them.
      await page.reload()
      await expect(page.locator('body')).toHaveAttribute('data-mock', 'shared')
      const rows = await mock.rows('bookings')
      expect(rows.map((row) => [row.roomId, row.guestId])).toEqual([
        [2, 2],
        [1, guestId],
      ])
    })
  }
})
