import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, test, vi } from 'vitest'
import {
  createClient,
  isHttpError,
  type Link,
  type Resource,
} from '../../src/client/index.ts'
import {
  HypermockClientProvider,
  createQueryClient,
  useAction,
  useHypermockClient,
  useResource,
} from '../../src/react/index.ts'

const baseUrl = 'http://hypermock.test/api'

interface Order extends Resource {
  readonly id: number
  readonly status: string
  readonly total: number
}

/**
 * A stand-in for the mock core, speaking the same Fetch interface: a root, one order with a `pay`
 * action, and the payment that pays it. When the core lands, replace it with `createMockApi()`.
 */
function createFakeApi() {
  let status = 'pending'
  const requests: Request[] = []
  const reply = (body: unknown, code = 200, type = 'application/json') =>
    new Response(JSON.stringify(body), {
      status: code,
      headers: { 'Content-Type': type },
    })
  const order = () => ({
    id: 1,
    status,
    total: 42.5,
    currency: 'usd',
    _links: {
      self: { href: '/api/orders/1' },
      customer: { href: '/api/customers/1' },
      ...(status === 'pending'
        ? {
            cancel: { href: '/api/orders/1/cancel', method: 'POST' },
            pay: { href: '/api/orders/1/payment', method: 'POST' },
          }
        : { payment: { href: '/api/payments/1' } }),
    },
  })
  const routes: Record<string, () => Response> = {
    'GET /api': () =>
      reply({
        _links: { self: { href: '/api' }, orders: { href: '/api/orders' } },
      }),
    'GET /api/orders': () =>
      reply({
        items: [order()],
        page: 1,
        perPage: 20,
        total: 1,
        _links: { self: { href: '/api/orders' } },
      }),
    'GET /api/orders/1': () => reply(order()),
    'POST /api/orders/1/payment': () => {
      if (status !== 'pending') {
        return reply(
          {
            type: '/api/problems/state-conflict',
            title: 'State conflict',
            status: 409,
          },
          409,
          'application/problem+json',
        )
      }
      status = 'paid'
      return reply(
        {
          id: 1,
          amount: 4250,
          orderId: 1,
          _links: {
            self: { href: '/api/payments/1' },
            order: { href: '/api/orders/1' },
          },
        },
        201,
      )
    },
  }
  return {
    requests,
    async fetch(request: Request): Promise<Response> {
      requests.push(request)
      const route = routes[`${request.method} ${new URL(request.url).pathname}`]
      return (
        route?.() ??
        reply(
          { type: '/api/problems/not-found', title: 'Not found', status: 404 },
          404,
          'application/problem+json',
        )
      )
    },
  }
}

function renderWithClient(
  ui: ReactNode,
  fetch: (request: Request) => Promise<Response>,
) {
  // Instant waits: the hooks are under test here, not the backoff.
  const client = createClient({
    baseUrl,
    fetch,
    sleep: async () => {},
    random: () => 0,
  })
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <HypermockClientProvider client={client}>{ui}</HypermockClientProvider>
    </QueryClientProvider>,
  )
}

function FirstOrder() {
  const client = useHypermockClient()
  const root = useResource(client.baseUrl)
  const orders = useResource<{ items: Order[] }>(root.data?._links?.orders)
  const order = useResource<Order>(orders.data?.items[0]?._links?.self)
  const pay = useAction(order.data?._links?.pay)
  if (order.data === undefined) return <p>Loading…</p>
  const { _links: links = {} } = order.data
  return (
    <article aria-label={`Order ${order.data.id}`}>
      <p>Status: {order.data.status}</p>
      {links.pay && (
        <button disabled={pay.isPending} onClick={() => pay.mutate()}>
          Pay
        </button>
      )}
      {links.payment && <a href={links.payment.href}>Payment</a>}
    </article>
  )
}

function ResourceView({ target }: { target: Link | string | undefined }) {
  const resource = useResource(target)
  if (resource.error)
    return (
      <p role="alert">
        {isHttpError(resource.error) ? resource.error.problem?.title : 'failed'}
      </p>
    )
  return (
    <p>
      {resource.isFetching ? 'Fetching' : resource.data ? 'Loaded' : 'Idle'}
    </p>
  )
}

describe('hypermock React hooks', () => {
  test('walks from the root to an order by its links', async () => {
    const api = createFakeApi()
    renderWithClient(<FirstOrder />, (request) => api.fetch(request))
    expect(await screen.findByText('Status: pending')).toBeInTheDocument()
    expect(
      api.requests.map((request) => new URL(request.url).pathname),
    ).toEqual(['/api', '/api/orders', '/api/orders/1'])
  })

  test('pays the order with its action link, and the order shows its new links', async () => {
    const api = createFakeApi()
    renderWithClient(<FirstOrder />, (request) => api.fetch(request))
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    expect(await screen.findByText('Status: paid')).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Pay' }),
    ).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Payment' })).toHaveAttribute(
      'href',
      '/api/payments/1',
    )
    const payments = api.requests.filter((request) => request.method === 'POST')
    expect(payments).toHaveLength(1)
    expect(payments[0]?.headers.get('Idempotency-Key')).toBeTruthy()
  })

  test('refetches the collection that held the paid order', async () => {
    const api = createFakeApi()
    renderWithClient(<FirstOrder />, (request) => api.fetch(request))
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    await screen.findByText('Status: paid')
    const afterPay = api.requests.slice(
      api.requests.findIndex((request) => request.method === 'POST') + 1,
    )
    await waitFor(() =>
      expect(
        afterPay.map((request) => new URL(request.url).pathname).sort(),
      ).toEqual(['/api/orders', '/api/orders/1']),
    )
  })

  test('stays idle for an undefined target', async () => {
    const api = createFakeApi()
    renderWithClient(<ResourceView target={undefined} />, (request) =>
      api.fetch(request),
    )
    expect(screen.getByText('Idle')).toBeInTheDocument()
    expect(api.requests).toHaveLength(0)
  })

  test('surfaces an HttpError with its problem, asking once (TanStack does not retry)', async () => {
    const api = createFakeApi()
    renderWithClient(<ResourceView target="/api/orders/99" />, (request) =>
      api.fetch(request),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found')
    expect(api.requests).toHaveLength(1)
  })

  test('lets the client retry a 503 on its own', async () => {
    const api = createFakeApi()
    let failures = 1
    const flaky = (request: Request) =>
      failures-- > 0
        ? Promise.resolve(new Response(null, { status: 503 }))
        : api.fetch(request)
    renderWithClient(<ResourceView target={{ href: '/api/orders/1' }} />, flaky)
    expect(await screen.findByText('Loaded')).toBeInTheDocument()
    expect(api.requests).toHaveLength(1)
  })

  test('useHypermockClient explains a missing provider', () => {
    function Orphan() {
      useHypermockClient()
      return null
    }
    // React logs the render error too; the assertion is on the thrown message.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Orphan />)).toThrow(
      /outside <HypermockClientProvider>/,
    )
    consoleError.mockRestore()
  })
})
