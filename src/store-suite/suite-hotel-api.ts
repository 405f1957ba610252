import { z } from 'zod'
import { defineApi, defineResource } from '../mock-server/declare/index.ts'

/**
 * The small hotel the store suite's mocks serve: rooms, and bookings held then confirmed. Made on
 * first use, so that a bundle importing the store entry for its types and change-set helpers
 * leaves it out.
 */
export const suiteHotelApi = () => (hotel ??= declareHotel())

let hotel: ReturnType<typeof declareHotel> | undefined

const declareHotel = () =>
  defineApi({
    name: 'hotel',
    resources: {
      rooms: defineResource({
        schema: z.strictObject({
          id: z.number().int(),
          name: z.string().min(1).max(100),
          beds: z.number().int().min(1).max(8),
          createdAt: z.iso.datetime(),
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
          createdAt: z.iso.datetime(),
          updatedAt: z.iso.datetime(),
        }),
        relations: {
          room: { field: 'roomId', to: 'rooms', nested: 'bookings' },
        },
        state: {
          field: 'status',
          initial: 'held',
          transitions: { confirm: { from: ['held'], to: 'confirmed' } },
        },
      }),
    },
  })
