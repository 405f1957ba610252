import type { QueryClient } from '@tanstack/react-query'
import { resourceQueryKey } from '../../react/resource-query-key.ts'

/**
 * What the user's client has read of `url` with the same credential, or is reading now, else
 * `read()`. The page reads the root and the description for itself, apart from the user's reads;
 * when the user reads the same URL (the Explorer opens on the root), the page takes that answer
 * instead of sending the request again: the mock's journal is shared with other tabs and clients,
 * and loading a page must not fill it with the same read twice.
 */
export async function readOnce<T>(
  queryClient: QueryClient,
  url: string,
  token: string | null,
  read: () => Promise<T>,
): Promise<T> {
  const users = queryClient
    .getQueryCache()
    .find<T>({ queryKey: resourceQueryKey(url, token), exact: true })
  if (users?.state.data !== undefined) return users.state.data
  const running =
    users?.state.fetchStatus === 'fetching' ? users.promise : undefined
  if (running !== undefined) {
    try {
      return await running
    } catch {
      // The user's read failed (a fault, a cancel): the page still needs its own answer.
    }
  }
  return read()
}
