import { QueryClient, type QueryClientConfig } from '@tanstack/react-query'

/**
 * A TanStack `QueryClient` for hypermock hooks, with retries off for queries and mutations.
 *
 * The hypermock client owns retries: it follows the conventions' rules (which statuses, Retry-After,
 * backoff, one idempotency key per operation). TanStack's own retries would stack on top, and
 * stacking multiplies attempts: 4 query tries × 5 client attempts = 20 requests for one read, with a
 * fresh idempotency key per mutation try, which defeats the key. Other options pass through.
 *
 * @example
 * const queryClient = createQueryClient()
 * root.render(
 *   <QueryClientProvider client={queryClient}>
 *     <HypermockClientProvider client={createClient({ baseUrl: '/api' })}>
 *       <App />
 *     </HypermockClientProvider>
 *   </QueryClientProvider>,
 * )
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { defaultOptions = {} } = config
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...defaultOptions,
      queries: { ...defaultOptions.queries, retry: false },
      mutations: { ...defaultOptions.mutations, retry: false },
    },
  })
}
