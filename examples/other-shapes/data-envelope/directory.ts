/**
 * A `{ data }` API with numbered pages and totals, as reqres.in and many Laravel backends answer:
 * `GET /api/users?page=2&per_page=6` is `{ page, per_page, total, total_pages, data: [...] }` and
 * one user is `{ data: { … } }`.
 */
import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

const FIRST = ['George', 'Janet', 'Emma', 'Eve', 'Charles', 'Tracey', 'Michael']
const LAST = ['Bluth', 'Weaver', 'Wong', 'Holt', 'Morris', 'Ramos', 'Lawson']

const users = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    email: z.email(),
    first_name: z.string().min(1),
    last_name: z.string().min(1),
  }),
  links: false,
  seed: Array.from({ length: 14 }, (_, i) => ({
    email: `user${i + 1}@example.com`,
    first_name: FIRST[i % FIRST.length]!,
    last_name: LAST[(i * 3) % LAST.length]!,
  })),
})

export const directory = defineApi({
  name: 'Directory',
  base: '/api',
  auth: false,
  dialect: {
    envelope: {
      items: 'data',
      page: 'page',
      perPage: 'per_page',
      total: 'total',
      pages: 'total_pages',
    },
    paging: {
      style: 'page',
      params: { perPage: 'per_page' },
      defaultPerPage: 6,
    },
    // GET /api/users/2 answers { data: { id: 2, … } }; a create may send { data: { … } } or the
    // bare record.
    item: { member: 'data' },
  },
  resources: { users },
})
