import { expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
} from '../../src/mock-server/index.ts'

function mistakesOf(make: () => Parameters<typeof createMockApi>[0]) {
  try {
    createMockApi(make())
  } catch (error) {
    expect(isInvalidDeclarationError(error)).toBe(true)
    return (error as { errors: { field: string; message: string }[] }).errors
  }
  return expect.unreachable('the declaration was accepted')
}

it('lists a bad relation, a bad transition and a bad seed row in one error', () => {
  const mistakes = mistakesOf(() => ({
    api: defineApi({
      name: 'Hotel',
      resources: {
        bookings: defineResource({
          schema: z.strictObject({
            id: z.number().int(),
            guestId: z.number().int(),
            checkIn: z.iso.date(),
            status: z.enum(['held', 'confirmed']),
          }),
          relations: { guest: { field: 'guestId', to: 'guests' } },
          state: {
            field: 'status',
            initial: 'held',
            transitions: {
              // @ts-expect-error: a state the schema does not have, past the types
              confirm: { from: ['held'], to: 'booked' },
            },
          },
          seed: [{ guestId: 1, checkIn: 'tomorrow' }],
        }),
      },
    }),
  }))
  const fields = mistakes.map((m) => m.field)
  expect(fields).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^resources\.bookings\.relations\.guest/),
      'resources.bookings.state.transitions.confirm.to',
      'resources.bookings.seed[0].checkIn',
    ]),
  )
  expect(fields).toHaveLength(3)
})

it('lists every bad seed row of every resource, beside a schema mistake elsewhere', () => {
  const mistakes = mistakesOf(() => ({
    api: defineApi({
      name: 'Hotel',
      resources: {
        rooms: defineResource({
          schema: z.strictObject({ id: z.number().int(), number: z.string() }),
          // @ts-expect-error: a filter the schema does not have, past the types
          filters: ['floor'],
          seed: [{ number: '101' }, { number: 102 as unknown as string }],
        }),
        guests: defineResource({
          schema: z.strictObject({ id: z.number().int(), email: z.email() }),
          seed: [{ email: 'not an email' }],
        }),
      },
    }),
  }))
  expect(mistakes.map((m) => m.field)).toEqual([
    'resources.rooms.filters[0]',
    'resources.rooms.seed[1].number',
    'resources.guests.seed[0].email',
  ])
})
