export { createQueryClient } from './query-client.ts'
export {
  HypermockClientProvider,
  useHypermockClient,
  type HypermockClientProviderProps,
} from './hypermock-client-provider.tsx'
export { useResource } from './use-resource.ts'
export { useAction } from './use-action.ts'
export { resourceQueryKey, resourceQueryScope } from './resource-query-key.ts'
export {
  invalidateAfterAction,
  isAffectedByAction,
  type ActionFootprint,
} from './invalidate-after-action.ts'
