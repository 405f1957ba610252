import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { resourceQueryKey } from '../../react/resource-query-key.ts'
import { readOnce } from './read-once.ts'

const url = 'http://hypermock.test/api'
const root = { _links: { 'service-desc': { href: '/api/openapi.json' } } }

/** The page's own read, counted: it must be sent only when the user's read cannot serve. */
function ownRead() {
  const read = () => {
    read.sent += 1
    return Promise.resolve({ from: 'page' })
  }
  read.sent = 0
  return read
}

test('takes what the user has read of the URL with the same credential', async () => {
  const queryClient = new QueryClient()
  queryClient.setQueryData(resourceQueryKey(url, 'any-token'), root)
  const read = ownRead()
  expect(await readOnce(queryClient, url, 'any-token', read)).toBe(root)
  expect(read.sent).toBe(0)
})

test('waits for the user’s read still on its way instead of sending another', async () => {
  const queryClient = new QueryClient()
  let answer = (_: unknown) => {}
  const users = queryClient.fetchQuery({
    queryKey: resourceQueryKey(url, 'any-token'),
    queryFn: () => new Promise((resolve) => (answer = resolve)),
  })
  const read = ownRead()
  const page = readOnce(queryClient, url, 'any-token', read)
  answer(root)
  expect(await page).toBe(root)
  expect(await users).toBe(root)
  expect(read.sent).toBe(0)
})

test('reads for itself when the user’s read failed, or was with another credential', async () => {
  const queryClient = new QueryClient()
  const failed = queryClient
    .fetchQuery({
      queryKey: resourceQueryKey(url, 'any-token'),
      queryFn: () => Promise.reject(new Error('503')),
      retry: false,
    })
    .catch(() => undefined)
  const read = ownRead()
  expect(await readOnce(queryClient, url, 'any-token', read)).toEqual({
    from: 'page',
  })
  await failed
  queryClient.setQueryData(resourceQueryKey(url, 'other-token'), root)
  expect(await readOnce(queryClient, url, 'any-token', read)).toEqual({
    from: 'page',
  })
  expect(read.sent).toBe(2)
})
