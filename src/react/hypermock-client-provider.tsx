import { createContext, use, type ReactNode } from 'react'
import type { HypermockClient } from '../client/index.ts'

const HypermockClientContext = createContext<HypermockClient | null>(null)

/** The props of {@link HypermockClientProvider}. */
export interface HypermockClientProviderProps {
  /** The client the hooks below use; a new client (another token) gives its queries new keys. */
  readonly client: HypermockClient
  readonly children?: ReactNode
}

/**
 * Makes a hypermock client available to `useResource`, `useAction` and `useHypermockClient` below it.
 * Place it inside a `QueryClientProvider` (see `createQueryClient`).
 *
 * @example
 * <HypermockClientProvider client={createClient({ baseUrl: '/api', token: 'customer-1-token' })}>
 *   <OrderPage />
 * </HypermockClientProvider>
 */
export function HypermockClientProvider({
  client,
  children,
}: HypermockClientProviderProps) {
  return (
    <HypermockClientContext value={client}>{children}</HypermockClientContext>
  )
}

/**
 * The client of the nearest `HypermockClientProvider`.
 *
 * @example
 * const client = useHypermockClient()
 * useEffect(() => client.subscribe((event) => log(event)), [client])
 */
export function useHypermockClient(): HypermockClient {
  const client = use(HypermockClientContext)
  if (client === null) {
    throw new Error(
      'Failed to find a hypermock client: useHypermockClient() was called outside <HypermockClientProvider>. Wrap the tree in <HypermockClientProvider client={createClient({ baseUrl })}>.',
    )
  }
  return client
}
