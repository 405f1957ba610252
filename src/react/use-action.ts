import {
  useMutation,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query'
import type { Link, Resource } from '../client/index.ts'
import { useHypermockClient } from './hypermock-client-provider.tsx'
import { invalidateAfterAction } from './invalidate-after-action.ts'

/**
 * Runs an action link: `mutate(body?)` sends the link's method (GET when it has none) to its href,
 * with `body` as JSON when given. A POST carries one idempotency key, reused by the client's own
 * retries. On success the affected cached resources are invalidated and refetched before the
 * mutation settles: the resource that offered the link, the returned resource's `self`, and the
 * collections holding either (see `isAffectedByAction`).
 *
 * `link` may be `undefined`: the state does not offer the action now; `mutate()` then fails with a
 * message saying so, and the component should not show the control at all.
 *
 * @example
 * const order = useResource<Order>(href)
 * const pay = useAction(order.data?._links?.pay)
 * <button disabled={pay.isPending} onClick={() => pay.mutate()}>Pay</button>
 */
export function useAction<TResult = Resource, TBody = unknown>(
  link: Link | null | undefined,
): UseMutationResult<TResult, Error, TBody | undefined> {
  const client = useHypermockClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: TBody | undefined) => {
      if (link === null || link === undefined) {
        throw new Error(
          'Failed to run the action: there is no link for it. The resource does not offer this action in its current state; re-read the resource and hide the control when the link is absent.',
        )
      }
      return client.send<TResult>(
        link,
        body === undefined ? {} : { json: body },
      )
    },
    // Returned, so the mutation stays pending until the affected resources have been re-read.
    onSuccess: (result) =>
      link
        ? invalidateAfterAction(queryClient, client, link, result)
        : undefined,
  })
}
