import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  test,
  vi,
} from 'vitest'
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
import { setupMockServer } from '../../src/msw/node.ts'

const baseUrl = 'http://hypermock.test/api'

interface Order extends Resource {
  readonly id: number
  readonly status: string
  readonly total: number
}

// The real mock behind msw's setupServer: the client's plain `fetch` reaches it as over the network.
const { api, server } = setupMockServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

/** What the mock served, as `METHOD /path`, from its journal. */
const served = () =>
  api.journal.list().map((entry) => `${entry.method} ${entry.path}`)

function renderWithClient(ui: ReactNode, token = 'customer-1-token') {
  // Instant waits: the hooks are under test here, not the backoff.
  const client = createClient({
    baseUrl,
    token,
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

describe('hypermock React hooks against the real mock', () => {
  test('walks from the root to an order by its links', async () => {
    renderWithClient(<FirstOrder />)
    expect(await screen.findByText('Status: pending')).toBeInTheDocument()
    expect(served()).toEqual([
      'GET /api',
      'GET /api/orders',
      'GET /api/orders/1',
    ])
  })

  test('pays the order with its action link, and the order shows its new links', async () => {
    renderWithClient(<FirstOrder />)
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    expect(await screen.findByText('Status: paid')).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Pay' }),
    ).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Payment' })).toHaveAttribute(
      'href',
      '/api/payments/2',
    )
    const posts = api.journal.list().filter((entry) => entry.method === 'POST')
    expect(posts.map((entry) => [entry.path, entry.status])).toEqual([
      ['/api/orders/1/payment', 201],
    ])
    expect(posts[0]?.idempotencyKey).toBeTruthy()
    const payments = api.state.snapshot().payments
    expect(payments.filter((payment) => payment.orderId === 1)).toEqual([
      expect.objectContaining({ id: 2, amount: 4250, currency: 'usd' }),
    ])
  })

  test('refetches the collection that held the paid order', async () => {
    renderWithClient(<FirstOrder />)
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    await screen.findByText('Status: paid')
    await waitFor(() => {
      const log = served()
      const afterPay = log.slice(log.indexOf('POST /api/orders/1/payment') + 1)
      expect(afterPay.sort()).toEqual(['GET /api/orders', 'GET /api/orders/1'])
    })
  })

  test('stays idle for an undefined target', async () => {
    renderWithClient(<ResourceView target={undefined} />)
    expect(screen.getByText('Idle')).toBeInTheDocument()
    expect(served()).toEqual([])
  })

  test('surfaces an HttpError with its problem, asking once (TanStack does not retry)', async () => {
    renderWithClient(<ResourceView target="/api/orders/99" />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Resource not found',
    )
    expect(served()).toEqual(['GET /api/orders/99'])
  })

  test('lets the client retry a 503 on its own', async () => {
    api.faults.add({
      match: { path: '/api/orders/1' },
      effect: { kind: 'status', status: 503 },
      times: 1,
    })
    renderWithClient(<ResourceView target={{ href: '/api/orders/1' }} />)
    expect(await screen.findByText('Loaded')).toBeInTheDocument()
    expect(api.journal.list().map((entry) => entry.status)).toEqual([503, 200])
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
