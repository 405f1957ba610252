import { z } from 'zod'
import { defineApi, defineResource } from 'hypermock-api'

/**
 * A garden's plants: the app reads and writes them over GraphQL at /api/graphql, and the same rows
 * are REST's at /api/plants. The Vite plugin, `hypermock-api serve` and the tests all load this.
 */
export default defineApi({
  name: 'garden',
  auth: false,
  resources: {
    plants: defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        name: z.string().min(1).max(60),
        status: z.enum(['seedling', 'growing', 'harvested']),
      }),
      patch: true,
      seed: [
        { name: 'Basil', status: 'growing' },
        { name: 'Chard', status: 'seedling' },
      ],
    }),
  },
})
