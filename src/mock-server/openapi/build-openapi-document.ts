import { credentialHint } from '../declare/dialect-auth.ts'
import { securitySchemeOf } from './security-scheme.ts'
import { tablesDrawnUpFront } from '../declare/seed-rows.ts'
import type { CompiledApi } from '../route-spec.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import type { DescribeContext } from '../conventions/endpoint-doc.ts'
import type { Method, RouteSpec } from '../route-spec.ts'
import { describeEndpoint, type DocMethod } from './describe-endpoint.ts'
import {
  eventTypesOf,
  eventTypeSchema,
  STATE_EVENT,
  stateEventSchema,
} from './event-types.ts'
import { responseHeaders } from './headers.ts'
import { addInputs } from './input-schemas.ts'
import { sharedParameters } from './parameters.ts'
import { addProblemSchemas } from './problem-schemas.ts'
import {
  addRepresentation,
  type SchemaContext,
} from './representation-schemas.ts'
import { resourceNames } from './schema-names.ts'
import { shareResponses } from './share-responses.ts'
import { addCollection, addSharedSchemas } from './shared-schemas.ts'

/** An OpenAPI 3.1 document, as `createOpenApiDocument` and `GET <base>/openapi.json` give it. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string
  info: { title: string; version: string; [member: string]: unknown }
  paths: Record<string, Record<string, unknown>>
  components: Record<string, Record<string, unknown>>
}

/** The methods a path answers 405 to when its route lacks them (HEAD goes with GET). */
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** `/orders/:id/payment` → `OrdersIdPayment`: a name for endpoints of no resource of their own. */
function pathId(path: string) {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Root'
}

/** A base href, split into the server it lives on and the path prefix of every path. */
function splitBase(base: string) {
  const host = /^(https?:\/\/[^/]+)(.*)$/i.exec(base)
  return host
    ? { server: host[1]!, prefix: host[2]! }
    : { server: '/', prefix: base }
}

/** One path of the description: each method by the route that serves it (declared routes may
 * share a path, one method each), OPTIONS, and 405 for the others. */
function describePath(
  ctx: DescribeContext,
  routes: readonly RouteSpec[],
): Record<string, unknown> {
  const item: Record<string, unknown> = {}
  const first = routes[0]!
  const id = pathId(first.path)
  const add = (
    route: RouteSpec,
    method: DocMethod,
    doc: Parameters<typeof describeEndpoint>[0]['doc'],
  ) => {
    item[method.toLowerCase()] = describeEndpoint({
      api: ctx.api,
      route,
      method,
      doc,
      pathId: id,
    })
  }
  const servedBy = (method: Method) =>
    routes.find((route) => Object.hasOwn(route.methods, method))
  for (const method of METHODS) {
    const route = servedBy(method)
    if (!route) continue
    const describe = route.docs?.[method]
    if (!describe)
      throw new Error(
        `Failed to describe the API: ${method} ${route.path} is served by no convention that describes itself. Give the route its \`docs\`.`,
      )
    const doc = describe(ctx)
    add(route, method, doc)
    if (method === 'GET') add(route, 'HEAD', doc)
  }
  add(first, 'OPTIONS', 'options')
  for (const method of METHODS) {
    if (servedBy(method)) continue
    add(first, method, 'not-allowed')
    if (method === 'GET') add(first, 'HEAD', 'not-allowed')
  }
  return item
}

/**
 * Names derived from a declaration may meet (an action called `get` beside `getBook`, a resource
 * `book-loans` beside the nested `loans` of books); OpenAPI wants each operationId once, so a later
 * one gets a number.
 */
function uniqueOperationIds(paths: OpenApiDocument['paths']) {
  const seen = new Set<string>()
  for (const item of Object.values(paths))
    for (const operation of Object.values(item) as { operationId: string }[]) {
      let id = operation.operationId
      for (let n = 2; seen.has(id); n++) id = `${operation.operationId}${n}`
      operation.operationId = id
      seen.add(id)
    }
}

/** The headers of a Standard Webhooks delivery. */
const webhookHeaders = [
  ['webhook-id', "The event's `id`: the same on every attempt of one event."],
  ['webhook-timestamp', 'Seconds since the epoch, by the wall clock.'],
  [
    'webhook-signature',
    "`v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` with the endpoint's secret.",
  ],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}))

/**
 * `webhooks`: each state event type the API makes, as the signed POST an endpoint added at
 * `{control}/webhooks` receives; their schemas (`StateEvent`, one per type) join `schemas`.
 */
