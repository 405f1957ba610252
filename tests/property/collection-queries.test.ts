import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createMockApi, type StateSnapshot } from '../../src/index.ts'
import { createSeed } from '../support/shop-fixtures.ts'
import { expectWellFormed } from './support/expect-well-formed.ts'
import { currencies, fromMinor } from './support/money.ts'

type Order = StateSnapshot['orders'][number]

const api = createMockApi({ config: { rateLimit: false } })
let generated = 0

afterAll(() => {
  console.log(`[property] collection-queries: ${generated} generated requests`)
})

const EPOCH = Date.parse('2026-01-05T09:00:00.000Z')
const statuses = ['pending', 'paid', 'cancelled'] as const
const sortable = [
  'id',
  'status',
  'currency',
  'customerId',
  'total',
  'createdAt',
  'updatedAt',
] as const

/** A state with random orders (payments kept consistent so that the snapshot restores). */
const stateArb = fc
  .array(
    fc.record({
      status: fc.constantFrom(...statuses),
      currency: fc.constantFrom(...currencies),
      customerId: fc.constantFrom(1, 2),
      minor: fc.integer({ min: 1, max: 5_000 }),
      created: fc.integer({ min: 0, max: 20 }),
      updated: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 60 },
  )
  .map((rows): StateSnapshot => {
    const seed = createSeed()
    const orders: Order[] = []
    const payments: StateSnapshot['payments'] = []
    rows.forEach((row, index) => {
      const id = index + 1
      const createdAt = new Date(EPOCH + row.created * 3_600_000).toISOString()
      const updatedAt = new Date(
        EPOCH + (row.created + row.updated) * 3_600_000,
      ).toISOString()
      const total = fromMinor(row.minor, row.currency)
      let paymentId: number | null = null
      if (row.status === 'paid') {
        paymentId = payments.length + 1
        payments.push({
          id: paymentId,
          amount: row.minor,
          currency: row.currency,
          status: 'succeeded',
          orderId: id,
          customerId: row.customerId,
          createdAt,
        })
      }
      orders.push({
        id,
        status: row.status,
        total,
        currency: row.currency,
        customerId: row.customerId,
        note: null,
        version: 1,
        createdAt,
        updatedAt,
        paymentId,
      })
    })
    return { ...seed, orders, payments, idempotencyKeys: [] }
  })

const rangeOps = ['gte', 'gt', 'lte', 'lt'] as const

const queryArb = fc.record({
  page: fc.option(fc.integer({ min: 1, max: 6 })),
  perPage: fc.option(fc.integer({ min: 1, max: 100 })),
  sort: fc.option(
    fc.uniqueArray(
      fc.record({
        field: fc.constantFrom(...sortable),
        descending: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3, selector: (key) => key.field },
    ),
  ),
  status: fc.option(
    fc.uniqueArray(fc.constantFrom(...statuses), { minLength: 1 }),
  ),
  currency: fc.option(
    fc.uniqueArray(fc.constantFrom(...currencies), { minLength: 1 }),
  ),
  customerId: fc.option(fc.constantFrom(1, 2, 3)),
  total: fc.option(
    fc.tuple(fc.constantFrom(...rangeOps), fc.integer({ min: 0, max: 60 })),
  ),
  createdAt: fc.option(
    fc.tuple(fc.constantFrom(...rangeOps), fc.integer({ min: 0, max: 20 })),
  ),
})

type Query = typeof queryArb extends fc.Arbitrary<infer Q> ? Q : never

function toSearch(query: Query) {
  const params = new URLSearchParams()
  if (query.page !== null) params.set('page', String(query.page))
  if (query.perPage !== null) params.set('perPage', String(query.perPage))
  if (query.sort !== null)
    params.set(
      'sort',
      query.sort.map((k) => `${k.descending ? '-' : ''}${k.field}`).join(','),
    )
  if (query.status !== null) params.set('status', query.status.join(','))
  if (query.currency !== null) params.set('currency', query.currency.join(','))
  if (query.customerId !== null)
    params.set('customerId', String(query.customerId))
  if (query.total !== null)
    params.set(`total[${query.total[0]}]`, String(query.total[1]))
  if (query.createdAt !== null)
    params.set(
      `createdAt[${query.createdAt[0]}]`,
      new Date(EPOCH + query.createdAt[1] * 3_600_000).toISOString(),
    )
  return params.toString()
}

function inRange(value: number | string, op: string, bound: number | string) {
  if (op === 'gte') return value >= bound
  if (op === 'gt') return value > bound
  if (op === 'lte') return value <= bound
  return value < bound
}

/** The test's own reading of contract section 3: visibility, filters, sort with id last, paging. */
function expectedPage(state: StateSnapshot, query: Query, sees: number[]) {
  const rows = state.orders.filter(
    (o) =>
      sees.includes(o.customerId) &&
      (query.status === null || query.status.includes(o.status)) &&
      (query.currency === null || query.currency.includes(o.currency)) &&
      (query.customerId === null || o.customerId === query.customerId) &&
      (query.total === null ||
        inRange(o.total, query.total[0], query.total[1])) &&
      (query.createdAt === null ||
        inRange(
          o.createdAt,
          query.createdAt[0],
          new Date(EPOCH + query.createdAt[1] * 3_600_000).toISOString(),
        )),
  )
  const keys = query.sort ?? [{ field: 'id' as const, descending: false }]
  rows.sort((a, b) => {
    for (const { field, descending } of keys) {
      if (a[field] === b[field]) continue
      const order = a[field] < b[field] ? -1 : 1
      return descending ? -order : order
    }
    return a.id - b.id
  })
  const page = query.page ?? 1
  const perPage = query.perPage ?? 20
  return {
    ids: rows.slice((page - 1) * perPage, page * perPage).map((o) => o.id),
    total: rows.length,
    page,
    perPage,
    last: Math.max(1, Math.ceil(rows.length / perPage)),
  }
}

const callers = [
  { token: 'customer-1-token', sees: [1] },
  { token: 'customer-2-token', sees: [2] },
  { token: 'readonly-token', sees: [1] },
  { token: 'admin-token', sees: [1, 2] },
] as const

it('pages exactly the filtered, sorted orders the caller may see', async () => {
  await fc.assert(
    fc.asyncProperty(
      stateArb,
      fc.array(fc.tuple(queryArb, fc.constantFrom(...callers)), {
        minLength: 1,
        maxLength: 8,
      }),
      async (state, queries) => {
        api.state.restore(state)
        for (const [query, caller] of queries) {
          const search = toSearch(query)
          const request = new Request(
            `http://hypermock.test/api/orders?${search}`,
            { headers: { Authorization: `Bearer ${caller.token}` } },
          )
          generated += 1
          const answer = await expectWellFormed(
            request,
            await api.fetch(request),
          )
          const expected = expectedPage(state, query, [...caller.sees])
          const body = answer.body as {
            items: { id: number }[]
            total: number
            page: number
            perPage: number
            _links: Record<string, { href: string }>
          }
          expect(answer.status, search).toBe(200)
          expect(
            body.items.map((item) => item.id),
            search,
          ).toEqual(expected.ids)
          expect(body.total).toBe(expected.total)
          expect(body.page).toBe(expected.page)
          expect(body.perPage).toBe(expected.perPage)
          const rels = Object.keys(body._links).sort()
          const expectedRels = ['first', 'last', 'self']
          if (expected.page > 1) expectedRels.push('prev')
          if (expected.page < expected.last) expectedRels.push('next')
          expect(rels).toEqual(expectedRels.sort())
          const pageOf = (rel: string) =>
            Number(
              new URL(`http://x${body._links[rel]!.href}`).searchParams.get(
                'page',
              ),
            )
          expect(pageOf('last')).toBe(expected.last)
          if (body._links.next) expect(pageOf('next')).toBe(expected.page + 1)
          const link = answer.headers.get('Link') ?? ''
          for (const rel of rels)
            expect(link).toContain(`<${body._links[rel]!.href}>; rel="${rel}"`)
        }
      },
    ),
    { numRuns: 250 },
  )
}, 30_000)

it('names every bad query parameter in one invalid-query problem', async () => {
  const badArb = fc.uniqueArray(
    fc.constantFrom(
      ['page', '0'],
      ['perPage', '101'],
      ['sort', 'nope'],
      ['status', 'lost'],
      ['currency', 'USD'],
      ['total[gte]', 'ten'],
      ['createdAt[lt]', 'yesterday'],
      ['colour', 'red'],
      ['status[gt]', 'paid'],
    ),
    { minLength: 1, maxLength: 5, selector: ([name]) => name },
  )
  await fc.assert(
    fc.asyncProperty(badArb, async (pairs) => {
      const request = new Request(
        `http://hypermock.test/api/orders?${new URLSearchParams(pairs.map(([name, value]) => [name, value]))}`,
        { headers: { Authorization: 'Bearer admin-token' } },
      )
      generated += 1
      const answer = await expectWellFormed(request, await api.fetch(request))
      expect(answer.status).toBe(400)
      const errors = (answer.body as { errors: { field: string }[] }).errors
      expect(errors.map((e) => e.field).sort()).toEqual(
        pairs.map(([name]) => name).sort(),
      )
    }),
    { numRuns: 150 },
  )
})
