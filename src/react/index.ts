// The React glue's public surface: a QueryClient with retries left to the client, the provider,
// the two hooks, and the query options factory for Suspense, prefetching and loaders.
export { createQueryClient } from './query-client.ts'
export {
  HypermockClientProvider,
  useHypermockClient,
  type HypermockClientProviderProps,
} from './hypermock-client-provider.tsx'
export { useResource } from './use-resource.ts'
export {
  resourceQueryOptions,
  type ResourceQueryKey,
  type ResourceQueryOptions,
} from './resource-query-options.ts'
export { useAction } from './use-action.ts'
export { invalidateAfterAction } from './invalidate-after-action.ts'
