import { skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Link } from '../../client/index.ts'
import { usePlayground } from './playground-context.tsx'
import { readOnce } from './read-once.ts'

/** The prefix of the page's own reads in the query cache, apart from what the user reads. */
const pageQueryScope = ['hypermock', 'playground-page'] as const

/**
 * Reads a resource the page needs for itself (the root's links, the description) with the
 * playground's page client: cached apart from the user's reads, so the Explorer's read of the same
 * URL is the user's and appears in the timeline, and this one never does. Once the user has read
 * that URL (the Explorer on the root), the page takes the user's answer instead of sending the
 * request again.
 */
export function usePageResource<T>(
  target: Link | string | null | undefined,
  options: { staleTime?: number } = {},
): UseQueryResult<T, Error> {
  const { pageClient, queryClient } = usePlayground()
  const url =
    target === null || target === undefined
      ? null
      : pageClient.resolve(typeof target === 'string' ? target : target.href)
  return useQuery(
    {
      ...options,
      queryKey: [...pageQueryScope, url, pageClient.token],
      queryFn:
        url === null
          ? skipToken
          : ({ signal }) =>
              readOnce(queryClient, url, pageClient.token, () =>
                pageClient.get<T>(url, { signal }),
              ),
    },
    queryClient,
  )
}
