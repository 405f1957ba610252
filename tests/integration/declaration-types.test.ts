import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type TableHandle,
} from '../../src/index.ts'

// `npm run typecheck` compiles this file: each @ts-expect-error below must stay an error.

const loan = z.strictObject({
  id: z.number().int(),
  bookId: z.number().int(),
  status: z.enum(['active', 'overdue', 'returned']),
  renewals: z.number().int(),
})
type Loan = z.infer<typeof loan>

const loans = defineResource({
  schema: loan,
  filters: ['status', 'bookId'],
  state: {
    field: 'status',
    initial: 'active',
    transitions: {
      renew: {
        from: ['active', 'overdue'],
        to: 'active',
        guard(ctx) {
          expectTypeOf(ctx.item).toEqualTypeOf<Loan>()
        },
        run: (ctx) => ({ set: { renewals: ctx.item.renewals + 1 } }),
      },
      return: { from: ['active', 'overdue'], to: 'returned' },
    },
  },
  create: { input: z.strictObject({ bookId: z.number().int() }) },
  seed: [{ bookId: 1, renewals: 0 }],
})
const library = defineApi({ name: 'Library', resources: { loans } })

describe('types inferred from a declaration', () => {
  it('types the data handles from the schema', () => {
    const api = createMockApi({ api: library })
    expectTypeOf(api.data.loans).toEqualTypeOf<TableHandle<Loan>>()
    expectTypeOf(api.data.loans.get(1)).toEqualTypeOf<Loan | undefined>()
    expectTypeOf(api.state.snapshot().loans).toEqualTypeOf<Loan[]>()
    const first = api.data.loans.get(1)!
    expect(first.status).toBe('active')
    // @ts-expect-error a state the schema does not have
    api.data.loans.update(1, { status: 'lost' })
    // @ts-expect-error a resource the declaration does not have
    void api.data.books
  })

  it('makes a misspelt field, state or action a type error', () => {
    const misspelt = () =>
      defineResource({
        schema: loan,
        // @ts-expect-error a field the schema lacks
        filters: ['stauts'],
        state: {
          field: 'status',
          initial: 'active',
          transitions: {
            // @ts-expect-error a state the field does not have
            renew: { from: ['actve'], to: 'active' },
          },
          // @ts-expect-error replaceIn names states
          replaceIn: ['gone'],
        },
      })
    // The same mistakes, made at run time past the types, are one error listing each.
    try {
      createMockApi({
        api: defineApi({ name: 'x', resources: { loans: misspelt() } }),
      })
      expect.unreachable()
    } catch (error) {
      expect(isInvalidDeclarationError(error)).toBe(true)
      const fields = (error as { errors: { field: string }[] }).errors.map(
        (e) => e.field,
      )
      expect(fields).toEqual([
        'resources.loans.filters[0]',
        'resources.loans.state.transitions.renew.from[0]',
        'resources.loans.state.replaceIn[0]',
      ])
    }
  })
})
