/**
 * A list in whatever shape the API answers with: hypermock's `{ items }`, a bare array, or an
 * envelope of its own naming whose one array of objects holds the page (`{ data, meta }`,
 * `{ webhooks, pagination }`), as an imported description draws them.
 */
export function listItemsOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  if (Array.isArray(record.items)) return record.items
  // A record (it has an id) may hold an array of its own: its order lines are not a list.
  if ('id' in record) return undefined
  const arrays = Object.values(record).filter(
    (value): value is unknown[] =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => typeof item === 'object' && item !== null),
  )
  return arrays.length === 1 ? arrays[0] : undefined
}

/** A `Link` header (RFC 8288) as link objects by relation: `{ next: { href } }`. */
export function linkHeaderLinks(
  value: string | undefined,
): Record<string, { href: string }> {
  const links: Record<string, { href: string }> = {}
  for (const part of (value ?? '').split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part)
    const rels = match && /\brel="?([^";]+)"?/i.exec(match[2] ?? '')
    if (match && rels)
      for (const rel of rels[1]!.trim().split(/\s+/))
        links[rel] ??= { href: match[1]! }
  }
  return links
}
