import type { CollectionQuery, Filter, SortKey } from './query.ts'

export type Row = Record<string, unknown>
type Value = string | number | null
type Predicate = (row: Row) => boolean
export type Compare = (a: Row, b: Row) => number

/** One filter as a closure: comma lists become Set lookups, ranges plain comparisons. */
function compileFilter({ field, op, values }: Filter): Predicate {
  if (op === 'eq') {
    if (values.length === 1) {
      const only = values[0]
      return (row) => row[field] === only
    }
    const allowed = new Set<Value>(values)
    return (row) => allowed.has(row[field] as Value)
  }
  const bound = values[0] as string | number
  const get = (row: Row) => row[field] as string | number | null
  switch (op) {
    case 'gte':
      return (row) => {
        const value = get(row)
        return value !== null && value >= bound
      }
    case 'gt':
      return (row) => {
        const value = get(row)
        return value !== null && value > bound
      }
    case 'lte':
      return (row) => {
        const value = get(row)
        return value !== null && value <= bound
      }
    default:
      return (row) => {
        const value = get(row)
        return value !== null && value < bound
      }
  }
}

/** Sort keys in order, ties broken by id; nulls last whatever the direction (SQL's NULLS LAST). */
export function compileCompare(keys: readonly SortKey[]): Compare {
  return (a, b) => {
    for (const { field, descending } of keys) {
      const x = a[field] as Value
      const y = b[field] as Value
      if (x === y) continue
      if (x === null) return 1
      if (y === null) return -1
      const order = x < y ? -1 : 1
      return descending ? -order : order
    }
    const x = a.id as number | string
    const y = b.id as number | string
    return x < y ? -1 : x > y ? 1 : 0
  }
}

/** Keeps the `limit` smallest rows seen, as a max-heap: O(n log limit) instead of sorting all n. */
class SmallestRows<T extends Row> {
  readonly heap: T[] = []
  private readonly limit: number
  private readonly compare: Compare

  constructor(limit: number, compare: Compare) {
    this.limit = limit
    this.compare = compare
  }

  offer(row: T) {
    const { heap, compare } = this
    if (heap.length < this.limit) {
      heap.push(row)
      let i = heap.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (compare(heap[i]!, heap[parent]!) <= 0) break
        ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
        i = parent
      }
    } else if (heap.length > 0 && compare(row, heap[0]!) < 0) {
      heap[0] = row
      let i = 0
      for (;;) {
        const left = 2 * i + 1
        const right = left + 1
        let largest = i
        if (left < heap.length && compare(heap[left]!, heap[largest]!) > 0)
          largest = left
        if (right < heap.length && compare(heap[right]!, heap[largest]!) > 0)
          largest = right
        if (largest === i) break
        ;[heap[i], heap[largest]] = [heap[largest]!, heap[i]!]
        i = largest
      }
    }
  }
}

/**
 * Filters, sorts and pages in one pass over the rows: `where` (visibility, nesting) and the query's
 * filters are one predicate, and only the rows up to the requested page are kept and sorted.
 */
export function selectPage<T extends Row>(
  rows: Iterable<T>,
  query: CollectionQuery,
  where: (row: T) => boolean = () => true,
  /** Rows come in id order (integer ids): the page can be taken as they stream by. */
  idOrdered = true,
) {
  const filters = query.filters.map(compileFilter)
  const accept = (row: T) => where(row) && filters.every((test) => test(row))
  const start = query.offset ?? (query.page - 1) * query.perPage
  const end = start + query.perPage
  const [first] = query.sort
  const idOrder = query.sort.length === 1 && first?.field === 'id'
  let total = 0
  if (idOrdered && idOrder && !first.descending) {
    // Tables keep id order: take the page as it streams by, and only count the rest.
    const items: T[] = []
    for (const row of rows) {
      if (!accept(row)) continue
      if (total >= start && total < end) items.push(row)
      total += 1
    }
    return { items, total }
  }
  const compare = compileCompare(query.sort)
  const kept = new SmallestRows<T>(end, compare)
  for (const row of rows) {
    if (!accept(row)) continue
    total += 1
    kept.offer(row)
  }
  return { items: kept.heap.sort(compare).slice(start, end), total }
}
