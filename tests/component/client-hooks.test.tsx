import {
  QueryClientProvider,
  useQuery,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Component, Suspense, type ReactNode } from 'react'
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
  type ClientOptions,
  type HypermockClient,
  type Link,
  type Resource,
} from '../../src/client/index.ts'
import {
  HypermockClientProvider,
  createQueryClient,
  resourceQueryOptions,
  useAction,
  useHypermockClient,
  useResource,
} from '../../src/react/index.ts'
import { setupMockServer } from '../../src/msw/node.ts'

const baseUrl = 'http://localhost/api'

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

function createTestClient(options: Partial<ClientOptions> = {}) {
  // Instant waits: the hooks are under test here, not the backoff.
  return createClient({
    baseUrl,
    token: 'customer-1-token',
    sleep: async () => {},
    random: () => 0,
    ...options,
  })
}

function renderWith(
  ui: ReactNode,
  client: HypermockClient = createTestClient(),
  queryClient: QueryClient = createQueryClient(),
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <HypermockClientProvider client={client}>{ui}</HypermockClientProvider>
    </QueryClientProvider>,
  )
}

function renderWithClient(ui: ReactNode, token = 'customer-1-token') {
  return renderWith(ui, createTestClient({ token }))
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

function OrderCard({ href }: { href: string }) {
  const client = useHypermockClient()
  const { data: order } = useSuspenseQuery(
    resourceQueryOptions<Order>(client, href),
  )
  // No loading branch: under Suspense `data` is always there.
  return (
    <article aria-label={`Order ${order.id}`}>
      <p>Status: {order.status}</p>
    </article>
  )
}

class ProblemBoundary extends Component<
  { children: ReactNode },
  { error: unknown }
> {
  override state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    const { error } = this.state
    if (error === null) return this.props.children
    return (
      <p role="alert">
        {isHttpError(error)
          ? `${error.status} ${error.problem?.title}`
          : 'failed'}
      </p>
    )
  }
}

describe('resourceQueryOptions', () => {
  test('serves useSuspenseQuery: the fallback shows, then the order, read once', async () => {
    renderWith(
      <Suspense fallback={<p>Loading order…</p>}>
        <OrderCard href="/api/orders/1" />
      </Suspense>,
    )
    expect(screen.getByText('Loading order…')).toBeInTheDocument()
    expect(
      await screen.findByRole('article', { name: 'Order 1' }),
    ).toHaveTextContent('Status: pending')
    expect(screen.queryByText('Loading order…')).not.toBeInTheDocument()
    expect(served()).toEqual(['GET /api/orders/1'])
  })

  test('with useSuspenseQuery, a 404 reaches the error boundary with its problem', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderWith(
      <ProblemBoundary>
        <Suspense fallback={<p>Loading order…</p>}>
          <OrderCard href="/api/orders/99" />
        </Suspense>
      </ProblemBoundary>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '404 Resource not found',
    )
    consoleError.mockRestore()
    expect(served()).toEqual(['GET /api/orders/99'])
  })

  test('serves prefetchQuery: a prefetched order renders without another request', async () => {
    const client = createTestClient()
    const queryClient = createQueryClient()
    const options = resourceQueryOptions<Order>(client, {
      href: '/api/orders/1',
    })
    await queryClient.prefetchQuery(options)
    // The key carries the data type: getQueryData is typed as Order.
    expect(queryClient.getQueryData(options.queryKey)?.status).toBe('pending')
    function Prefetched() {
      const order = useQuery({ ...options, staleTime: Infinity })
      return <p>{order.data ? `Order ${order.data.id} cached` : 'Loading…'}</p>
    }
    renderWith(<Prefetched />, client, queryClient)
    expect(screen.getByText('Order 1 cached')).toBeInTheDocument()
    expect(served()).toEqual(['GET /api/orders/1'])
  })

  test('shares one cache entry between an href and a link to the same URL', () => {
    const client = createTestClient()
    expect(resourceQueryOptions(client, '/api/orders/1').queryKey).toEqual(
      resourceQueryOptions(client, {
        href: 'http://localhost/api/orders/1',
        method: 'GET',
      }).queryKey,
    )
    expect(
      resourceQueryOptions(
        createTestClient({ token: 'admin-token' }),
        '/api/orders/1',
      ).queryKey,
    ).not.toEqual(resourceQueryOptions(client, '/api/orders/1').queryKey)
  })
})

