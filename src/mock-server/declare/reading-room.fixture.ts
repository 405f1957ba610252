import { z } from 'zod'
import { defineApi, defineResource } from './define-api.ts'

/**
 * A small declaration for the engine's unit tests: shelves with UUID ids, books with integer ids
 * that stand on a shelf, a state with two actions, merge patch, a declared problem and route.
 * Nothing in it is the shop's.
 */
const shelves = defineResource({
  schema: z.strictObject({
    id: z.uuid(),
    label: z.string().min(1).max(40),
  }),
  id: 'uuid',
  singular: 'shelf',
  seed: [{ label: 'Poetry' }, { label: 'Novels' }],
})

const books = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    title: z.string().min(1).max(200),
    shelfId: z.uuid().nullable(),
    status: z.enum(['in', 'out', 'lost']),
    note: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
  filters: ['status'],
  sort: ['title'],
  patch: true,
  relations: {
    shelf: { field: 'shelfId', to: 'shelves', nested: 'books' },
  },
  state: {
    field: 'status',
    initial: 'in',
    deleteIn: ['in', 'lost'],
    transitions: {
      lend: { from: ['in'], to: 'out', title: 'Lend it' },
      'give-back': { from: ['out'], to: 'in' },
    },
  },
  seed: [
    { title: 'Odes', shelfId: null },
    { title: 'Middlemarch', shelfId: null, status: 'out' },
  ],
})

export const readingRoom = defineApi({
  name: 'Reading room',
  base: '/api',
  resources: { shelves, books },
  problems: {
    'room-closed': {
      status: 503,
      title: 'The reading room is closed',
      summary: 'Come back when it opens.',
    },
  },
  tokens: { 'reader-token': { owns: 'all', scopes: ['read', 'write'] } },
  routes: [
    {
      method: 'GET',
      path: '/opening-hours',
      summary: 'When the room is open',
      handle: () => Response.json({ opens: '09:00' }),
    },
  ],
})
