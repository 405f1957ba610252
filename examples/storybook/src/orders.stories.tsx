import type { Meta, StoryObj } from '@storybook/react-vite'
import type { HypermockParameters } from 'hypermock-api/storybook'
import { http, HttpResponse } from 'msw'
import { expect } from 'storybook/test'
import { OrderList } from './order-list.tsx'

const meta = {
  title: 'Orders',
  component: OrderList,
} satisfies Meta<typeof OrderList>

export default meta
type Story = StoryObj<typeof meta>

// The rows each story starts with: filled in as seed rows are (ids, dates, version, state).
export const ThreeOrders: Story = {
  parameters: {
    hypermock: {
      state: {
        orders: [
          { customerId: 1, total: 12.5, currency: 'usd' },
          { customerId: 1, total: 80, currency: 'eur', status: 'paid' },
          { customerId: 1, total: 3.2, currency: 'usd', status: 'cancelled' },
        ],
        payments: [],
      },
    } satisfies HypermockParameters,
  },
  play: async ({ canvas }) => {
    const orders = await canvas.findAllByRole('listitem')
    await expect(orders.map((order) => order.textContent)).toEqual([
      'Order 1: 12.5 USD, pending',
      'Order 2: 80 EUR, paid',
      'Order 3: 3.2 USD, cancelled',
    ])
  },
}

export const NoOrders: Story = {
  parameters: {
    hypermock: {
      state: { orders: [], payments: [] },
    } satisfies HypermockParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No orders yet.')).toBeVisible()
  },
}

// The list's error state: every GET of the orders answers 503, and the client gives up after two.
export const ServerDown: Story = {
  parameters: {
    hypermock: {
      faults: [
        {
          match: { method: 'GET', path: '/api/orders' },
          effect: { kind: 'status', status: 503 },
        },
      ],
    } satisfies HypermockParameters,
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('alert', {}, { timeout: 10_000 }),
    ).toHaveTextContent(/^Could not load the orders \(503\)/)
  },
}

// A story's own msw handlers (msw-storybook-addon's `parameters.msw`) come before the mock's.
export const FromOwnHandler: Story = {
  parameters: {
    msw: [
      http.get('/api/orders', () =>
        HttpResponse.json({
          items: [{ id: 7, total: 1, currency: 'usd', status: 'paid' }],
        }),
      ),
    ],
  },
  play: async ({ canvas }) => {
    const orders = await canvas.findAllByRole('listitem')
    await expect(orders.map((order) => order.textContent)).toEqual([
      'Order 7: 1 USD, paid',
    ])
  },
}
