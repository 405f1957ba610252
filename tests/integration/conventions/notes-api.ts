import { z } from 'zod'
import { defineApi, defineResource } from '../../../src/index.ts'

const stamp = z.iso.datetime()

/**
 * A declaration unlike the shop and the library: string ids, no credentials at all, and the API at
 * the root of its host rather than under `/api`.
 */
const notes = defineResource({
  schema: z.strictObject({
    id: z.string(),
    title: z.string().min(1).max(100),
    body: z.string().max(2000),
    status: z.enum(['draft', 'published', 'archived']),
    version: z.number().int(),
    createdAt: stamp,
    updatedAt: stamp,
  }),
  id: 'string',
  filters: ['status'],
  sort: ['title', 'createdAt'],
  state: {
    field: 'status',
    initial: 'draft',
    transitions: {
      publish: { from: ['draft'], to: 'published', title: 'Publish it' },
      archive: { from: ['draft', 'published'], to: 'archived' },
    },
  },
  seed: [
    { id: 'welcome', title: 'Welcome', body: 'Hello.' },
    { id: 'shopping', title: 'Shopping', body: 'Milk, bread.' },
    { id: 'ideas', title: 'Ideas', body: 'A mock for every API.' },
  ],
})

export const notesApi = defineApi({
  name: 'Notes',
  base: '/',
  auth: false,
  resources: { notes },
})
