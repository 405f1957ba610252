/** A member's value as one line of text: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  return JSON.stringify(value)
}

/** Members shown in tables: everything but `_links` and a collection's `items`. */
export function plainMembers(resource: Record<string, unknown>) {
  return Object.entries(resource).filter(
    ([name]) => name !== '_links' && name !== 'items',
  )
}

/** "Order 1", "Orders", "API root": a heading from a resource's self href, no URL composed. */
export function resourceTitle(self: string, isCollection: boolean): string {
  const segments = self.split('?')[0]!.split('/').filter(Boolean)
  const last = segments.at(-1) ?? ''
  const parent = segments.at(-2) ?? ''
  if (segments.length <= 1) return 'API root'
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
  if (!isCollection && /^\d+$/.test(last)) {
    const kind = parent.endsWith('s') ? parent.slice(0, -1) : parent
    return `${cap(kind)} ${last}`
  }
  return cap(last)
}
