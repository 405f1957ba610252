import { isLink } from '../../client/index.ts'
import { createOpenApiDocument } from '../../index.ts'
import { serverConnection } from '../boot/connect-server.ts'
import { usePlayground } from './playground-context.tsx'
import { usePageResource } from './use-page-resource.ts'

/**
 * The OpenAPI description of the mock the playground talks to. In the browser the page holds the
 * mock's declaration and generates the same document `openapi.json` serves, sending nothing (the
 * Journal shows only what the user did). Connected to a server, it is found as any client would
 * find it: the root's `service-desc` link, read once per credential with the page's own client
 * (shared with the Reference view), which the timeline leaves out.
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

/**
 * `wanted: false` where nothing shown needs the description yet (the API root, a record without
 * a currency): the page then does not generate it, which at a start is a share of the first
 * render. Connected to a server it is read either way, once.
 */
export function useApiDescription(wanted = true): unknown {
  const { api, pageClient } = usePlayground()
  const remote = serverConnection() !== null
  const local = remote || !wanted ? undefined : describe(api)
  const root = usePageResource<{ _links?: Record<string, unknown> }>(
    remote ? pageClient.baseUrl : null,
  )
  const serviceDesc = root.data?._links?.['service-desc']
  const description = usePageResource<unknown>(
    isLink(serviceDesc) ? serviceDesc : null,
    { staleTime: Infinity },
  )
  return local ?? description.data
}
