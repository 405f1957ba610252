import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core'
import { startServer, type RunningServer } from 'hypermock-api/server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { directory } from './directory.ts'
import { addUser, everyUser, userPage, type UserPage } from './users.ts'

let server: RunningServer
let api: string
let client: QueryClient

beforeAll(async () => {
  server = await startServer({ api: directory, port: 0 })
  api = `${server.url}/api`
})
afterEach(async () => {
  client?.clear()
  await server.api.reset()
})
afterAll(() => server.close())

const newClient = () =>
  (client = new QueryClient({ defaultOptions: { queries: { retry: false } } }))

describe('a { data } API with numbered pages, read through TanStack Query', () => {
  it('reads one page with its number, size and totals', async () => {
    const page = await newClient().fetchQuery(userPage(api, 2, 6))
    expect(page).toMatchObject({
      page: 2,
      per_page: 6,
      total: 14,
      total_pages: 3,
    })
    expect(page.data.map((user) => user.id)).toEqual([7, 8, 9, 10, 11, 12])
  })

  it('loads more until the last page, as an infinite list does', async () => {
    const observer = new InfiniteQueryObserver<
      UserPage,
      Error,
      { pages: UserPage[] },
      readonly unknown[],
      number
    >(newClient(), everyUser(api, 5))
    const seen = observer.subscribe(() => {})
    let result = await observer.refetch()
    while (result.hasNextPage) result = await observer.fetchNextPage()
    seen()
    const pages = result.data!.pages
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3])
    const ids = pages.flatMap((page) => page.data.map((user) => user.id))
    expect(ids).toEqual(Array.from({ length: 14 }, (_, i) => i + 1))
  })

  it('counts a new user in the totals the next read gets', async () => {
    const queries = newClient()
    await queries.fetchQuery(userPage(api, 1))
    const user = await addUser(queries, api, {
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
    })
    expect(user.id).toBe(15)
    const page = await queries.fetchQuery(userPage(api, 3))
    expect(page).toMatchObject({ total: 15, total_pages: 3 })
    expect(page.data.at(-1)).toEqual(user)
    const one = await fetch(`${api}/users/15`)
    expect(await one.json()).toEqual({ data: user })
  })
})
