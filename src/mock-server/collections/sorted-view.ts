import type { CollectionQuery, Filter, SortKey } from './query.ts'
import {
  compileCompare,
  selectPage,
  type Compare,
  type Row,
} from './select-page.ts'

/** What a sorted view reads of a table (`store/database.ts`'s `Table`). */
export interface ViewedTable<T extends Row> {
  readonly rows: ReadonlyMap<unknown, T>
  /** Moves on every change of a row. */
  readonly version: number
  /** The rows changed since `version`, with the row each had then; null: too far back. */
  changesSince(version: number): ReadonlyMap<unknown, T | undefined> | null
}

/** Tables smaller than this are scanned and sorted per request: a view would not pay for itself. */
export const VIEW_MIN_ROWS = 2_000
/** Sort orders a table keeps a view for at once; the least recently used one goes first. */
export const MAX_VIEWS_PER_TABLE = 4

/**
 * A table's rows in one sort order, with the fields filters read copied out into arrays in the same
 * order (a filter then reads an array slot, not a property of each row). Brought up to date when
 * read: the rows that changed since are taken out and put back in their places, or, when more than
 * an eighth of the table changed (or the table no longer remembers), the view is built again.
 */
class SortedView<T extends Row> {
  rows: T[] = []
  version = -1
  private columns = new Map<string, unknown[]>()
  /** Per field, its values as small numbers (the same number for equal values): what `eq` reads. */
  private codes = new Map<
    string,
    { dictionary: Map<unknown, number>; codes: number[] }
  >()
  private readonly compare: Compare

  constructor(compare: Compare) {
    this.compare = compare
  }

  /** The values of `field`, row by row. */
  column(field: string): unknown[] {
    let values = this.columns.get(field)
    if (values === undefined) {
      values = this.rows.map((row) => row[field])
      this.columns.set(field, values)
    }
    return values
  }

  /** The values of `field` as numbers, row by row, and which number each value got. */
  coded(field: string) {
    let coded = this.codes.get(field)
    if (coded === undefined) {
      const dictionary = new Map<unknown, number>()
      const codes = this.rows.map((row) => codeOf(dictionary, row[field]))
      coded = { dictionary, codes }
      this.codes.set(field, coded)
    }
    return coded
  }

  update(table: ViewedTable<T>) {
    if (this.version === table.version) return
    if (!this.catchUp(table)) {
      this.rows = [...table.rows.values()].sort(this.compare)
      this.columns.clear()
      this.codes.clear()
    }
    this.version = table.version
  }

  private catchUp(table: ViewedTable<T>): boolean {
    if (this.version < 0) return false
    const changed = table.changesSince(this.version)
    if (changed === null || changed.size > this.rows.length / 8) return false
    for (const before of changed.values()) {
      if (before === undefined) continue
      const at = this.lowerBound(before)
      // Rows are replaced, never changed in place: the old row is where its values put it.
      if (this.rows[at] !== before) return false
      this.rows.splice(at, 1)
      for (const values of this.columns.values()) values.splice(at, 1)
      for (const { codes } of this.codes.values()) codes.splice(at, 1)
    }
    for (const id of changed.keys()) {
      const row = table.rows.get(id)
      if (row === undefined) continue
      const at = this.lowerBound(row)
      this.rows.splice(at, 0, row)
      for (const [field, values] of this.columns)
        values.splice(at, 0, row[field])
      for (const [field, { dictionary, codes }] of this.codes)
        codes.splice(at, 0, codeOf(dictionary, row[field]))
    }
    // Values of rows gone stay in a dictionary: past twice the rows it is made again when next read.
    for (const [field, { dictionary }] of this.codes)
      if (dictionary.size > 2 * this.rows.length + 64) this.codes.delete(field)
    return true
  }

  /** The first position whose row does not sort before `row`. */
  private lowerBound(row: T) {
    let low = 0
    let high = this.rows.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.compare(this.rows[middle]!, row) < 0) low = middle + 1
      else high = middle
    }
    return low
  }
}

