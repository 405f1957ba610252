import { describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { library } from '../../examples/own-api/library.ts'
import { hotelApi } from '../fixtures/hotel/hotel-api.ts'
import { auth } from '../support/request-init.ts'

const post = (path: string, body: unknown, token = 'any-token') =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

async function invalidFields(response: Response) {
  expect(response.status).toBe(422)
  const problem = (await response.json()) as {
    errors: { field: string; message: string; pointer?: string }[]
  }
  return Object.fromEntries(problem.errors.map((e) => [e.field, e.message]))
}

describe('a 422 lists every invalid field, references included', () => {
  it('a declared API: a bad checkIn and a guestId that names no guest, together', async () => {
    const api = createMockApi({ api: hotelApi })
    const fields = await invalidFields(
      await api.fetch(
        post('/api/bookings', {
          roomId: 1,
          guestId: 99,
          checkIn: 'soon',
          checkOut: '2026-12-04',
        }),
      ),
    )
    expect(Object.keys(fields).sort()).toEqual(['checkIn', 'guestId'])
    expect(fields.guestId).toBe('names no guest (99)')
    expect(api.data.bookings.list()).toHaveLength(2)
  })

  it('a create with no body lists the same fields as one with {}, the owner among them', async () => {
    const api = createMockApi({ api: library })
    const create = (body?: string) =>
      api.fetch(
        new Request('http://localhost/api/loans', {
          method: 'POST',
          headers: {
            ...auth('librarian-token'),
            ...(body !== undefined && { 'Content-Type': 'application/json' }),
          },
          ...(body !== undefined && { body }),
        }),
      )
    const empty = await invalidFields(await create('{}'))
    expect(empty).toEqual({
      bookId: 'is required',
      memberId: 'is required with an admin token',
    })
    expect(await invalidFields(await create())).toEqual(empty)
  })

  it('says a field once: a guestId of the wrong type is the schema’s', async () => {
    const api = createMockApi({ api: hotelApi })
    const fields = await invalidFields(
      await api.fetch(
        post('/api/bookings', {
          roomId: 42,
          guestId: 'ines',
          checkIn: 'soon',
          checkOut: '2026-12-04',
        }),
      ),
    )
    expect(Object.keys(fields).sort()).toEqual(['checkIn', 'guestId', 'roomId'])
    expect(fields.roomId).toBe('names no room (42)')
    expect(fields.guestId).not.toMatch(/names no guest/)
  })

  it('the built-in API: a negative amount and an orderId of no order, together', async () => {
    const api = createMockApi()
    const fields = await invalidFields(
      await api.fetch(
        post(
          '/api/payments',
          { amount: -5, currency: 'usd', orderId: 999 },
          'customer-1-token',
        ),
      ),
    )
    expect(Object.keys(fields).sort()).toEqual(['amount', 'orderId'])
    expect(fields.orderId).toBe('names no order of yours (999)')
  })

  it('a replace: a bad field and a reference, together', async () => {
    const api = createMockApi()
    const response = await api.fetch(
      new Request('http://localhost/api/orders/1', {
        method: 'PUT',
        headers: {
          ...auth('admin-token'),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ total: -1, currency: 'usd' }),
      }),
    )
    expect(Object.keys(await invalidFields(response))).toContain('total')
  })
})
