import { problemCatalogue, type ProblemSlug } from '../problems/catalogue.ts'
import type { HandlerRuntime } from '../ports/handler-runtime.ts'
import type { RouteSpec } from '../route-spec.ts'
import type { OpenApiDocument } from './build-openapi-document.ts'
import {
  controlOperationDocs,
  type ControlOperationDoc,
} from './control-operations.ts'
import { schemaRef } from './schema-names.ts'

/** What any control route may answer: a request from a page of another site. */
const everyRoute: readonly ProblemSlug[] = ['origin-not-allowed']
/** What a route that reads a JSON body may answer besides its own. */
const withBody: readonly ProblemSlug[] = [
  'invalid-json',
  'content-too-large',
  'unsupported-media-type',
]

const problem = {
  type: 'object',
  description:
    'An RFC 9457 problem document; `type` ends in `/problems/<slug>`, and the API serves that page.',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', format: 'uri-reference' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    instance: { type: 'string' },
  },
  additionalProperties: true,
}

/** The problem answers of an operation, one per status, naming each type it may be. */
function problemResponses(doc: ControlOperationDoc) {
  const slugs = [
    ...everyRoute,
    ...(doc.body ? withBody : []),
    ...(doc.problems ?? []),
  ]
  const byStatus = new Map<number, ProblemSlug[]>()
  for (const slug of new Set(slugs)) {
    const { status } = problemCatalogue[slug]
    byStatus.set(status, [...(byStatus.get(status) ?? []), slug])
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, types]) => [
        String(status),
        {
          description: types
            .map((slug) => `${problemCatalogue[slug].title} (\`${slug}\`)`)
            .join('; '),
          content: {
            'application/problem+json': { schema: schemaRef('Problem') },
          },
        },
      ]),
  )
}

function operation(doc: ControlOperationDoc, path: string) {
  const { success } = doc
  const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  return {
    operationId: doc.operationId,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description !== undefined && { description: doc.description }),
    ...(parameters.length > 0 && { parameters }),
    ...(doc.body && {
      requestBody: {
        required: doc.body.required,
        content: { 'application/json': { schema: doc.body.schema } },
      },
    }),
    responses: {
      [String(success.status)]: {
        description: success.description,
        ...(doc.headers && {
          headers: Object.fromEntries(
            Object.entries(doc.headers).map(([name, description]) => [
              name,
              { description, schema: { type: 'string' } },
            ]),
          ),
        }),
        ...(success.schema && {
          content: { 'application/json': { schema: success.schema } },
        }),
      },
      ...problemResponses(doc),
    },
  }
}

/**
 * The OpenAPI 3.1 description of the control API, from its route table: every path and method the
 * mock answers under `controlPath`, each with what `controlOperationDocs` says of it. A route or
 * method without an entry there is an error, so the description cannot leave one out.
 */
export function buildControlApiDocument<R extends HandlerRuntime>(
  routes: readonly RouteSpec<R>[],
  controlPath: string,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  const missing: string[] = []
  for (const route of routes) {
    const path = `${controlPath}${route.path}`.replace(/:(\w+)/g, '{$1}')
    for (const method of Object.keys(route.methods)) {
      const doc = controlOperationDocs()[`${method} ${route.path}`]
      if (!doc) {
        missing.push(`${method} ${route.path}`)
        continue
      }
      paths[path] = {
        ...paths[path],
        [method.toLowerCase()]: operation(doc, path),
      }
    }
  }
  if (missing.length > 0)
    throw new Error(
      `Failed to describe the control API: ${missing.join(', ')} has no entry in controlOperationDocs (src/mock-server/openapi/control-operations.ts).`,
    )
  return {
    openapi: '3.1.1',
    info: {
      title: 'hypermock control API',
      version: '1.0.0',
      summary:
        "The mock's own routes: state, faults, journal, settings and clock",
      description: `Public (no credential), never rate limited, outside the API's base. The standalone server answers them on loopback origins only, and never to a cross-site request. Every answer is \`Cache-Control: no-store\`. The same operations exist in-process on the \`MockApi\` handle.`,
    },
    servers: [{ url: '/', description: 'The origin the mock answers on' }],
    tags: [
      { name: 'State', description: 'The rows: snapshot, restore, reset.' },
      {
        name: 'Settings',
        description: 'Rate limit, idempotency keys, latency, seed.',
      },
      {
        name: 'Faults',
        description: 'Injected failures for the next matching requests.',
      },
      {
        name: 'Journal',
        description: 'What the mock answered, and as operations.',
      },
      { name: 'Clock', description: "The mock's time." },
      {
        name: 'Webhooks',
        description:
          'Endpoints the state events are POSTed to, signed, and their deliveries.',
      },
      { name: 'Meta', description: 'The declaration and this description.' },
    ],
    paths,
    components: { schemas: { Problem: problem } },
  }
}
