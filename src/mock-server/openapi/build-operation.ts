import type { CompiledApi } from '../declare/compile-api.ts'
import { PROBLEM_CONTENT_TYPE } from '../problems/problem-response.ts'
import type { Method, RouteSpec } from '../route-spec.ts'
import type { Answer, OperationDoc } from './describe-route.ts'
import type { HeaderName } from './headers.ts'
import { collectionParameters, type Parameter } from './parameters.ts'
import { problemSchemaName, schemaRef } from './schema-names.ts'

export type DocMethod = Method | 'HEAD' | 'OPTIONS'

const headerRef = (name: HeaderName) => ({
  $ref: `#/components/headers/${name}`,
})
const parameterRef = (name: string) => ({
  $ref: `#/components/parameters/${name}`,
})

/** Faults stand for the network and the gateway: any request may meet one (contract section 9). */
const FAULT_PROBLEMS = [
  'rate-limited',
  'internal-error',
  'bad-gateway',
  'service-unavailable',
  'gateway-timeout',
]
const FAULT_STATUSES = new Set([429, 500, 502, 503, 504])
const BODY_METHODS = new Set<DocMethod>(['POST', 'PUT', 'PATCH', 'DELETE'])
const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
}

interface ResponseDraft {
  answer?: Answer
  slugs: string[]
}

export interface BuildContext {
  api: CompiledApi
  route: RouteSpec
  method: DocMethod
  /**
   * What the operation does: the GET's for HEAD; `'options'` for OPTIONS, `'not-allowed'` for a
   * method the path lacks (405 with `Allow`).
   */
  doc: OperationDoc | 'options' | 'not-allowed'
  pathId: string
}

const isRead = (method: DocMethod) => method === 'GET' || method === 'HEAD'

/** The pipeline's checks (contract section 5) that apply to this route and method, as problem types. */
function pipelineProblems({ route, method, doc }: BuildContext): string[] {
  const slugs = [...FAULT_PROBLEMS]
  if (doc === 'not-allowed') return ['method-not-allowed', ...slugs]
  if (doc === 'options') return slugs
  if (!route.public) slugs.push('unauthenticated', 'forbidden')
  if (BODY_METHODS.has(method))
    slugs.push('content-too-large', 'unsupported-media-type', 'invalid-json')
  if (route.load) slugs.push('not-found')
  if (method === 'POST') {
    slugs.push(
      'invalid-idempotency-key',
      'idempotency-key-in-use',
      'idempotency-key-reused',
      'limit-exceeded',
    )
    if (route.strictKey) slugs.push('idempotency-key-missing')
  }
  if (doc.collection) slugs.push('invalid-query')
  if (doc.ifMatch) slugs.push('precondition-failed')
  slugs.push(...doc.problems)
  return slugs
}

function parametersOf(ctx: BuildContext) {
  const { route, method, doc, api } = ctx
  const parameters: unknown[] = []
  const item = typeof doc === 'object' ? doc.pathItem : undefined
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    const name = match[1]!
    const slug = name === 'slug'
    const idKind = item?.resource.idKind ?? 'integer'
    parameters.push({
      name,
      in: 'path',
      required: true,
      description: slug
        ? 'A problem type.'
        : `The id of the ${item?.resource.singular ?? 'item'}.`,
      schema: slug
        ? { type: 'string', enum: [...api.problems.keys()] }
        : idKind === 'integer'
          ? { type: 'integer', minimum: 1 }
          : idKind === 'uuid'
            ? { type: 'string', format: 'uuid' }
            : { type: 'string', minLength: 1, maxLength: 200 },
      ...((slug || item?.example !== undefined) && {
        example: slug ? 'not-found' : item?.example,
      }),
    } satisfies Parameter)
  }
  if (typeof doc !== 'object') return parameters
  if (doc.collection) {
    parameters.push(parameterRef('Page'), parameterRef('PerPage'))
    parameters.push(
      ...collectionParameters(doc.collection.filters, doc.collection.sortable),
    )
  }
  if (doc.ifNoneMatch && isRead(method))
    parameters.push(parameterRef('IfNoneMatch'))
  if (doc.ifMatch) parameters.push(parameterRef('IfMatch'))
  if (method === 'POST') parameters.push(parameterRef('IdempotencyKey'))
  return parameters
}

function cacheControl(ctx: BuildContext, status: number): HeaderName {
  if (isRead(ctx.method) && (status === 200 || status === 304))
    return ctx.route.public ? 'Cache-Control-Public' : 'Cache-Control-Private'
  return 'Cache-Control-No-Store'
}

