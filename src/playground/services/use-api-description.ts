import { skipToken, useQuery } from '@tanstack/react-query'
import { isLink } from '../../client/index.ts'
import { createOpenApiDocument } from '../../index.ts'
import { resourceQueryKey } from '../../react/resource-query-key.ts'
import { resourceQueryOptions } from '../../react/resource-query-options.ts'
import { serverConnection } from '../boot/connect-server.ts'
import { usePlayground } from './playground-context.tsx'

/**
 * The OpenAPI description of the mock the playground talks to. In the browser the page holds the
 * mock's declaration and generates the same document `openapi.json` serves, sending nothing (the
 * Journal shows only what the user did). Connected to a server, it is found as any client would
 * find it: the root's `service-desc` link, read once per credential through the playground's own
 * client and cache (shared with the Explorer and the Reference view).
 */
const generated = new WeakMap<object, unknown>()

/** Generated once per mock: every view that asks gets the same document. */
function describe(api: ReturnType<typeof usePlayground>['api']) {
  if (!generated.has(api))
    generated.set(
      api,
      createOpenApiDocument({
        api: api.declaration,
        basePath: `${api.origin}${api.basePath}` || '/',
      }),
    )
  return generated.get(api)
}

export function useApiDescription(): unknown {
  const { api, client, queryClient } = usePlayground()
  const remote = serverConnection() !== null
  const local = remote ? undefined : describe(api)
  const root = useQuery(
    remote
      ? resourceQueryOptions<{ _links?: Record<string, unknown> }>(
          client,
          client.baseUrl,
        )
      : { queryKey: resourceQueryKey('', client.token), queryFn: skipToken },
    queryClient,
  )
  const serviceDesc = root.data?._links?.['service-desc']
  const description = useQuery(
    isLink(serviceDesc)
      ? resourceQueryOptions<unknown>(client, serviceDesc, {
          staleTime: Infinity,
        })
      : { queryKey: resourceQueryKey('', client.token), queryFn: skipToken },
    queryClient,
  )
  return local ?? description.data
}
