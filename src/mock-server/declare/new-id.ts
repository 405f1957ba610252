/** A new id of a resource's kind: the next integer, a UUID v4, or a short string, from the seeded random source. */
export function newId(
  kind: 'integer' | 'uuid' | 'string',
  next: number,
  random: () => number,
): number | string {
  if (kind === 'integer') return next
  const hex = (n: number) =>
    Array.from({ length: n }, () =>
      Math.floor(random() * 16).toString(16),
    ).join('')
  if (kind === 'string') return hex(12)
  const variant = (8 + Math.floor(random() * 4)).toString(16)
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`
}
