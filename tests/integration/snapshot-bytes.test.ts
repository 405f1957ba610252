import { expect, test } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from 'hypermock-api'
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

test('a snapshot given to restore, or handed out, stays apart from the rows the mock keeps', async () => {
  // A member whose values the schema passes through as they are given: nested arrays and objects
  // inside are the caller's own unless restore copies them.
  const notes = defineResource({
    schema: z.object({
      id: z.number().int().positive(),
      meta: z.record(z.string(), z.unknown()),
    }),
    seed: [],
  })
  const api = createMockApi({
    api: defineApi({ name: 'Notes', base: '/api', resources: { notes } }),
  })
  const given = {
    schemaVersion: 1,
    notes: [{ id: 1, meta: { tags: ['draft'] } }],
    idempotencyKeys: [],
  }
  api.state.restore(given)
  given.notes[0]!.meta.tags.push('changed by the caller')
  const kept = () =>
    api.state.snapshot().notes as unknown as { meta: { tags: string[] } }[]
  expect(kept()[0]!.meta.tags).toEqual(['draft'])

  kept()[0]!.meta.tags.push('changed in a snapshot')
  expect(kept()[0]!.meta.tags).toEqual(['draft'])

  // Over the control API the same snapshot goes in and comes out as it was.
  const put = await api.fetch(
    new Request('http://localhost/__mock/state', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...given,
        notes: [{ id: 2, meta: { tags: ['sent'] } }],
      }),
    }),
  )
  expect(put.status).toBe(204)
  const got = await api.fetch(new Request('http://localhost/__mock/state'))
  expect(await got.json()).toEqual({
    schemaVersion: 1,
    notes: [{ id: 2, meta: { tags: ['sent'] } }],
    idempotencyKeys: [],
  })
})
