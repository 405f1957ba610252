import type { AnyRecord, Id } from './types.ts'

const ALPHANUMERIC =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** The IP version new keys are addresses of. */
export type IpFormat = 'ipv4' | 'ipv6'

/**
 * A new id of a resource's kind, from the seeded random source: the next integer, a UUID v4, a
 * short string, or, with a prefix, the prefix and 14 letters and digits (`cus_NffrFeUfNV2Hib`).
 * With an IP format, an address in a range set aside for tests (198.18.0.0/15) or documentation
 * (2001:db8::/32).
 */
export function newId(
  kind: 'integer' | 'uuid' | 'string',
  next: number,
  random: () => number,
  prefix?: string,
  format?: IpFormat,
): number | string {
  if (kind === 'integer') return next
  const below = (n: number) => Math.floor(random() * n)
  if (format === 'ipv4')
    return `198.${18 + below(2)}.${below(256)}.${below(256)}`
  if (format === 'ipv6')
    return `2001:db8:${Array.from({ length: 6 }, () => below(0x10000).toString(16)).join(':')}`
  if (prefix !== undefined)
    return `${prefix}${Array.from(
      { length: 14 },
      () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)],
    ).join('')}`
  const hex = (n: number) =>
    Array.from({ length: n }, () =>
      Math.floor(random() * 16).toString(16),
    ).join('')
  if (kind === 'string') return hex(12)
  const variant = (8 + Math.floor(random() * 4)).toString(16)
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`
}

/**
 * The stored id and the key member of a new row agree: a key the values give (a username) becomes
 * the id, and an id the store makes becomes the key. Nothing changes where the key is `id`.
 */
export function settleKey(values: AnyRecord, member: string, make: () => Id) {
  if (member !== 'id' && values.id === undefined && values[member] != null)
    values.id = values[member] as Id
  if (values.id === undefined) values.id = make()
  if (member !== 'id') values[member] = values.id
}

/**
 * Where a row keeps the record's own `id` when another member is its key (a user keyed by
 * `username` that has an `id` too): the store's `id` holds the key, and this member the record's
 * own id. No declared member can take this name.
 */
export const OWN_ID = '~id'

/** How a resource keeps a record's own id beside another key, where it does. */
export type OwnIdKeeping = { kind: 'integer' | 'uuid' | 'string' } | undefined

/**
 * A new row's values as the store keeps them: the record's own `id` (given, else drawn) moves to
 * `OWN_ID`, so that the store's `id` is free to hold the key.
 */
export function settleOwnId(
  values: AnyRecord,
  ownId: OwnIdKeeping,
  draw: () => Id,
) {
  if (ownId === undefined) return
  if (!(OWN_ID in values) && values.id !== undefined) values[OWN_ID] = values.id
  delete values.id
  if (values[OWN_ID] === undefined) values[OWN_ID] = draw()
}

/** A stored row as its record: the record's own id back at `id`, the key at its member only. */
export function recordOfRow(row: AnyRecord, ownId: OwnIdKeeping): AnyRecord {
  if (ownId === undefined) return row
  const { id: _key, [OWN_ID]: own, ...rest } = row
  return own === undefined ? rest : { id: own, ...rest }
}

/** A new own id for a row of a resource that keeps one: the next integer, or a drawn string. */
export function nextOwnId(
  resource: { ownId: OwnIdKeeping; key: { prefix: string | undefined } },
  rows: Iterable<AnyRecord>,
  random: () => number,
): Id {
  const kind = resource.ownId?.kind ?? 'integer'
  if (kind !== 'integer') return newId(kind, 0, random)
  let next = 1
  for (const row of rows) {
    const own = row[OWN_ID]
    if (typeof own === 'number' && own >= next) next = Math.floor(own) + 1
  }
  return next
}
