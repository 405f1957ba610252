import { z } from 'zod'
import { defineApi, defineResource } from '../mock-server/declare/index.ts'

const timestamp = z.iso.datetime()

/** The small hotel the store suite's mocks serve: rooms, and bookings held then confirmed. */
export const suiteHotelApi = defineApi({
  name: 'hotel',
  resources: {
    rooms: defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        name: z.string().min(1).max(100),
        beds: z.number().int().min(1).max(8),
        createdAt: timestamp,
      }),
      seed: [
        { name: 'Garden', beds: 2 },
        { name: 'Tower', beds: 1 },
      ],
    }),
    bookings: defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        roomId: z.number().int(),
        guest: z.string().min(1).max(100),
        nights: z.number().int().min(1).max(60),
        status: z.enum(['held', 'confirmed']),
        version: z.number().int(),
        createdAt: timestamp,
        updatedAt: timestamp,
      }),
      relations: { room: { field: 'roomId', to: 'rooms', nested: 'bookings' } },
      state: {
        field: 'status',
        initial: 'held',
        transitions: { confirm: { from: ['held'], to: 'confirmed' } },
      },
    }),
  },
})
