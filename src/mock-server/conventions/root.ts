/** `GET` on the base: the entry point, with a link to every collection and the description. */
import type { ApiModel } from '../model/compiled-api.ts'
import type { Link } from '../declare/types.ts'
import { HttpResponse } from '../http-response.ts'
import { schemaRef } from '../openapi/schema-names.ts'
import { linkedFromRoot } from '../openapi/shared-schemas.ts'
import type { RouteContext, RouteSpec } from '../route-spec.ts'

function rootHandler(api: () => ApiModel) {
  return (ctx: RouteContext) => {
    const { name, description, resources } = api()
    const base = ctx.runtime.baseHref
    const _links: Record<string, Link> = { self: { href: base || '/' } }
    for (const resource of resources.values())
      if (linkedFromRoot(resource))
        _links[resource.name] = {
          href: `${base}${resource.path}`,
          title: resource.title,
        }
    _links.problems = { href: `${base}/problems`, title: 'Problem types' }
    // The same state as GraphQL, unless the API has a resource of that name.
    if (!resources.has('graphql'))
      _links.graphql = {
        href: `${base}/graphql`,
        title: 'GraphQL',
        // GraphQL over HTTP: a GET needs a query, so a reader following links does not open it.
        type: 'application/graphql-response+json',
      }
    // RFC 8631: where a machine finds the description of this API.
    _links['service-desc'] = {
      href: `${base}/openapi.json`,
      title: 'OpenAPI description',
    }
    // The state events, as Server-Sent Events (unless a resource of the API's own is `events`).
    if (!resources.has('events'))
      _links.events = {
        href: `${base}/events`,
        title: 'State events',
        type: 'text/event-stream',
      }
    return HttpResponse.json({
      name,
      ...(description !== undefined && { description }),
      _links,
    })
  }
}

export function rootRoute(api: () => ApiModel): RouteSpec {
  return {
    path: '',
    public: true,
    cache: 'public',
    methods: { GET: rootHandler(api) },
    docs: {
      GET: () => ({
        operationId: 'getRoot',
        summary: 'The entry point: links to every collection',
        tag: 'Root',
        answers: [{ status: 200, schema: schemaRef('Root') }],
        problems: [],
      }),
    },
    kind: 'root',
  }
}