function headersOf(ctx: BuildContext, status: number, draft: ResponseDraft) {
  const { route, method, doc, api } = ctx
  const headers: Record<string, unknown> = {
    'Cache-Control': headerRef(cacheControl(ctx, status)),
  }
  const add = (name: HeaderName, as: string = name) => {
    headers[as] = headerRef(name)
  }
  const operation = typeof doc === 'object'
  const answer = draft.answer
  // Reads of a caller's data always vary by credential; any answer to an allowed cross-origin
  // caller varies by `Origin` (the standalone server's CORS adds it).
  if (operation && isRead(method) && !route.public && status < 400)
    add('Vary-Authorization', 'Vary')
  else add('Vary')
  if (
    (operation && !route.public && status !== 401 && status !== 304) ||
    status === 429
  ) {
    add('RateLimit')
    add('RateLimit-Policy')
  }
  if (FAULT_STATUSES.has(status) || (method === 'POST' && status === 409))
    add('Retry-After')
  if (status === 401 || status === 403) add('WWW-Authenticate')
  const etagged = operation && doc.answers.some((a) => a.etag)
  if ((answer?.etag ?? false) || (status === 304 && etagged)) add('ETag')
  if (answer?.location) add('Location')
  if (answer?.page) add('Link')
  const stored = draft.slugs.some((s) => api.problems.get(s)?.stored)
  if (operation && method === 'POST' && (status < 400 || stored))
    add('Idempotent-Replayed')
  if (status === 415) add(method === 'POST' ? 'Accept-Post' : 'Accept')
  if ((doc === 'options' && status === 204) || status === 405) add('Allow')
  return headers
}

function contentOf(answer: Answer, method: DocMethod) {
  if (method === 'HEAD') return undefined
  if (answer.html) return { 'text/html': { schema: { type: 'string' } } }
  if (answer.schema) return { 'application/json': { schema: answer.schema } }
  return undefined
}

function responsesOf(ctx: BuildContext) {
  const drafts = new Map<number, ResponseDraft>()
  const at = (status: number) => {
    let draft = drafts.get(status)
    if (!draft) drafts.set(status, (draft = { slugs: [] }))
    return draft
  }
  const { doc, method } = ctx
  if (doc === 'options') at(204).answer = { status: 204 }
  if (typeof doc === 'object') {
    for (const answer of doc.answers) at(answer.status).answer = answer
    if (doc.ifNoneMatch && isRead(method)) at(304).answer = { status: 304 }
  }
  for (const slug of pipelineProblems(ctx)) {
    const draft = at(ctx.api.problems.get(slug)!.status)
    if (!draft.slugs.includes(slug)) draft.slugs.push(slug)
  }
  const responses: Record<string, unknown> = {}
  for (const [code, draft] of [...drafts].sort(([a], [b]) => a - b)) {
    const refs = draft.slugs.map((slug) => schemaRef(problemSchemaName(slug)))
    const content = draft.answer
      ? contentOf(draft.answer, method)
      : refs.length === 0 || method === 'HEAD'
        ? undefined
        : {
            [PROBLEM_CONTENT_TYPE]: {
              schema: refs.length === 1 ? refs[0] : { oneOf: refs },
            },
          }
    const description = draft.answer
      ? (REASONS[code] ?? 'Success')
      : draft.slugs
          .map((slug) => `\`${slug}\`: ${ctx.api.problems.get(slug)!.title}`)
          .join('; ')
    responses[code] = {
      description,
      headers: headersOf(ctx, code, draft),
      ...(content && { content }),
    }
  }
  return responses
}

const capitalise = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/** One OpenAPI operation object: the route's facts, the pipeline's checks, the declaration's words. */
export function buildOperation(ctx: BuildContext) {
  const { doc, method, route, pathId } = ctx
  const operation: Record<string, unknown> = {}
  if (doc === 'options') {
    operation.operationId = `options${pathId}`
    operation.summary = 'The methods this resource supports'
    operation.tags = ['Meta']
  } else if (doc === 'not-allowed') {
    operation.operationId = `${method.toLowerCase()}${pathId}NotAllowed`
    operation.summary = `${method} is not supported here: 405 with \`Allow\``
    operation.tags = ['Meta']
    // Lets a reference or a client generator tell these from the operations the API serves.
    operation['x-hypermock-not-allowed'] = true
  } else {
    operation.operationId =
      method === 'HEAD' ? `head${capitalise(doc.operationId)}` : doc.operationId
    operation.summary =
      method === 'HEAD' ? `${doc.summary} (headers only)` : doc.summary
    if (doc.description !== undefined) operation.description = doc.description
    operation.tags = [doc.tag]
  }
  const parameters = parametersOf(ctx)
  if (parameters.length > 0) operation.parameters = parameters
  if (typeof doc === 'object' && doc.body && method !== 'HEAD')
    operation.requestBody = {
      required: doc.body.required,
      content: { 'application/json': { schema: schemaRef(doc.body.schema) } },
    }
  operation.responses = responsesOf(ctx)
  // OPTIONS and 405 are answered before the credential is looked at.
  if (route.public || typeof doc !== 'object') operation.security = []
  return operation
}
