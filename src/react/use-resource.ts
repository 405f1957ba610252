import { skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Link, Resource } from '../client/index.ts'
import { useHypermockClient } from './hypermock-client-provider.tsx'
import { resourceQueryKey } from './resource-query-key.ts'
import {
  resourceQueryOptions,
  type ResourceQueryOptions,
} from './resource-query-options.ts'

/**
 * Reads a resource with TanStack Query, keyed by its absolute URL (see `resourceQueryOptions`).
 * Takes a link object (its href is read with GET, whatever its method), an href, or
 * `undefined`/`null` to wait: a link not there yet (the parent is loading) or not offered (the
 * state does not allow it) leaves the query disabled. `options` are TanStack's own (`staleTime`,
 * `select`, `refetchInterval`, …). Errors are the client's: an `HttpError` with the parsed problem,
 * or a `NetworkError`.
 *
 * @example
 * const root = useResource(client.baseUrl)
 * const orders = useResource(root.data?._links?.orders, { staleTime: 10_000 })
 * const total = useResource<Order, number>(href, { select: (order) => order.total })
 */
export function useResource<T = Resource, TData = T>(
  target: Link | string | null | undefined,
  options: ResourceQueryOptions<T, TData> = {},
): UseQueryResult<TData, Error> {
  const client = useHypermockClient()
  return useQuery(
    target === null || target === undefined
      ? {
          ...options,
          queryKey: resourceQueryKey('', client.token),
          queryFn: skipToken,
        }
      : resourceQueryOptions(client, target, options),
  )
}
