import { defaultTokens } from '../auth/tokens.ts'
import type { Method, RouteSpec } from '../route-spec.ts'
import { createSeed } from '../store/seed.ts'
import { buildOperation, type DocMethod } from './build-operation.ts'
import { componentSchemas } from './component-schemas.ts'
import { responseHeaders } from './headers.ts'
import { operationDocs, type OperationDoc } from './operations.ts'
import { sharedParameters } from './parameters.ts'

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string
  info: { title: string; version: string; [member: string]: unknown }
  paths: Record<string, Record<string, unknown>>
  components: Record<string, Record<string, unknown>>
}

const tags = [
  ['Root', 'The entry point and this description.'],
  ['Orders', 'Orders, whose `_links` follow their state.'],
  ['Payments', 'Payments, idempotent with `Idempotency-Key`.'],
  ['Transfers', 'Money moved between accounts.'],
  ['Accounts', 'Accounts and their balances, in minor units.'],
  ['Customers', 'Customers and what they own.'],
  ['Problems', 'The RFC 9457 problem types, as pages for people.'],
  ['Meta', 'OPTIONS: the methods each resource supports.'],
] as const

/** `/orders/:id/payment` → `OrdersIdPayment`: a name for operations that have no doc of their own. */
function pathId(path: string) {
  const words = path.split(/[/:.]/).filter(Boolean)
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Root'
}

/** The seeded item a path's `{id}` is shown with: one the first customer can read and act on. */
function exampleIds() {
  const seed = createSeed()
  const pending = seed.orders.find((o) => o.status === 'pending')
  return {
    orders: pending?.id,
    payments: seed.payments[0]?.id,
    transfers: seed.transfers.find((t) => t.status === 'completed')?.id,
    accounts: seed.accounts[0]?.id,
    customers: seed.customers[0]?.id,
  } as Record<string, number | undefined>
}

function docFor(route: RouteSpec, method: Method): OperationDoc {
  const key = `${method} ${route.path}` as const
  const doc = Object.hasOwn(operationDocs, key) ? operationDocs[key] : undefined
  if (!doc)
    throw new Error(
      `Failed to describe the API: the route ${key} has no entry in operationDocs (src/mock-server/openapi/operations.ts). Add one.`,
    )
  return doc
}

/**
 * The OpenAPI 3.1 description of the API the route table serves under `basePath`: every route and
 * method (HEAD with each GET, OPTIONS everywhere), the problems each can answer, the headers.
 */
export function buildOpenApiDocument(
  routes: readonly RouteSpec[],
  basePath: string,
): OpenApiDocument {
  const described = new Set<string>()
  const ids = exampleIds()
  const paths: OpenApiDocument['paths'] = {}
  for (const route of routes) {
    const path = `${basePath}${route.path}`.replace(/:(\w+)/g, '{$1}')
    const item: Record<string, unknown> = {}
    const exampleId = ids[route.path.split('/')[1] ?? '']
    const methods = Object.keys(route.methods) as Method[]
    const add = (method: DocMethod, doc: OperationDoc | null) => {
      item[method.toLowerCase()] = buildOperation(
        { route, method, doc, basePath, exampleId },
        pathId(route.path),
      )
    }
    for (const method of methods) {
      const doc = docFor(route, method)
      described.add(`${method} ${route.path}`)
      add(method, doc)
      if (method === 'GET') add('HEAD', doc)
    }
    add('OPTIONS', null)
    paths[path] = item
  }
  const stale = Object.keys(operationDocs).filter((key) => !described.has(key))
  if (stale.length > 0)
    throw new Error(
      `Failed to describe the API: operationDocs describes ${stale.join(', ')}, which the route table does not serve. Remove the entries.`,
    )
  const tokens = Object.keys(defaultTokens)
    .map((token) => `\`${token}\``)
    .join(', ')
  return {
    openapi: '3.1.1',
    info: {
      title: 'hypermock',
      version: '1.0.0',
      summary: 'A mock resource-oriented JSON API',
      description: `Generated from the schemas and the route table the mock runs. Start at \`GET ${basePath}\` and follow the links. Errors are RFC 9457 problem documents; every POST honours \`Idempotency-Key\`. Seeded tokens: ${tokens}.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'The origin the mock answers on' }],
    tags: tags.map(([name, description]) => ({ name, description })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `\`Authorization: Bearer <token>\`. Seeded tokens: ${tokens}.`,
        },
      },
      schemas: componentSchemas(basePath),
      headers: responseHeaders(basePath),
      parameters: sharedParameters,
    },
  }
}
