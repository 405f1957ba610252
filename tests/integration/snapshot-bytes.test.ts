import { expect, test } from 'vitest'
import { createMockApi } from 'hypermock-api'
import { hotelApi } from '../fixtures/hotel/small-hotel-api.ts'

const headers = {
  Authorization: 'Bearer guest-token',
  'Content-Type': 'application/json',
}

test('a snapshot restores byte for byte: every row keeps its members in their order', async () => {
  const api = createMockApi({ api: hotelApi })
  const created = await api.fetch(
    new Request('http://localhost/api/bookings', {
      method: 'POST',
      headers,
      body: JSON.stringify({ roomId: 1, guest: 'Ada', nights: 2 }),
    }),
  )
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const read = async () =>
    (
      await api.fetch(
        new Request(`http://localhost/api/bookings/${id}`, { headers }),
      )
    ).text()
  const before = await read()
  const snapshot = JSON.stringify(api.state.snapshot())

  api.state.restore(JSON.parse(snapshot))

  expect(JSON.stringify(api.state.snapshot())).toBe(snapshot)
  expect(await read()).toBe(before)
})
