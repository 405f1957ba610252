import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import type {
  CollectionQuery,
  SortKey,
} from '../../src/mock-server/collections/query.ts'
import { selectPage } from '../../src/mock-server/collections/select-page.ts'
import { selectTablePage } from '../../src/mock-server/collections/sorted-view.ts'
import { Table } from '../../src/mock-server/store/database.ts'

/**
 * A list read from a table's sorted view (kept up to date as rows change) gives the page the plain
 * scan gives, for any filters, sort and paging, after any sequence of writes. Views are used from
 * the first row here (the server uses them from 2,000 rows up).
 */
type Order = {
  id: number
  status: string
  currency: string
  total: number | null
  createdAt: string
}

let compared = 0
afterAll(() => {
  console.log(`[property] sorted-view: ${compared} pages compared`)
})

const values = {
  status: ['pending', 'paid', 'cancelled'],
  currency: ['usd', 'eur', 'gbp', 'jpy'],
}
const orderArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    status: fc.constantFrom(...values.status),
    currency: fc.constantFrom(...values.currency),
    // Few distinct totals and times: ties, broken by id, are the hard part of keeping an order.
    total: fc.option(fc.integer({ min: 0, max: 6 }), { freq: 5 }),
    createdAt: fc
      .integer({ min: 0, max: 4 })
      .map((day) => `2026-01-0${day + 1}T00:00:00.000Z`),
  })

const writeArb = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), seed: fc.nat() }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    seed: fc.nat(),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('adopt' as const),
    pick: fc.nat(),
    seed: fc.nat(),
  }),
  fc.record({ kind: fc.constant('forget' as const), pick: fc.nat() }),
)

const anySortArb = fc
  .uniqueArray(
    fc.constantFrom('id', 'status', 'currency', 'total', 'createdAt'),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .chain((fields) =>
    fc.tuple(
      ...fields.map((field) =>
        fc.record({ field: fc.constant(field), descending: fc.boolean() }),
      ),
    ),
  )

/** Mostly a few orders, so that a view is read again after writes (as a list page is re-read). */
const sortArb: fc.Arbitrary<SortKey[]> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<SortKey[]>(
      [
        { field: 'total', descending: true },
        { field: 'createdAt', descending: false },
      ],
      [{ field: 'status', descending: false }],
      [
        { field: 'currency', descending: true },
        { field: 'total', descending: false },
      ],
    ),
  },
  { weight: 1, arbitrary: anySortArb.map((keys) => [...keys]) },
)

const filterArb = fc.oneof(
  fc
    .record({
      field: fc.constantFrom('status' as const, 'currency' as const),
      op: fc.constant('eq' as const),
    })
    .chain(({ field, op }) =>
      fc
        .uniqueArray(fc.constantFrom(...values[field], 'unknown'), {
          minLength: 1,
          maxLength: 3,
        })
        .map((chosen) => ({
          field,
          op,
          values: chosen as (string | number | null)[],
        })),
    ),
  fc.record({
    field: fc.constant('total'),
    op: fc.constantFrom(
      'gte' as const,
      'gt' as const,
      'lte' as const,
      'lt' as const,
    ),
    values: fc.integer({ min: 0, max: 6 }).map((n) => [n]),
  }),
  fc.record({
    field: fc.constant('createdAt'),
    op: fc.constantFrom('gte' as const, 'lt' as const),
    values: fc
      .constantFrom('2026-01-02T00:00:00.000Z', '2026-01-04T00:00:00.000Z')
      .map((time) => [time]),
  }),
)

const queryArb: fc.Arbitrary<CollectionQuery> = fc.record({
  page: fc.integer({ min: 1, max: 4 }),
  perPage: fc.integer({ min: 1, max: 12 }),
  sort: sortArb,
  filters: fc.array(filterArb, { maxLength: 3 }),
})

/** A row made from a number, the same each time for the same number. */
const rowFrom = (id: number, seed: number): Order => ({
  id,
  status: values.status[seed % 3]!,
  currency: values.currency[(seed >> 2) % 4]!,
  total: seed % 7 === 6 ? null : (seed >> 4) % 7,
  createdAt: `2026-01-0${((seed >> 3) % 5) + 1}T00:00:00.000Z`,
})

it('reads the same page from the sorted view as from a plain scan, across any writes', () => {
  fc.assert(
    fc.property(
      fc
        .integer({ min: 0, max: 40 })
        .chain((n) =>
          fc.tuple(...Array.from({ length: n }, (_, i) => orderArb(i + 1))),
        ),
      fc.array(
        fc.tuple(fc.array(writeArb, { maxLength: 6 }), queryArb, fc.boolean()),
        { minLength: 1, maxLength: 12 },
      ),
      (rows, steps) => {
        const table = new Table<Order>(rows, 'integer')
        let nextId = rows.length + 1
        for (const [writes, query, visibleOnly] of steps) {
          for (const write of writes) {
            const ids = [...table.rows.keys()] as number[]
            const picked =
              ids.length > 0 && 'pick' in write
                ? ids[write.pick % ids.length]!
                : undefined
            if (write.kind === 'insert')
              table.insert(rowFrom(nextId++, write.seed))
            else if (picked === undefined) continue
            else if (write.kind === 'update')
              table.update(rowFrom(picked, write.seed))
            else if (write.kind === 'adopt')
              table.adopt(rowFrom(picked, write.seed))
            else if (write.kind === 'delete') table.delete(picked)
            else table.forget(picked)
          }
          // A caller's visibility (an owner's rows) on top of the query's filters.
          const where = visibleOnly
            ? (row: Order) => row.id % 2 === 0
            : () => true
          const plain = selectPage(
            [...table.rows.values()],
            query,
            where,
            false,
          )
          const viewed = selectTablePage(table, query, where, true, 0)
          compared += 1
          expect(viewed.total).toBe(plain.total)
          expect(viewed.items.map((row) => row.id)).toEqual(
            plain.items.map((row) => row.id),
          )
        }
      },
    ),
    { numRuns: 400 },
  )
})

it('catches up after more writes than the table remembers', () => {
  const table = new Table<Order>(
    Array.from({ length: 50 }, (_, i) => rowFrom(i + 1, i * 7)),
    'integer',
  )
  const query: CollectionQuery = {
    page: 2,
    perPage: 10,
    sort: [{ field: 'total', descending: true }],
    filters: [{ field: 'status', op: 'eq', values: ['paid', 'pending'] }],
  }
  selectTablePage(table, query, () => true, true, 0)
  for (let i = 0; i < 3_000; i++) table.update(rowFrom((i % 50) + 1, i * 13))
  const plain = selectPage([...table.rows.values()], query, () => true, false)
  const viewed = selectTablePage(table, query, () => true, true, 0)
  expect(viewed.items.map((row) => row.id)).toEqual(
    plain.items.map((row) => row.id),
  )
  expect(viewed.total).toBe(plain.total)
})
