import { z } from 'zod'
import { defineApi, defineResource } from '../../../src/mock-server/index.ts'

/**
 * A hotel, declared by its app: rooms and guests. `?version=2` of the page drops the guests'
 * `note` member, as a later version of the app would.
 */
export function hotelApi(version: 1 | 2) {
  const guest = {
    id: z.number().int(),
    name: z.string().min(1).max(100),
  }
  const guests = defineResource({
    schema:
      version === 1
        ? z.strictObject({ ...guest, note: z.string().max(200).optional() })
        : z.strictObject(guest),
    seed: [{ name: 'Seed guest' }],
  })
  const rooms = defineResource({
    schema: z.strictObject({
      id: z.number().int(),
      floor: z.number().int().min(0),
    }),
    seed: [{ floor: 1 }, { floor: 2 }],
  })
  return defineApi({
    name: 'Hotel',
    base: '/hotel',
    resources: { rooms, guests },
  })
}