function describeWebhooks(
  api: CompiledApi,
  schemas: Record<string, JsonSchema>,
): Record<string, unknown> {
  const types = eventTypesOf(api, new Set(Object.keys(schemas)))
  if (types.length === 0) return {}
  schemas[STATE_EVENT] ??= stateEventSchema
  const webhooks: Record<string, unknown> = {}
  for (const doc of types) {
    schemas[doc.eventSchema] = eventTypeSchema(doc)
    webhooks[doc.type] = {
      post: {
        operationId: `${doc.type.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}Webhook`,
        summary: `A \`${doc.type}\` event, delivered`,
        description:
          'POSTed to each webhook endpoint whose types take it, signed by the Standard Webhooks scheme. An answer other than 2xx, or none within 15 s, is retried with the same `webhook-id`.',
        tags: ['Events'],
        parameters: webhookHeaders,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${doc.eventSchema}` },
            },
          },
        },
        responses: {
          '2XX': { description: 'Received: no retry.' },
          default: { description: 'Not received: retried on the schedule.' },
        },
      },
    }
  }
  return webhooks
}

/**
 * The OpenAPI 3.1 description of an API, generated from its declaration: every route and method
 * (HEAD with each GET, OPTIONS everywhere, 405 with `Allow` for the methods a path lacks), the
 * problems each can answer, the headers, the schemas of records, inputs and problems, examples
 * from the seed rows. `base` is where the API lives (`/api`, `''` at the root, or with a host).
 */
export function buildOpenApiDocument(
  api: CompiledApi,
  base: string,
): OpenApiDocument {
  const names = resourceNames(api)
  // Examples come from the seed rows drawn when the API was compiled. A table kept for its first
  // read (an imported description's) gives none: drawing it here would compile its validator, and
  // the document would depend on which tables requests had read.
  const seed = tablesDrawnUpFront(api.seed(1))
  const schemas: Record<string, JsonSchema> = {}
  const ctx: SchemaContext = { api, base, names, seed, schemas }
  addSharedSchemas(ctx)
  for (const resource of api.resources.values()) {
    addRepresentation(ctx, resource)
    // A table with no routes of its own is listed by the declaration's operations, not ours.
    if (resource.declaration.tableOnly === true) continue
    // A singleton is never listed, nor is a collection with `list: false`.
    if (!resource.singleton && resource.listed) addCollection(ctx, resource)
    addInputs(ctx, resource)
  }
  addProblemSchemas(ctx)
  const webhooks = describeWebhooks(api, schemas)

  const { server, prefix } = splitBase(base)
  const byPath = new Map<string, RouteSpec[]>()
  for (const route of api.routes) {
    const path = describedPath(`${prefix}${route.path}`) || '/'
    byPath.set(path, [...(byPath.get(path) ?? []), route])
  }
  const paths: OpenApiDocument['paths'] = {}
  for (const [path, routes] of byPath)
    paths[path] = describePath({ api, names, seed }, routes)
  uniqueOperationIds(paths)
  const responses = shareResponses(paths)
  const tokens = Object.keys(api.tokens ?? {})
    .map((token) => `\`${token}\``)
    .join(', ')
  const scheme = securitySchemeOf(api.auth)
  const credentials =
    scheme === null
      ? 'No credential is needed.'
      : api.tokens
        ? `Declared ${api.auth.type === 'basic' ? 'credentials (user:password)' : api.auth.type === 'apiKey' ? 'keys' : 'tokens'}: ${tokens}.`
        : `Any ${api.auth.type === 'bearer' ? 'Bearer token' : api.auth.type === 'basic' ? 'user and password' : 'key'} is let in.`
  return {
    openapi: '3.1.1',
    info: {
      title: api.name,
      version: '1.0.0',
      summary: 'A resource-oriented JSON API, mocked by hypermock',
      description: `${api.description ? `${api.description}\n\n` : ''}Generated from the declaration the mock serves. Start at \`GET ${prefix || '/'}\` and follow the links. Errors are RFC 9457 problem documents; every POST honours \`Idempotency-Key\`. ${credentials}`,
    },
    servers: [
      {
        url: server,
        description:
          server === '/'
            ? 'The origin the mock answers on'
            : 'The host the API lives on',
      },
    ],
    tags: [
      { name: 'Root', description: 'The entry point and this description.' },
      ...[...api.resources.values()].map((r) => ({
        name: r.title,
        ...(r.description !== undefined && { description: r.description }),
      })),
      ...(api.routes.some((route) => route.declared)
        ? [
            {
              name: 'Routes',
              description:
                'Routes outside the resources, each answered by its own handler.',
            },
          ]
        : []),
      {
        name: 'Problems',
        description: 'The RFC 9457 problem types, as pages for people.',
      },
      ...(Object.keys(webhooks).length > 0
        ? [
            {
              name: 'Events',
              description:
                'The state events, as webhook endpoints receive them (`{control}/webhooks`); `<base>/events` streams the same.',
            },
          ]
        : []),
      {
        name: 'Meta',
        description:
          'OPTIONS: the methods each path supports; and the methods it does not (405 with `Allow`).',
      },
    ],
    ...(scheme && { security: [{ [scheme.name]: [] }] }),
    paths,
    ...(Object.keys(webhooks).length > 0 && { webhooks }),
    components: {
      ...(scheme && {
        securitySchemes: {
          [scheme.name]: {
            ...scheme.scheme,
            description: `\`${credentialHint(api.auth)}\`. ${credentials}`,
          },
        },
      }),
      schemas,
      responses,
      headers: responseHeaders(api, base),
      parameters: sharedParameters,
    },
  }
}

/**
 * A route's path as a description writes it: `/orders/:id` → `/orders/{id}`, a parameter with its
 * suffix (`/posts/:id{[^/]+\\.json}`, a resource's `suffix`) → `/posts/{id}.json`.
 */
export function describedPath(path: string) {
  return path
    .replace(
      /:(\w+)\{\[\^\/\]\+((?:\\\.[\w-]+)+)\}/g,
      (_, name: string, suffix: string) =>
        `{${name}}${suffix.replaceAll('\\', '')}`,
    )
    .replace(/:(\w+)/g, '{$1}')
}
