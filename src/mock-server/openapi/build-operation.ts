import { requiresKey } from '../idempotency/idempotency-key.ts'
import {
  problemCatalogue,
  problemSlugs,
  type ProblemSlug,
} from '../problems/catalogue.ts'
import { PROBLEM_CONTENT_TYPE } from '../problems/problem-response.ts'
import type { Method, RouteSpec } from '../route-spec.ts'
import {
  collectionSchemaName,
  problemSchemaName,
  type JsonSchema,
} from './component-schemas.ts'
import type { HeaderName } from './headers.ts'
import type { OperationDoc } from './operations.ts'
import { collectionParameters, type Parameter } from './parameters.ts'

export type DocMethod = Method | 'HEAD' | 'OPTIONS'

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const headerRef = (name: HeaderName) => ({
  $ref: `#/components/headers/${name}`,
})
const parameterRef = (name: string) => ({
  $ref: `#/components/parameters/${name}`,
})

/** Faults stand for the network and the gateway: any request may meet one (contract section 9). */
const FAULT_PROBLEMS: readonly ProblemSlug[] = [
  'rate-limited',
  'internal-error',
  'bad-gateway',
  'service-unavailable',
  'gateway-timeout',
]
/** Problems raised after the operation ran, so their answers are stored under an idempotency key. */
const EXECUTED_PROBLEMS: readonly ProblemSlug[] = [
  'state-conflict',
  'insufficient-funds',
]
const BODY_METHODS = new Set<DocMethod>(['POST', 'PUT', 'PATCH', 'DELETE'])
const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
}

interface SuccessDraft {
  content?: Record<string, { schema: JsonSchema }>
}

interface ResponseDraft {
  success?: SuccessDraft
  slugs: ProblemSlug[]
}

export interface BuildContext {
  route: RouteSpec
  method: DocMethod
  /** The GET's doc for HEAD; null for OPTIONS. */
  doc: OperationDoc | null
  basePath: string
  /** An id each path parameter is shown with: a seeded item the first customer may read. */
  exampleId: number | undefined
}

/** The pipeline's checks (contract section 5) that apply to this route and method, as problem types. */
function pipelineProblems({
  route,
  method,
  doc,
  basePath,
}: BuildContext): ProblemSlug[] {
  const slugs = [...FAULT_PROBLEMS]
  if (method === 'OPTIONS' || !doc) return slugs
  if (!route.public) slugs.push('unauthenticated', 'forbidden')
  if (BODY_METHODS.has(method))
    slugs.push('content-too-large', 'unsupported-media-type', 'invalid-json')
  if (route.load) slugs.push('not-found')
  if (method === 'POST') {
    slugs.push(
      'invalid-idempotency-key',
      'idempotency-key-in-use',
      'idempotency-key-reused',
    )
    if (requiresKey(basePath, `${basePath}${route.path}`))
      slugs.push('idempotency-key-missing')
  }
  if ('collection' in doc.success) slugs.push('invalid-query')
  if (doc.ifMatch) slugs.push('precondition-failed')
  slugs.push(...(doc.problems ?? []))
  return slugs
}

function parametersOf({ route, method, doc, exampleId }: BuildContext) {
  const parameters: unknown[] = []
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    const name = match[1]!
    parameters.push({
      name,
      in: 'path',
      required: true,
      description: name === 'slug' ? 'A problem type.' : 'The item’s id.',
      schema:
        name === 'slug'
          ? { type: 'string', enum: [...problemSlugs] }
          : { type: 'integer', minimum: 1 },
      example: name === 'slug' ? 'not-found' : exampleId,
    } satisfies Parameter)
  }
  if (!doc || method === 'OPTIONS') return parameters
  const { success } = doc
  if ('collection' in success) {
    parameters.push(parameterRef('Page'), parameterRef('PerPage'))
    parameters.push(...collectionParameters(success.fields))
  }
  if (
    'etag' in success &&
    success.etag &&
    (method === 'GET' || method === 'HEAD')
  )
    parameters.push(parameterRef('IfNoneMatch'))
  if (doc.ifMatch) parameters.push(parameterRef('IfMatch'))
  if (method === 'POST') parameters.push(parameterRef('IdempotencyKey'))
  return parameters
}

function cacheControl(ctx: BuildContext, status: number): HeaderName {
  const read = ctx.method === 'GET' || ctx.method === 'HEAD'
  if (read && (status === 200 || status === 304))
    return ctx.route.public ? 'Cache-Control-Public' : 'Cache-Control-Private'
  return 'Cache-Control-No-Store'
}

