import type { DiscoveredCollection, Discovery } from './discovery-types.ts'

/** A collection with a body known to create one of its records. */
export type WritableCollection = DiscoveredCollection & {
  createBody: Record<string, unknown>
}

/** The collection rules write to: one that creates, preferably one whose items can be deleted. */
export function writableCollection(
  discovery: Discovery,
  withActions = false,
): WritableCollection | null {
  const usable = discovery.collections.filter(
    (c): c is WritableCollection =>
      c.canCreate !== false &&
      c.createBody !== null &&
      (!withActions || c.items.some((i) => i.actions.length > 0)),
  )
  return (
    usable.find((c) => c.canDelete === true && c.canCreate === true) ??
    usable.find((c) => c.canCreate === true) ??
    usable[0] ??
    null
  )
}
