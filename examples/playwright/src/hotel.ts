import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

const day = z.iso.date()

const rooms = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    number: z.string().min(1).max(10),
    nightlyRate: z.number().int().positive(),
  }),
  seed: [
    { number: '101', nightlyRate: 9000 },
    { number: '102', nightlyRate: 12000 },
  ],
})

const guests = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(100),
  }),
  seed: [{ name: 'Ines Duarte' }, { name: 'Tomás Reyes' }],
})

const bookings = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    roomId: z.number().int(),
    guestId: z.number().int(),
    checkIn: day,
    status: z.enum(['held', 'confirmed', 'cancelled']),
  }),
  filters: ['status', 'guestId'],
  create: {
    input: z.strictObject({
      roomId: z.number().int().positive(),
      guestId: z.number().int().positive(),
      checkIn: day,
    }),
  },
  relations: {
    room: { field: 'roomId', to: 'rooms' },
    guest: { field: 'guestId', to: 'guests' },
  },
  state: {
    field: 'status',
    initial: 'held',
    transitions: {
      confirm: { from: ['held'], to: 'confirmed' },
      cancel: { from: ['held', 'confirmed'], to: 'cancelled' },
    },
  },
  seed: [{ roomId: 2, guestId: 2, checkIn: '2026-12-02', status: 'confirmed' }],
})

/** A small hotel: rooms, guests, and their bookings. */
export const hotel = defineApi({
  name: 'Hotel',
  base: '/api',
  resources: { rooms, guests, bookings },
})
