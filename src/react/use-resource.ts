import { skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Link, Resource } from '../client/index.ts'
import { useHypermockClient } from './hypermock-client-provider.tsx'
import { resourceQueryKey } from './resource-query-key.ts'

/**
 * Reads a resource with TanStack Query, keyed by its absolute URL. Takes a link object (its href is
 * read with GET, whatever its method), an href, or `undefined`/`null` to wait: a link not there yet
 * (the parent is loading) or not offered (the state does not allow it) leaves the query disabled.
 * Errors are the client's: an `HttpError` with the parsed problem, or a `NetworkError`.
 *
 * @example
 * const root = useResource(client.baseUrl)
 * const orders = useResource(root.data?._links?.orders)
 */
export function useResource<T = Resource>(
  target: Link | string | null | undefined,
): UseQueryResult<T> {
  const client = useHypermockClient()
  const href = typeof target === 'string' ? target : target?.href
  const url = href === undefined ? undefined : client.resolve(href)
  return useQuery({
    queryKey: resourceQueryKey(url ?? '', client.token),
    queryFn:
      url === undefined
        ? skipToken
        : ({ signal }) => client.get<T>(url, { signal }),
  })
}
