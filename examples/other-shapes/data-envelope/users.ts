/**
 * The app's user list on TanStack Query: one page by its number, or every page one after the
 * other (an infinite list that stops at `total_pages`).
 */
import type { QueryClient } from '@tanstack/query-core'

export interface User {
  id: number
  email: string
  first_name: string
  last_name: string
}

export interface UserPage {
  data: User[]
  page: number
  per_page: number
  total: number
  total_pages: number
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
  return (await response.json()) as T
}

/** One page of users, by its number. */
export const userPage = (api: string, page: number, perPage = 6) => ({
  queryKey: ['users', { page, perPage }],
  queryFn: () =>
    getJson<UserPage>(`${api}/users?page=${page}&per_page=${perPage}`),
})

/** Every page, one after the other: the next page is asked for until `total_pages`. */
export const everyUser = (api: string, perPage = 6) => ({
  queryKey: ['users', 'all', { perPage }],
  queryFn: ({ pageParam }: { pageParam: number }) =>
    getJson<UserPage>(`${api}/users?page=${pageParam}&per_page=${perPage}`),
  initialPageParam: 1,
  getNextPageParam: (last: UserPage) =>
    last.page < last.total_pages ? last.page + 1 : undefined,
})

/** Adds a user and drops the cached lists, so the next read sees it. */
export async function addUser(
  client: QueryClient,
  api: string,
  user: Omit<User, 'id'>,
): Promise<User> {
  const response = await fetch(`${api}/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: user }),
  })
  if (!response.ok) throw new Error(`POST ${api}/users: ${response.status}`)
  const { data } = (await response.json()) as { data: User }
  await client.invalidateQueries({ queryKey: ['users'] })
  return data
}
