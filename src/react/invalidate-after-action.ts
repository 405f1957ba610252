import type { QueryClient } from '@tanstack/react-query'
import {
  isLink,
  selfHref,
  type HypermockClient,
  type Link,
} from '../client/index.ts'
import {
  resourceQueryScope,
  urlOfResourceQueryKey,
} from './resource-query-key.ts'

/** What an action touched, as absolute URLs. */
export interface ActionFootprint {
  /** The action link's href. */
  readonly actionUrl: string
  /** The `self` of the resource the action returned, when it returned one. */
  readonly resultUrl: string | undefined
}

function touches(
  value: unknown,
  footprint: ActionFootprint,
  resolve: (href: string) => string,
): boolean {
  if (typeof value !== 'object' || value === null) return false
  const self = selfHref(value)
  if (self !== undefined && resolve(self) === footprint.resultUrl) return true
  const links = Object.values((value as { _links?: object })._links ?? {})
  return links.some(
    (link) => isLink(link) && resolve(link.href) === footprint.actionUrl,
  )
}

/**
 * Whether a cached resource is stale after an action. Only what the hypermedia says counts (no URL
 * is composed): the resource at the action's or the result's URL; any resource that offered the
 * action (the one the link came from); any resource that is the result; and any collection with
 * such an item in `items`. Collections the result newly joins are not known; they refetch when next
 * read.
 */
export function isAffectedByAction(
  url: string,
  data: unknown,
  footprint: ActionFootprint,
  resolve: (href: string) => string,
): boolean {
  if (url === footprint.actionUrl || url === footprint.resultUrl) return true
  if (touches(data, footprint, resolve)) return true
  const items =
    typeof data === 'object' && data !== null
      ? (data as { items?: unknown }).items
      : undefined
  return (
    Array.isArray(items) &&
    items.some((item) => touches(item, footprint, resolve))
  )
}

/**
 * Invalidates (and so refetches, when on screen) every cached resource an action affected, as
 * `useAction` does on success. For an action run some other way, such as `client.follow()`.
 *
 * @example
 * const payment = await client.follow(order, 'pay')
 * await invalidateAfterAction(queryClient, client, order._links.pay, payment)
 */
export function invalidateAfterAction(
  queryClient: QueryClient,
  client: HypermockClient,
  link: Link,
  result: unknown,
): Promise<void> {
  const self = selfHref(result)
  const footprint: ActionFootprint = {
    actionUrl: client.resolve(link.href),
    resultUrl: self === undefined ? undefined : client.resolve(self),
  }
  return queryClient.invalidateQueries({
    queryKey: resourceQueryScope,
    predicate: (query) => {
      const url = urlOfResourceQueryKey(query.queryKey)
      return (
        url !== undefined &&
        isAffectedByAction(url, query.state.data, footprint, client.resolve)
      )
    },
  })
}