function headersOf(ctx: BuildContext, status: number, draft: ResponseDraft) {
  const { route, method, doc } = ctx
  const headers: Record<string, unknown> = {
    'Cache-Control': headerRef(cacheControl(ctx, status)),
  }
  const add = (name: HeaderName) => {
    headers[name] = headerRef(name)
  }
  const read = method === 'GET' || method === 'HEAD'
  const success = doc?.success
  if (read && !route.public && status < 400) add('Vary')
  if (
    (!route.public &&
      status !== 401 &&
      status !== 304 &&
      method !== 'OPTIONS') ||
    status === 429
  ) {
    add('RateLimit')
    add('RateLimit-Policy')
  }
  if (
    FAULT_PROBLEMS.some((slug) => problemCatalogue[slug].status === status) ||
    (method === 'POST' && status === 409)
  )
    add('Retry-After')
  if (status === 401 || status === 403) add('WWW-Authenticate')
  if (
    success &&
    'etag' in success &&
    success.etag &&
    (status === success.status || status === 304)
  )
    add('ETag')
  if (status === 201) add('Location')
  if (success && 'collection' in success && status === 200) add('Link')
  if (
    method === 'POST' &&
    (status < 400 || draft.slugs.some((s) => EXECUTED_PROBLEMS.includes(s)))
  )
    add('Idempotent-Replayed')
  if (status === 415) add(method === 'POST' ? 'Accept-Post' : 'Accept')
  if (method === 'OPTIONS' && status === 204) add('Allow')
  return headers
}

function successOf(ctx: BuildContext): [number, SuccessDraft] {
  const { doc, method } = ctx
  if (!doc) return [204, {}]
  const s = doc.success
  const content = (type: string, schema: JsonSchema) => ({
    content: { [type]: { schema } },
  })
  if (method === 'HEAD') return [s.status, {}]
  if ('collection' in s)
    return [
      200,
      content(
        'application/json',
        schemaRef(collectionSchemaName(s.collection)),
      ),
    ]
  if ('html' in s) return [200, content('text/html', { type: 'string' })]
  if ('schema' in s)
    return [s.status, content('application/json', schemaRef(s.schema))]
  return [s.status, {}]
}

function responsesOf(ctx: BuildContext) {
  const drafts = new Map<number, ResponseDraft>()
  const at = (status: number) => {
    let draft = drafts.get(status)
    if (!draft) drafts.set(status, (draft = { slugs: [] }))
    return draft
  }
  const [status, success] = successOf(ctx)
  at(status).success = success
  const documented = ctx.doc?.success
  if (
    documented &&
    'etag' in documented &&
    documented.etag &&
    (ctx.method === 'GET' || ctx.method === 'HEAD')
  )
    at(304).success = {}
  for (const slug of pipelineProblems(ctx)) {
    const draft = at(problemCatalogue[slug].status)
    if (!draft.slugs.includes(slug)) draft.slugs.push(slug)
  }
  const responses: Record<string, unknown> = {}
  for (const [code, draft] of [...drafts].sort(([a], [b]) => a - b)) {
    const refs = draft.slugs.map((slug) => schemaRef(problemSchemaName(slug)))
    const problemContent =
      refs.length === 0 || ctx.method === 'HEAD'
        ? undefined
        : {
            [PROBLEM_CONTENT_TYPE]: {
              schema: refs.length === 1 ? refs[0] : { oneOf: refs },
            },
          }
    const description = draft.success
      ? (REASONS[code] ?? 'Success')
      : draft.slugs
          .map((slug) => `\`${slug}\`: ${problemCatalogue[slug].title}`)
          .join('; ')
    responses[code] = {
      description,
      headers: headersOf(ctx, code, draft),
      ...(draft.success?.content && { content: draft.success.content }),
      ...(problemContent && { content: problemContent }),
    }
  }
  return responses
}

const capitalize = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/** One OpenAPI operation object: the route table's facts, the pipeline's checks, the doc's words. */
export function buildOperation(ctx: BuildContext, pathId: string) {
  const { doc, method, route } = ctx
  const operation: Record<string, unknown> = {}
  if (method === 'OPTIONS') {
    operation.operationId = `options${pathId}`
    operation.summary = 'The methods this resource supports'
    operation.tags = ['Meta']
  } else if (doc) {
    operation.operationId =
      method === 'HEAD' ? `head${capitalize(doc.operationId)}` : doc.operationId
    operation.summary =
      method === 'HEAD' ? `${doc.summary} (headers only)` : doc.summary
    operation.tags = [doc.tag]
  }
  const parameters = parametersOf(ctx)
  if (parameters.length > 0) operation.parameters = parameters
  if (doc?.body && method !== 'HEAD')
    operation.requestBody = {
      required: doc.body.required,
      content: { 'application/json': { schema: schemaRef(doc.body.schema) } },
    }
  operation.responses = responsesOf(ctx)
  if (route.public || method === 'OPTIONS') operation.security = []
  return operation
}
