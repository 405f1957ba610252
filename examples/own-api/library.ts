import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

const timestamp = z.iso.datetime()

/** Books: their `status` follows the loans, so a book out on loan cannot be lent twice. */
const books = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    title: z.string().min(1).max(200),
    author: z.string().min(1).max(200),
    year: z.number().int().min(1450).max(2100),
    status: z.enum(['available', 'on-loan']),
    createdAt: timestamp,
  }),
  filters: ['author', 'year', 'status'],
  patch: true,
  state: { field: 'status', initial: 'available', transitions: {} },
  seed: ({ at }) =>
    [
      ['The Left Hand of Darkness', 'Ursula K. Le Guin', 1969],
      ['A Wizard of Earthsea', 'Ursula K. Le Guin', 1968],
      ['Kindred', 'Octavia E. Butler', 1979],
      ['Parable of the Sower', 'Octavia E. Butler', 1993],
      ['The Dispossessed', 'Ursula K. Le Guin', 1974],
      ['Beloved', 'Toni Morrison', 1987],
      ['Invisible Cities', 'Italo Calvino', 1972],
      ['Ficciones', 'Jorge Luis Borges', 1944],
    ].map(([title, author, year], i) => ({
      title: title as string,
      author: author as string,
      year: year as number,
      status: i === 0 ? ('on-loan' as const) : ('available' as const),
      createdAt: at(i),
    })),
})

const members = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(100),
    email: z.email(),
  }),
  owner: 'id',
  seed: [
    { name: 'Ada', email: 'ada@library.example' },
    { name: 'Grace', email: 'grace@library.example' },
  ],
})

const MAX_RENEWALS = 2

/** Loans: active, overdue or returned. A renewal is refused after two; returning frees the book. */
const loans = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    bookId: z.number().int(),
    memberId: z.number().int(),
    status: z.enum(['active', 'overdue', 'returned']),
    renewals: z.number().int().min(0),
    dueAt: timestamp,
    version: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  owner: 'memberId',
  filters: ['status', 'bookId', 'memberId', 'dueAt'],
  create: {
    input: z.strictObject({
      bookId: z.number().int().positive(),
      memberId: z.number().int().positive().optional(),
    }),
    prepare: (ctx) => ({
      renewals: 0,
      dueAt: new Date(Date.parse(ctx.now()) + 14 * 86_400_000).toISOString(),
    }),
    run(ctx, loan) {
      ctx.data.table('books').update(loan.bookId, { status: 'on-loan' })
    },
  },
  replace: false,
  delete: false,
  relations: {
    book: { field: 'bookId', to: 'books', nested: 'loans' },
    member: { field: 'memberId', to: 'members', nested: 'loans' },
  },
  state: {
    field: 'status',
    initial: 'active',
    transitions: {
      renew: {
        from: ['active', 'overdue'],
        to: 'active',
        title: 'Renew this loan for two weeks',
        guard(ctx) {
          if (ctx.item.renewals >= MAX_RENEWALS)
            ctx.fail('renewal-limit', {
              detail: `Loan ${ctx.item.id} was renewed ${ctx.item.renewals} times already, the most a loan may be.`,
              members: { renewals: ctx.item.renewals, limit: MAX_RENEWALS },
            })
        },
        run: (ctx) => ({
          set: {
            renewals: ctx.item.renewals + 1,
            dueAt: new Date(
              Date.parse(ctx.item.dueAt) + 14 * 86_400_000,
            ).toISOString(),
          },
        }),
      },
      return: {
        from: ['active', 'overdue'],
        to: 'returned',
        title: 'Return the book',
        run(ctx) {
          ctx.data
            .table('books')
            .update(ctx.item.bookId, { status: 'available' })
        },
      },
    },
  },
  seed: ({ at }) => [
    {
      bookId: 1,
      memberId: 1,
      renewals: 0,
      dueAt: at(14 * 24),
      createdAt: at(0),
      updatedAt: at(0),
    },
  ],
})

/** A lending library: books, members, and loans that are active, overdue or returned. */
export const library = defineApi({
  name: 'City library',
  description: 'Borrow, renew and return books.',
  base: '/api',
  resources: { books, members, loans },
  problems: {
    'renewal-limit': {
      status: 409,
      title: 'Renewal limit reached',
      summary: `A loan may be renewed ${MAX_RENEWALS} times. Return the book and borrow it again later.`,
      members: z.object({
        renewals: z.number().int(),
        limit: z.number().int(),
      }),
    },
  },
  tokens: {
    'ada-token': { owns: [1] },
    'grace-token': { owns: [2] },
    'librarian-token': { owns: 'all' },
    'visitor-token': { owns: [], scopes: ['read'] },
  },
})
