import { ProblemError } from '../problems/problem-error.ts'
import { UNPAGED, type CollectionQuery } from './query.ts'
import { selectPage } from './select-page.ts'

type Row = Record<string, unknown>

/** A page of `after` paging: where it starts, and the keys a client pages on from. */
export interface KeyPage<T> {
  items: T[]
  total: number
  hasMore: boolean
  /** The key of the page's first and last record, the next request's `ending_before`/`starting_after`. */
  first: string | undefined
  last: string | undefined
}

/**
 * `?starting_after=<key>` or `?ending_before=<key>` (Stripe's paging): the page after or before the
 * record of that key, in the list's order and filter. A key the list does not hold is a 400, never
 * an empty page that would end the client's loop in silence.
 */
export function afterKeyPage<T extends Row>(
  rows: Iterable<T>,
  query: CollectionQuery,
  where: (row: T) => boolean,
  idOrdered: boolean,
  keyOf: (row: T) => string,
  names: { after: string; before: string },
): KeyPage<T> {
  const { items: all } = selectPage(
    rows,
    { ...query, page: 1, offset: 0, perPage: UNPAGED },
    where,
    idOrdered,
  )
  const at = (key: string, name: string) => {
    const index = all.findIndex((row) => keyOf(row) === key)
    if (index === -1)
      throw new ProblemError('invalid-query', {
        detail: `1 query parameter is invalid: ${name}.`,
        extensions: {
          errors: [
            {
              field: name,
              message: `names no record of this list (${key}); page from a key the list gave`,
            },
          ],
        },
      })
    return index
  }
  let start = 0
  let end = Math.min(all.length, query.perPage)
  if (query.after !== undefined) {
    start = at(query.after, names.after) + 1
    end = Math.min(all.length, start + query.perPage)
  } else if (query.before !== undefined) {
    end = at(query.before, names.before)
    start = Math.max(0, end - query.perPage)
  }
  const items = all.slice(start, end)
  return {
    items,
    total: all.length,
    hasMore: query.before !== undefined ? start > 0 : end < all.length,
    first: items[0] && keyOf(items[0]),
    last: items.at(-1) && keyOf(items.at(-1)!),
  }
}
