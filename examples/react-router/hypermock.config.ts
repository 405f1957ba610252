import { z } from 'zod'
import { defineApi, defineResource } from 'hypermock-api'

/** A reading list: the dev server serves it to the page and to the loaders alike. */
export default defineApi({
  name: 'reading list',
  auth: false,
  resources: {
    books: defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        title: z.string().min(1).max(200),
        read: z.boolean(),
      }),
      patch: true,
      seed: [{ title: 'Middlemarch', read: false }],
    }),
  },
})
