import { PROBLEM_CONTENT_TYPE } from '../problems/problem-response.ts'
import type { Answer, EndpointDoc } from '../conventions/endpoint-doc.ts'
import type { ApiModel } from '../model/compiled-api.ts'
import { representationType } from '../representation-type.ts'
import type { RouteSpec } from '../route-spec.ts'
import { API_STAGES, ORIGIN_ANSWERS } from '../stages/api-stages.ts'
import { finalizeAnswers } from '../stages/finalize-response.ts'
import {
  isRead,
  type AnswerContext,
  type DocMethod,
} from '../stages/stage-answers.ts'
import type { HeaderName } from './headers.ts'
import { problemSchemaName, schemaRef } from './schema-names.ts'

export interface EndpointContext {
  api: ApiModel
  route: RouteSpec
  method: DocMethod
  /**
   * What the endpoint does: the GET's for HEAD; `'options'` for OPTIONS, `'not-allowed'` for a
   * method the path lacks (405 with `Allow`).
   */
  doc: EndpointDoc | 'options' | 'not-allowed'
  pathId: string
}

const headerRef = (name: HeaderName) => ({
  $ref: `#/components/headers/${name}`,
})

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
}

/** Header components that are one variant of a field. */
const FIELD: Partial<Record<HeaderName, string>> = {
  'Cache-Control-Private': 'Cache-Control',
  'Cache-Control-Public': 'Cache-Control',
  'Cache-Control-No-Store': 'Cache-Control',
  'Vary-Authorization': 'Vary',
  'Vary-Prefer': 'Vary',
}

interface ResponseDraft {
  answer?: Answer
  slugs: string[]
}

function answerContext(ctx: EndpointContext): AnswerContext {
  const { api, route, method, doc } = ctx
  return {
    route,
    method,
    doc,
    open: api.auth.type === 'none',
    bearer: api.auth.type === 'bearer',
    requiredHeaders: api.requiredHeaders,
    stored: (slug) => api.problems.get(slug)?.stored === true,
  }
}

/** What each stage says of its answers, in the order the stages run. */
const STAGE_ANSWERS = API_STAGES.map((s) => s.answers)
const PROBLEM_SOURCES = [ORIGIN_ANSWERS, ...STAGE_ANSWERS]
const HEADER_SOURCES = [finalizeAnswers, ...STAGE_ANSWERS]

/** The problem types each stage may answer this endpoint with, in the order the stages run. */
function stageProblems(ctx: AnswerContext): string[] {
  const slugs: string[] = []
  for (const answers of PROBLEM_SOURCES) {
    slugs.push(...(answers.problems?.(ctx) ?? []))
    if (answers.ends?.(ctx)) break
  }
  return slugs
}

/** The headers an answer of this status may carry: what finalizing sets, then each stage's. */
function headersOf(ctx: AnswerContext, status: number, draft: ResponseDraft) {
  const headers: Record<string, unknown> = {}
  for (const answers of HEADER_SOURCES)
    for (const name of answers.headers?.(ctx, status, draft.slugs) ?? [])
      headers[FIELD[name] ?? name] = headerRef(name)
  return headers
}

function contentOf(answer: Answer, method: DocMethod, route: RouteSpec) {
  if (method === 'HEAD') return undefined
  if (answer.html) return { 'text/html': { schema: { type: 'string' } } }
  if (answer.eventStream)
    return { 'text/event-stream': { schema: { type: 'string' } } }
  if (answer.schema)
    return { [representationType(route)]: { schema: answer.schema } }
  return undefined
}

/** A write's success as `Prefer: return=…` shapes it (`conventions/prefer.ts`). */
function preferWords(
  doc: EndpointContext['doc'],
  code: number,
  reason: string,
) {
  if (typeof doc !== 'object' || !doc.prefer) return reason
  if (code === 201)
    return `${reason}: the record, or no body when asked \`Prefer: return=minimal\``
  if (code === 204 && doc.answers.some((a) => a.status === 200))
    return `${reason}: asked \`Prefer: return=minimal\`, the write answers without the record`
  return reason
}

/** Every status the endpoint may answer, with its headers and its body (success or problems). */
export function responsesOf(ctx: EndpointContext) {
  const drafts = new Map<number, ResponseDraft>()
  const at = (status: number) => {
    let draft = drafts.get(status)
    if (!draft) drafts.set(status, (draft = { slugs: [] }))
    return draft
  }
  const { doc, method } = ctx
  const answering = answerContext(ctx)
  if (doc === 'options') at(204).answer = { status: 204 }
  if (typeof doc === 'object') {
    for (const answer of doc.answers) at(answer.status).answer = answer
    if (doc.ifNoneMatch && isRead(method)) at(304).answer = { status: 304 }
  }
  for (const slug of stageProblems(answering)) {
    const draft = at(ctx.api.problems.get(slug)!.status)
    if (!draft.slugs.includes(slug)) draft.slugs.push(slug)
  }
  const responses: Record<string, unknown> = {}
  for (const [code, draft] of [...drafts].sort(([a], [b]) => a - b)) {
    const refs = draft.slugs.map((slug) => schemaRef(problemSchemaName(slug)))
    const content = draft.answer
      ? contentOf(draft.answer, method, ctx.route)
      : refs.length === 0 || method === 'HEAD'
        ? undefined
        : {
            [PROBLEM_CONTENT_TYPE]: {
              schema: refs.length === 1 ? refs[0] : { oneOf: refs },
            },
            // An API of its own error shape answers JSON drawn from the problem; the problem
            // document stays where its `errorBody` draws none.
            ...(ctx.api.declaration.errorBody && {
              'application/json': {
                schema: {
                  type: 'object',
                  description: `The API's own error body, drawn from the problem: ${draft.slugs.map((slug) => `\`${slug}\``).join(', ')}.`,
                },
              },
            }),
          }
    const description = draft.answer
      ? preferWords(doc, code, REASONS[code] ?? 'Success')
      : draft.slugs
          .map((slug) => `\`${slug}\`: ${ctx.api.problems.get(slug)!.title}`)
          .join('; ')
    responses[code] = {
      description,
      headers: headersOf(answering, code, draft),
      ...(content && { content }),
    }
  }
  return responses
}
