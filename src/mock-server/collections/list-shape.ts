import type { ListEnvelope, PagingStyle } from '../declare/dialect.ts'
import type { ListDeclaration } from '../declare/types.ts'

/** A list's envelope and paging, with every default filled in once. */
export interface ListShape {
  envelope: 'hypermock' | 'array' | ListEnvelope
  paging: PagingStyle
  params: {
    page: string
    perPage: string
    offset: string
    cursor: string
    sort: string
    after: string
    before: string
  }
  defaultPerPage: number
  ignore: ReadonlySet<string>
  /** What a request naming no paging parameter gets: the envelope, or every match as an array. */
  unpaged: 'envelope' | 'array'
}

export const HYPERMOCK_LIST: ListShape = {
  envelope: 'hypermock',
  paging: 'page',
  params: {
    page: 'page',
    perPage: 'perPage',
    offset: 'offset',
    cursor: 'cursor',
    sort: 'sort',
    after: 'starting_after',
    before: 'ending_before',
  },
  defaultPerPage: 20,
  ignore: new Set(),
  unpaged: 'envelope',
}

export function listShape(declaration: ListDeclaration | undefined): ListShape {
  if (!declaration) return HYPERMOCK_LIST
  return {
    envelope: declaration.envelope ?? 'hypermock',
    paging: declaration.paging ?? 'page',
    params: { ...HYPERMOCK_LIST.params, ...declaration.params },
    defaultPerPage: declaration.defaultPerPage ?? 20,
    ignore: new Set(declaration.ignore ?? []),
    unpaged: declaration.unpaged ?? 'envelope',
  }
}

/** A cursor is the position it stands for, opaque to the client (base64url of `o:<offset>`). */
export function encodeCursor(offset: number) {
  return btoa(`o:${offset}`)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(cursor)) return undefined
  try {
    const text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'))
    const match = /^o:(\d{1,15})$/.exec(text)
    return match ? Number(match[1]) : undefined
  } catch {
    return undefined
  }
}

/** Whether a list request names none of the shape's paging parameters. */
export function isUnpaged(search: URLSearchParams, shape: ListShape) {
  const { page, perPage, offset, cursor } = shape.params
  return ![page, perPage, offset, cursor].some((name) => search.has(name))
}
