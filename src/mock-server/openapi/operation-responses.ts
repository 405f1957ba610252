import { PROBLEM_CONTENT_TYPE } from '../problems/problem-response.ts'
import type { BuildContext, DocMethod } from './build-operation.ts'
import type { Answer } from './describe-route.ts'
import type { HeaderName } from './headers.ts'
import { problemSchemaName, schemaRef } from './schema-names.ts'

const headerRef = (name: HeaderName) => ({
  $ref: `#/components/headers/${name}`,
})

/** Faults stand for the network and the gateway: any request may meet one (concepts/problems.md#faults). */
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

export const isRead = (method: DocMethod) =>
  method === 'GET' || method === 'HEAD'

/** The pipeline's checks (concepts/problems.md#order-of-checks) that apply to this route and method, as problem types. */
function pipelineProblems(ctx: BuildContext): string[] {
  const { route, method, doc } = ctx
  const slugs = [...FAULT_PROBLEMS]
  if (doc === 'not-allowed') return ['method-not-allowed', ...slugs]
  if (doc === 'options') return slugs
  // An API declared with `auth: false` lets every request in.
  if (!route.public && ctx.api.declaration.auth !== false)
    slugs.push('unauthenticated', 'forbidden')
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

/** Every status the operation may answer, with its headers and its body (success or problems). */
export function responsesOf(ctx: BuildContext) {
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
