import type { AnyRecord, Id } from './types.ts'

const ALPHANUMERIC =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A new id of a resource's kind, from the seeded random source: the next integer, a UUID v4, a
 * short string, or, with a prefix, the prefix and 14 letters and digits (`cus_NffrFeUfNV2Hib`).
 */
export function newId(
  kind: 'integer' | 'uuid' | 'string',
  next: number,
  random: () => number,
  prefix?: string,
): number | string {
  if (kind === 'integer') return next
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