describe('useResource query options', () => {
  test('select picks what the component shows', async () => {
    function Total() {
      const total = useResource<Order, string>('/api/orders/1', {
        select: (order) => `${order.total} ${order.status}`,
      })
      return <p>{total.data ?? 'Loading…'}</p>
    }
    renderWith(<Total />)
    expect(await screen.findByText(/^\d+(\.\d+)? pending$/)).toBeInTheDocument()
  })

  test('staleTime keeps a second reader from refetching', async () => {
    function Reader({ label }: { label: string }) {
      const order = useResource<Order>('/api/orders/1', { staleTime: 60_000 })
      return <p>{order.data ? `${label}: ${order.data.status}` : 'Loading…'}</p>
    }
    function Page() {
      const first = useResource<Order>('/api/orders/1', { staleTime: 60_000 })
      // The second reader mounts only once the first has its data.
      return first.data ? <Reader label="second" /> : <p>Loading…</p>
    }
    renderWith(<Page />)
    expect(await screen.findByText('second: pending')).toBeInTheDocument()
    expect(served()).toEqual(['GET /api/orders/1'])
  })

  test('without staleTime, the same second reader refetches', async () => {
    function Reader() {
      const order = useResource<Order>('/api/orders/1')
      return <p>{order.data ? `second: ${order.data.status}` : 'Loading…'}</p>
    }
    function Page() {
      const first = useResource<Order>('/api/orders/1')
      return first.data ? <Reader /> : <p>Loading…</p>
    }
    renderWith(<Page />)
    expect(await screen.findByText('second: pending')).toBeInTheDocument()
    await waitFor(() =>
      expect(served()).toEqual(['GET /api/orders/1', 'GET /api/orders/1']),
    )
  })

  test('enabled: false holds the read back', () => {
    function Held() {
      const order = useResource('/api/orders/2', { enabled: false })
      return <p>{order.fetchStatus}</p>
    }
    renderWith(<Held />)
    expect(screen.getByText('idle')).toBeInTheDocument()
    expect(served()).toEqual([])
  })
})

type BodyFate = 'unread' | 'read' | 'cancelled'

/**
 * A fetch that passes requests to the real fetch (msw answers) and records, per response, what the
 * client did with its body and what the body said.
 */
function spyOnBodies() {
  const responses: { status: number; fate: BodyFate; text: string }[] = []
  const fetch = async (request: Request) => {
    const response = await globalThis.fetch(request)
    const record = {
      status: response.status,
      fate: 'unread' as BodyFate,
      text: '',
    }
    responses.push(record)
    if (response.body === null) return response
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read()
          if (done) {
            record.fate = 'read'
            controller.close()
            return
          }
          record.text += decoder.decode(value, { stream: true })
          controller.enqueue(value)
        },
        cancel(reason) {
          record.fate = 'cancelled'
          return reader.cancel(reason)
        },
      },
      { highWaterMark: 0 },
    )
    return new Response(body, response)
  }
  return { fetch, responses }
}

describe('retried response bodies against the real mock', () => {
  test('the client reads each retried 503 and 429 body, so the problem reaches devtools', async () => {
    api.faults.add({
      match: { path: '/api/orders/1' },
      effect: { kind: 'status', status: 503 },
      times: 1,
    })
    api.faults.add({
      match: { path: '/api/orders/1' },
      effect: { kind: 'status', status: 429, retryAfter: 1 },
      times: 1,
    })
    const spy = spyOnBodies()
    renderWith(
      <ResourceView target="/api/orders/1" />,
      createTestClient({ fetch: spy.fetch }),
    )
    expect(await screen.findByText('Loaded')).toBeInTheDocument()
    expect(api.journal.list().map((entry) => entry.status)).toEqual([
      503, 429, 200,
    ])
    const [first, second, last] = spy.responses
    expect([first?.fate, second?.fate]).toEqual(['read', 'read'])
    expect(JSON.parse(first?.text ?? '')).toMatchObject({
      type: expect.stringContaining('service-unavailable'),
      status: 503,
    })
    expect(JSON.parse(second?.text ?? '')).toMatchObject({ status: 429 })
    // The final body is the JSON layer's to read, and it did.
    expect(last).toMatchObject({ status: 200, fate: 'read' })
  })
})
