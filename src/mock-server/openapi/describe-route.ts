import type { Method, RouteSpec } from '../route-spec.ts'
import { bodyOptional } from './input-schemas.ts'
import { describeAction, describeItem } from './describe-item.ts'
import {
  exampleId,
  hookProblems,
  inStates,
  resourceOf,
  type DescribeContext,
  type OperationDoc,
} from './operation-doc.ts'
import { camel, lowerFirst, schemaRef, withArticle } from './schema-names.ts'

export type { Answer, DescribeContext, OperationDoc } from './operation-doc.ts'

/** The routes every API has besides its resources: this description and the problem pages. */
const META: Record<string, Omit<OperationDoc, 'tag' | 'problems'>> = {
  '/openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI description',
    answers: [{ status: 200, schema: schemaRef('OpenApiDocument') }],
  },
  '/problems': {
    operationId: 'listProblemTypes',
    summary: 'Every problem type, as an HTML page',
    answers: [{ status: 200, html: true }],
  },
  '/problems/:slug': {
    operationId: 'getProblemType',
    summary: 'One problem type, as an HTML page',
    answers: [{ status: 200, html: true }],
  },
}

/** Describes one route and method from its kind and its resource's declaration. */
export function describeRoute(
  ctx: DescribeContext,
  route: RouteSpec,
  method: Method,
): OperationDoc {
  const { api } = ctx
  if (route.kind === 'root')
    return {
      operationId: 'getRoot',
      summary: 'The entry point: links to every collection',
      tag: 'Root',
      answers: [{ status: 200, schema: schemaRef('Root') }],
      problems: [],
    }
  if (route.kind === 'meta') {
    const meta = META[route.path]
    if (meta)
      return {
        ...meta,
        tag: route.path === '/openapi.json' ? 'Root' : 'Problems',
        problems: route.path === '/problems/:slug' ? ['not-found'] : [],
      }
  }
  if (route.operation) return describeOperation(route, method)
  if (route.kind === 'nested') {
    const parent = resourceOf(api, route.parent)
    const child = resourceOf(api, route.resource)
    const rel = route.path.split('/').pop() ?? child.name
    const nested = parent.nested.find((n) => n.name === rel)
    return {
      operationId: camel('list', parent.singular, rel),
      summary:
        nested?.title ?? `${child.title} of ${withArticle(parent.singular)}`,
      tag: parent.title,
      answers: [
        {
          status: 200,
          schema: schemaRef(ctx.names.get(child.name)!.collection),
          page: true,
        },
      ],
      collection: child,
      problems: [],
      pathItem: { resource: parent, example: exampleId(ctx, parent) },
    }
  }
  const resource = resourceOf(api, route.resource)
  const names = ctx.names.get(resource.name)!
  const tag = resource.title
  if (route.kind === 'collection' && method === 'GET')
    return {
      operationId: camel('list', resource.name),
      summary: `List ${lowerFirst(resource.title)}`,
      tag,
      answers: [
        { status: 200, schema: schemaRef(names.collection), page: true },
      ],
      collection: resource,
      problems: [],
    }
  if (route.kind === 'collection' && method === 'POST') {
    const create = resource.create!
    const d = create.declaration
    const hooks = Boolean(d.guard ?? d.prepare ?? d.run ?? d.handle)
    const initial = resource.state ? [resource.state.initial] : undefined
    return {
      operationId: camel('create', resource.singular),
      summary: `Create ${withArticle(resource.singular)}`,
      tag,
      answers: [
        {
          status: resource.status.create === 200 ? 200 : 201,
          schema: inStates(names, initial),
          etag: true,
          location: true,
        },
      ],
      body: { schema: names.create, required: !bodyOptional(create.input) },
      problems: [
        'validation-failed',
        ...(hooks ? hookProblems(ctx, true) : []),
      ],
    }
  }
  const pathItem = { resource, example: exampleId(ctx, resource) }
  if (route.kind === 'item')
    return { ...describeItem(ctx, resource, names, method), tag, pathItem }
  const transition = resource.state?.transitions.find(
    (t) => t.name === route.action,
  )
  if (route.kind === 'action' && transition)
    return {
      ...describeAction(ctx, resource, names, transition),
      tag,
      pathItem: {
        resource,
        example: exampleId(ctx, resource, transition),
      },
    }
  throw new Error(
    `Failed to describe the API: ${method} ${route.path} is a route of no kind the description knows (${String(route.kind)}). Give the route a kind.`,
  )
}

/**
 * A declared operation (`operations` of a declaration): its code decides what it answers, so the
 * description says what the declaration says of it, and any JSON for the body.
 */
function describeOperation(route: RouteSpec, method: Method): OperationDoc {
  const { summary, status = 200 } = route.operation!
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return {
    operationId: camel(method.toLowerCase(), ...words),
    summary: summary ?? `${method} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    tag: 'Operations',
    answers: [status === 204 ? { status } : { status, schema: {} }],
    problems: [],
  }
}