function codeOf(dictionary: Map<unknown, number>, value: unknown) {
  let code = dictionary.get(value)
  if (code === undefined) dictionary.set(value, (code = dictionary.size))
  return code
}

const views = new WeakMap<object, Map<string, SortedView<Row>>>()

const orderName = (keys: readonly SortKey[]) =>
  keys.map(({ field, descending }) => `${descending ? '-' : ''}${field}`).join()

/** The table's view in this order, up to date. */
export function sortedView<T extends Row>(
  table: ViewedTable<T>,
  sort: readonly SortKey[],
): SortedView<T> {
  let byOrder = views.get(table)
  if (byOrder === undefined) views.set(table, (byOrder = new Map()))
  const name = orderName(sort)
  let view = byOrder.get(name) as SortedView<T> | undefined
  if (view === undefined) {
    view = new SortedView<T>(compileCompare(sort))
    if (byOrder.size >= MAX_VIEWS_PER_TABLE)
      byOrder.delete(byOrder.keys().next().value!)
  } else byOrder.delete(name) // set again below: the most recently used goes last
  byOrder.set(name, view as SortedView<Row>)
  view.update(table)
  return view
}

type Test = (index: number) => boolean

/** One filter on a view's column: the same tests as `select-page.ts`'s, by position. */
function columnTest(view: SortedView<Row>, { field, op, values }: Filter) {
  if (op === 'eq') {
    // One array read per row: is this row's value one of the wanted ones?
    const { dictionary, codes } = view.coded(field)
    const wanted = new Uint8Array(dictionary.size)
    for (const value of values) {
      const code = dictionary.get(value)
      if (code !== undefined) wanted[code] = 1
    }
    return (i: number) => wanted[codes[i]!] === 1
  }
  const column = view.column(field) as (string | number | null)[]
  const bound = values[0] as string | number
  switch (op) {
    case 'gte':
      return (i: number) => column[i] !== null && column[i]! >= bound
    case 'gt':
      return (i: number) => column[i] !== null && column[i]! > bound
    case 'lte':
      return (i: number) => column[i] !== null && column[i]! <= bound
    default:
      return (i: number) => column[i] !== null && column[i]! < bound
  }
}

/**
 * The page `selectPage` would take from the table's rows, read from the table's sorted view: one
 * pass in order over the view's columns, the page kept as it goes by and the rest only counted.
 */
export function selectViewPage<T extends Row>(
  table: ViewedTable<T>,
  query: CollectionQuery,
  where: (row: T) => boolean = () => true,
) {
  const view = sortedView(table, query.sort)
  const tests: Test[] = query.filters.map((filter) =>
    columnTest(view as SortedView<Row>, filter),
  )
  const start = query.offset ?? (query.page - 1) * query.perPage
  const end = start + query.perPage
  const { rows } = view
  const items: T[] = []
  let total = 0
  next: for (let i = 0; i < rows.length; i++) {
    for (let t = 0; t < tests.length; t++) if (!tests[t]!(i)) continue next
    const row = rows[i]!
    if (!where(row)) continue
    if (total >= start && total < end) items.push(row)
    total += 1
  }
  return { items, total }
}

/**
 * `selectPage` over a whole table: a big table sorted by anything but its id order is read from
 * its sorted view (`sorted-view.ts`), kept by sort order and brought up to date as rows change.
 */
export function selectTablePage<T extends Row>(
  table: ViewedTable<T>,
  query: CollectionQuery,
  where: (row: T) => boolean = () => true,
  idOrdered = true,
  minRows = VIEW_MIN_ROWS,
) {
  const [first] = query.sort
  const idOrder =
    idOrdered &&
    query.sort.length === 1 &&
    first?.field === 'id' &&
    !first.descending
  if (idOrder || table.rows.size < minRows)
    return selectPage(table.rows.values(), query, where, idOrdered)
  return selectViewPage(table, query, where)
}
