import type { DiscoveredCollection, Discovery } from './discovery-types.ts'

/** The collection rules write to: one that creates, preferably one whose items can be deleted. */
export function writableCollection(
  discovery: Discovery,
  withActions = false,
): DiscoveredCollection | null {
  const usable = discovery.collections.filter(
    (c) =>
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
