/**
 * How APIs name the query parameters that page, size and sort a collection, and the envelope
 * member that counts it: one vocabulary for the recorder (which reads them in traffic), the
 * importer (in a description) and the checker (which tries them on a server whose description
 * names none). Most common first: the checker tries sizes in this order, and the recorder takes
 * the first name it saw.
 */
export const pagingParameters: Readonly<
  Record<
    'page' | 'size' | 'offset' | 'cursor' | 'sort' | 'total',
    readonly string[]
  >
> = {
  page: ['page', '_page', 'p', 'pageNumber', 'page_number'],
  size: [
    'perPage',
    'per_page',
    'pageSize',
    'limit',
    '_per_page',
    '_limit',
    'page_size',
    'size',
  ],
  offset: ['offset', '_start', 'skip', 'start'],
  cursor: [
    'cursor',
    'after',
    'starting_after',
    'page_token',
    'pageToken',
    'next',
    'continuation',
  ],
  sort: ['sort', '_sort', 'sortBy', 'sort_by', 'orderBy', 'order_by'],
  /** Envelope members that give the whole collection's size. */
  total: ['total', 'totalCount', 'total_count', 'count'],
}
