import { expect, test } from 'vitest'
import { hotelApi } from '../../../tests/fixtures/hotel/small-hotel-api.ts'
import { compiledApi } from '../declare/compiled-api-cache.ts'
import { checkStoredRows } from './check-stored-rows.ts'

const at = '2026-01-01T00:00:00.000Z'
const room = (id: number, beds: unknown = 2) => ({
  id,
  name: `Room ${id}`,
  beds,
  createdAt: at,
})
const booking = (id: number, extra: object = {}) => ({
  id,
  roomId: 1,
  guest: 'Ada',
  nights: 2,
  status: 'held',
  version: 1,
  createdAt: at,
  updatedAt: at,
  ...extra,
})

test('rows that fit pass untouched, members in their order', () => {
  const stored = {
    tables: { rooms: [room(1)], bookings: [booking(1)] },
    idempotencyKeys: [],
    settings: null,
  }
  const report = checkStoredRows(compiledApi(hotelApi), stored)
  expect(report.fits).toBe(true)
  expect(JSON.stringify(report.fitting.bookings)).toBe(
    JSON.stringify(stored.tables.bookings),
  )
})

test('reports every row and member that no longer fits, in one message, and keeps the rest', () => {
  const report = checkStoredRows(compiledApi(hotelApi), {
    tables: {
      rooms: [room(1), room(2, 20)],
      bookings: [
        booking(1),
        booking(2, { status: 'pending' }),
        booking(3, { notes: 'late arrival' }),
        booking(4, { roomId: 2 }),
      ],
      guests: [{ id: 1 }, { id: 2 }],
    },
    idempotencyKeys: [],
    settings: null,
  })
  expect(report.fits).toBe(false)
  expect(report.problems.map((p) => [p.table, p.id])).toEqual([
    ['rooms', 2],
    ['bookings', 2],
    ['bookings', 3],
    ['guests', null],
    ['bookings', 4],
  ])
  expect(report.dropped).toBe(6)
  expect(report.message).toMatch(
    /^6 stored rows no longer fit the declaration:/,
  )
  expect(report.message).toContain('rooms 2: beds')
  expect(report.message).toContain('bookings 2: status')
  expect(report.message).toContain('bookings 3: notes: ')
  expect(report.message).toContain('guests: no resource is named "guests"')
  expect(report.message).toContain(
    'bookings 4: roomId: names room 2, which exists but does not fit',
  )
  expect(report.fitting.rooms).toEqual([room(1)])
  expect(report.fitting.bookings).toEqual([booking(1)])
})
