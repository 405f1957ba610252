/** The prefix of every query the hypermock hooks cache. */
export const resourceQueryScope = ['hypermock', 'resource'] as const

/**
 * The TanStack query key of a resource: its absolute URL (the same whichever link led to it) and
 * the credential that read it. Users get it from `resourceQueryOptions(client, target).queryKey`.
 */
export function resourceQueryKey(url: string, token: string | null = null) {
  // The credential is part of the key: a read with one token is never served to another.
  return [...resourceQueryScope, url, token] as const
}

/** The URL of a hypermock resource query key, or `undefined` for any other key. */
export function urlOfResourceQueryKey(
  queryKey: readonly unknown[],
): string | undefined {
  const [scope, kind, url] = queryKey
  const matches =
    scope === resourceQueryScope[0] && kind === resourceQueryScope[1]
  return matches && typeof url === 'string' ? url : undefined
}
