import {
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { EventSource } from 'eventsource'
import { createClient } from 'hypermock-api/client'
import { setupMockServer } from 'hypermock-api/msw/node'
import { useEffect } from 'react'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'

const { api, server } = setupMockServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

const client = createClient({
  baseUrl: 'http://localhost/api',
  token: 'customer-1-token',
})

/** Marks the orders' queries stale on each order event: the ones on screen refetch. */
function useOrderEvents(eventsUrl: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const source = new EventSource(eventsUrl)
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
    source.addEventListener('orders.created', refresh)
    source.addEventListener('orders.updated', refresh)
    return () => source.close()
  }, [eventsUrl, queryClient])
}

function NewestOrder() {
  useOrderEvents('http://localhost/api/events?access_token=customer-1-token')
  const { data } = useQuery({
    queryKey: ['orders', 'newest'],
    queryFn: () =>
      client.get<{ items: { id: number }[] }>('/api/orders?sort=-id&perPage=1'),
  })
  const newest = data?.items[0]
  return <p>{newest ? `Newest order: ${newest.id}` : 'Loading…'}</p>
}

test('an order created elsewhere shows without a reload: its event refetches the query', async () => {
  const queryClient = new QueryClient()
  render(
    <QueryClientProvider client={queryClient}>
      <NewestOrder />
    </QueryClientProvider>,
  )
  const first = await screen.findByText(/^Newest order: \d+$/)
  const before = Number(first.textContent!.split(': ')[1])
  // Another client (another tab, a script) creates an order: no query of this page is told.
  const created = await fetch('http://localhost/api/orders', {
    method: 'POST',
    headers: {
      Authorization: 'Bearer customer-1-token',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ total: 12.5, currency: 'usd' }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  expect(id).toBeGreaterThan(before)
  expect(await screen.findByText(`Newest order: ${id}`)).toBeVisible()
  queryClient.clear()
})
