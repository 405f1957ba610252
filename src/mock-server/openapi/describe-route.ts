import type { CompiledApi } from '../declare/compile-api.ts'
import type {
  CompiledResource,
  CompiledTransition,
} from '../declare/compile-resource.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import type { AnyRecord, Id } from '../declare/types.ts'
import type { Method, RouteSpec } from '../route-spec.ts'
import { bodyOptional } from './input-schemas.ts'
import {
  camel,
  lowerFirst,
  schemaRef,
  withArticle,
  type ResourceNames,
} from './schema-names.ts'

/** One success an operation may answer with. */
export interface Answer {
  status: 200 | 201 | 204 | 304
  schema?: JsonSchema
  html?: boolean
  etag?: boolean
  location?: boolean
  /** A page of a collection: `Link` header. */
  page?: boolean
}

/** What an operation is, worked out from its route's kind and its resource's declaration. */
export interface OperationDoc {
  operationId: string
  summary: string
  description?: string
  tag: string
  answers: Answer[]
  /** The listed resource, for paging, sort and filter parameters. */
  collection?: CompiledResource
  body?: { schema: string; required: boolean }
  ifMatch?: boolean
  ifNoneMatch?: boolean
  /** Problems the operation raises itself, besides the pipeline's checks. */
  problems: string[]
  /** The resource the path's `{id}` names, and a seeded id to show it with. */
  pathItem?: { resource: CompiledResource; example: Id | undefined }
}

export interface DescribeContext {
  api: CompiledApi
  names: ReadonlyMap<string, ResourceNames>
  seed: Record<string, AnyRecord[]>
}

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

const capitalise = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1)

const states = (values: readonly unknown[]) =>
  values.map((v) => JSON.stringify(v)).join(' or ')

function resourceOf(api: CompiledApi, name: string | undefined) {
  const resource = name === undefined ? undefined : api.resources.get(name)
  if (!resource)
    throw new Error(
      `Failed to describe the API: a route names the resource "${String(name)}", which the API does not declare.`,
    )
  return resource
}

/** The schema of a record in some states: their variants where it has them, else any record. */
function inStates(
  names: ResourceNames,
  values: readonly unknown[] | undefined,
): JsonSchema {
  const refs = (values ?? [])
    .map((value) => names.states.get(value))
    .filter((name) => name !== undefined)
  if (!values || refs.length !== values.length) return schemaRef(names.item)
  return refs.length === 1
    ? schemaRef(refs[0]!)
    : { oneOf: refs.map(schemaRef) }
}

/** A seeded item to show a path with: one whose state allows the action, or a new one's state. */
function exampleId(
  ctx: DescribeContext,
  resource: CompiledResource,
  transition?: CompiledTransition,
): Id | undefined {
  const rows = ctx.seed[resource.name] ?? []
  const state = resource.state
  const wanted = (row: AnyRecord) =>
    !state ||
    (transition
      ? transition.from.includes(row[state.field])
      : row[state.field] === state.initial)
  return ((rows.find(wanted) ?? rows[0])?.id as Id | undefined) ?? undefined
}

/** Problems a hook may raise: the API's own types, and a state conflict on other records. */
function hookProblems(ctx: DescribeContext, acts: boolean) {
  const declared = [...ctx.api.problems].filter(([, p]) => p.declared)
  const stateful = [...ctx.api.resources.values()].some((r) => r.state)
  return [
    ...declared.map(([slug]) => slug),
    ...(acts && stateful ? ['state-conflict'] : []),
  ]
}

function describeItem(
  ctx: DescribeContext,
  resource: CompiledResource,
  names: ResourceNames,
  method: Method,
): Omit<OperationDoc, 'tag' | 'pathItem'> {
  const one = withArticle(resource.singular)
  const state = resource.state
  if (method === 'GET')
    return {
      operationId: camel('get', resource.singular),
      summary: `Read ${one}`,
      answers: [{ status: 200, schema: schemaRef(names.item), etag: true }],
      ifNoneMatch: true,
      problems: resource.declaration.read?.guard
        ? hookProblems(ctx, false)
        : [],
    }
  if (method === 'PUT')
    return {
      operationId: camel('replace', resource.singular),
      summary: `Replace ${one}${state?.replaceIn ? ` (while its ${state.field} is ${states(state.replaceIn)})` : ''}`,
      answers: [
        { status: 200, schema: inStates(names, state?.replaceIn), etag: true },
      ],
      body: {
        schema: names.replace,
        required: !bodyOptional(resource.replace?.input),
      },
      ifMatch: true,
      problems: [
        'validation-failed',
        ...(resource.has.version ? ['version-mismatch'] : []),
        ...(state?.replaceIn ? ['state-conflict'] : []),
      ],
    }
  const referenced = [...ctx.api.resources.values()].some((other) =>
    other.relations.some(
      (r) => r.to === resource.name && r.onDelete === 'refuse',
    ),
  )
  return {
    operationId: camel('delete', resource.singular),
    summary: `Delete ${one}${state?.deleteIn ? ` (while its ${state.field} is ${states(state.deleteIn)})` : ''}`,
    answers: [{ status: 204 }],
    ifMatch: true,
    problems: [
      ...(state?.deleteIn ? ['state-conflict'] : []),
      ...(referenced ? ['still-referenced'] : []),
    ],
  }
}

function describeAction(
  ctx: DescribeContext,
  resource: CompiledResource,
  names: ResourceNames,
  t: CompiledTransition,
): Omit<OperationDoc, 'tag' | 'pathItem'> {
  const field = resource.state!.field
  const own = inStates(names, [t.to])
  const hooks = Boolean(t.declaration.guard ?? t.declaration.run)
  // `run` may answer with a response of its own: a record of any resource, as it was, or created.
  const others = [...ctx.names.values()]
    .filter((n) => n !== names)
    .map((n) => schemaRef(n.item))
  const answers: Answer[] = t.declaration.run
    ? [
        { status: 200, schema: { anyOf: [own, ...others] }, etag: true },
        {
          status: 201,
          schema: { anyOf: [schemaRef(names.item), ...others] },
          etag: true,
          location: true,
        },
      ]
    : [{ status: 200, schema: own, etag: true }]
  return {
    operationId: camel(t.name, resource.singular),
    summary:
      t.title ?? `${capitalise(t.name)} ${withArticle(resource.singular)}`,
    description: `Follows the \`${t.name}\` link, which ${withArticle(resource.singular)} offers while its ${field} is ${states(t.from)}; its ${field} becomes ${JSON.stringify(t.to)}. From any other state: 409 \`state-conflict\`.${t.declaration.run ? ' The action may answer with a record it acted on or created.' : ''}`,
    answers,
    body: {
      schema: names.actions.get(t.name) ?? 'EmptyAction',
      required: !bodyOptional(t.input),
    },
    ifMatch: true,
    problems: [
      'validation-failed',
      'state-conflict',
      ...(hooks ? hookProblems(ctx, true) : []),
    ],
  }
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
  if (route.kind === 'nested') {
    const parent = resourceOf(api, route.parent)
    const child = resourceOf(api, route.resource)
    const rel = route.path.split('/').pop() ?? child.name
    const nested = parent.nested.find((n) => n.name === rel)
    return {
      operationId: camel('list', parent.singular, rel),
      summary:
        nested?.title ??
        `${capitalise(lowerFirst(child.title))} of ${withArticle(parent.singular)}`,
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
          status: 201,
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
