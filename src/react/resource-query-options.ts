import {
  queryOptions,
  type OmitKeyof,
  type QueryKeyWithDataTag,
  type UnusedSkipTokenOptions,
  type UseQueryOptions,
} from '@tanstack/react-query'
import type { HypermockClient, Link, Resource } from '../client/index.ts'
import { resourceQueryKey } from './resource-query-key.ts'

/** The query key of a hypermock resource: scope, absolute URL, credential. */
export type ResourceQueryKey = ReturnType<typeof resourceQueryKey>

/**
 * TanStack query options a resource read takes (`staleTime`, `select`, `gcTime`, `enabled`,
 * `refetchInterval`, …): everything but `queryKey` and `queryFn`, which the resource decides.
 */
export type ResourceQueryOptions<T = Resource, TData = T> = OmitKeyof<
  UseQueryOptions<T, Error, TData, ResourceQueryKey>,
  'queryKey' | 'queryFn'
>

/**
 * The query options of one resource, in TanStack's `queryOptions` style: one object serves
 * `useQuery`, `useSuspenseQuery`, `prefetchQuery`, `ensureQueryData` and `getQueryData` (its
 * `queryKey` carries the data type). Keyed by the absolute URL, so every link to a resource shares
 * one cache entry, and by the client's token, so credentials never share data. Reads with the
 * client's `get`: its retries, an `HttpError` with the parsed problem, or a `NetworkError`.
 *
 * Needs a target: for a link that may not be there yet, use `useResource`, which waits.
 *
 * @example
 * // In a route loader, before anything renders:
 * await queryClient.prefetchQuery(resourceQueryOptions(client, '/api/orders/1'))
 *
 * @example
 * // In a component under <Suspense>: `data` is always defined.
 * const { data: order } = useSuspenseQuery(
 *   resourceQueryOptions<Order>(client, '/api/orders/1', { staleTime: 30_000 }),
 * )
 */
export function resourceQueryOptions<T = Resource, TData = T>(
  client: HypermockClient,
  target: Link | string,
  options: ResourceQueryOptions<T, TData> = {},
): UnusedSkipTokenOptions<T, Error, TData, ResourceQueryKey> &
  QueryKeyWithDataTag<ResourceQueryKey, T, Error> {
  // The return type is spelled out so the published .d.ts names TanStack's own types instead of
  // inlining copies of them.
  // Read with GET whatever the link's method: an action link is run by useAction, not read here.
  const url = client.resolve(typeof target === 'string' ? target : target.href)
  return queryOptions({
    ...options,
    queryKey: resourceQueryKey(url, client.token),
    queryFn: ({ signal }) => client.get<T>(url, { signal }),
  })
}
