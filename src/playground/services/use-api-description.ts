import { isLink } from '../../client/index.ts'
import { useResource } from '../../react/index.ts'
import { usePlayground } from './playground-context.tsx'

/**
 * The OpenAPI description of the mock the playground talks to, found as any client would: the
 * root's `service-desc` link. Read once per credential and shared with the Reference view.
 */
export function useApiDescription(): unknown {
  const { client } = usePlayground()
  const root = useResource<{ _links?: Record<string, unknown> }>(client.baseUrl)
  const serviceDesc = root.data?._links?.['service-desc']
  const description = useResource<unknown>(
    isLink(serviceDesc) ? serviceDesc : undefined,
    { staleTime: Infinity },
  )
  return description.data
}
