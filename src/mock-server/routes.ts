import type { CompiledApi } from './route-spec.ts'
import { asyncApiResponse } from './openapi/build-asyncapi-document.ts'
import { openApiResponse } from './openapi/openapi-response.ts'
import { schemaRef } from './openapi/schema-names.ts'
import { problemDoc, problemIndex } from './problems/problem-docs.ts'
import type { RouteSpec } from './route-spec.ts'
import { eventStreamRoute } from './conventions/event-stream.ts'

/**
 * The routes every API has beside its resources (concepts/resources.md#entry-point): this description, and the
 * problem types' pages. The root and each resource's routes come from the declaration.
 */
export function metaRoutes(api: () => CompiledApi): RouteSpec[] {
  return [
    {
      path: '/openapi.json',
      public: true,
      cache: 'public',
      kind: 'meta',
      docs: {
        GET: () => ({
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI description',
          tag: 'Root',
          answers: [{ status: 200, schema: schemaRef('OpenApiDocument') }],
          problems: [],
        }),
      },
      methods: {
        // The description is generated from the declaration (and cached per base).
        GET: (ctx) => openApiResponse(api(), ctx.runtime.baseHref),
      },
    },
    {
      path: '/asyncapi.json',
      public: true,
      cache: 'public',
      kind: 'meta',
      docs: {
        GET: () => ({
          operationId: 'getAsyncApiDocument',
          summary:
            'The AsyncAPI 3.0 description of the state events: the stream, the WebSocket and the webhooks',
          tag: 'Root',
          answers: [{ status: 200, schema: { type: 'object' } }],
          problems: [],
        }),
      },
      methods: {
        GET: (ctx) =>
          asyncApiResponse(api(), ctx.runtime.baseHref, ctx.url.origin),
      },
    },
    {
      path: '/problems',
      public: true,
      cache: 'public',
      kind: 'meta',
      docs: {
        GET: () => ({
          operationId: 'listProblemTypes',
          summary: 'Every problem type, as an HTML page',
          tag: 'Problems',
          answers: [{ status: 200, html: true }],
          problems: [],
        }),
      },
      methods: { GET: problemIndex },
    },
    {
      path: '/problems/:slug',
      public: true,
      cache: 'public',
      kind: 'meta',
      docs: {
        GET: () => ({
          operationId: 'getProblemType',
          summary: 'One problem type, as an HTML page',
          tag: 'Problems',
          answers: [{ status: 200, html: true }],
          problems: ['not-found'],
        }),
      },
      methods: { GET: problemDoc },
    },
    eventStreamRoute(),
  ]
}
