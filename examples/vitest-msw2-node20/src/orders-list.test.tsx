import { render, screen } from '@testing-library/react'
import { applyScenario } from 'hypermock-api'
import { createClient } from 'hypermock-api/client'
import { setupMockServer } from 'hypermock-api/msw/node'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { OrdersList } from './orders-list.tsx'

const { api, server } = setupMockServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => api.reset()) // seed data, default settings, no faults
afterAll(() => server.close())

/** The reference client, with its waits recorded instead of slept: no test sleeps through backoff. */
function testClient(token: string) {
  const waits: number[] = []
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token,
    sleep: async (ms) => {
      waits.push(ms)
    },
  })
  return { client, waits }
}

test('lists the orders', async () => {
  render(<OrdersList client={testClient('customer-1-token').client} />)
  expect(await screen.findByText('Order 1: 42.5 USD (pending)')).toBeVisible()
  expect(screen.getAllByRole('listitem')).toHaveLength(5)
})

test('503 twice, then success: the user sees the orders, after two retries', async () => {
  const { token } = applyScenario(api, {
    id: 'orders-unavailable-twice',
    title: 'Orders unavailable twice',
    description: 'The first two reads of the orders answer 503.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'GET', path: '/api/orders' },
        effect: { kind: 'status', status: 503 },
        times: 2,
      },
    ],
  })
  const { client, waits } = testClient(token)
  render(<OrdersList client={client} />)
  expect(await screen.findByText('Order 1: 42.5 USD (pending)')).toBeVisible()
  expect(waits).toHaveLength(2)
  expect(api.journal.list().map((entry) => entry.status)).toEqual([
    503, 503, 200,
  ])
})

test('a built-in scenario: an expired token shows the problem detail', async () => {
  const { token } = applyScenario(api, 'expired-token')
  render(<OrdersList client={testClient(token).client} />)
  expect(await screen.findByRole('alert')).toHaveTextContent(/expired/i)
})

test('resets between tests: no fault is left from the test before', async () => {
  render(<OrdersList client={testClient('customer-1-token').client} />)
  expect(await screen.findByText('Order 1: 42.5 USD (pending)')).toBeVisible()
  expect(api.journal.list().map((entry) => entry.status)).toEqual([200])
})

test('a request the mock does not own reaches msw’s onUnhandledRequest: "error"', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    await expect(fetch('http://localhost/not-api')).rejects.toThrow()
    await expect(fetch('http://example.test/api/orders')).rejects.toThrow()
    const said = printed.mock.calls.flat().join(' ')
    expect(said).toMatch(/without a matching request handler/)
    expect(said).toContain('example.test')
  } finally {
    printed.mockRestore()
  }
})
