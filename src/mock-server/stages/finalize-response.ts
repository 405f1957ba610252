import { HttpResponse, responseOf } from '../http-response.ts'
import { isPlainJson, representationType } from '../representation-type.ts'
import type { RequestState } from '../request-state.ts'
import type { RouteFacts } from '../route-spec.ts'
import {
  draftOf,
  recordName,
  withHeaders,
  type ResponseDraft,
} from '../response-draft.ts'
import { isRead, type StageAnswers } from './stage-answers.ts'

function etagMatches(header: string, etag: string) {
  const weak = (tag: string) => tag.trim().replace(/^W\//, '')
  return header
    .split(',')
    .some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))
}

const CACHE_CONTROL = {
  private: 'private, no-cache',
  public: 'public, max-age=300',
  'no-store': 'no-store',
} as const

/**
 * The one place `Cache-Control` is decided (concepts/caching.md#cacheability): a successful read as its route
 * declares, everything else (errors, writes, OPTIONS, replays) `no-store`.
 */
function cachePolicy(
  read: boolean,
  spec: RouteFacts | undefined,
  status: number,
): keyof typeof CACHE_CONTROL {
  if (!read || !spec || status < 200 || status >= 300) return 'no-store'
  return spec.cache ?? 'private'
}

const cacheControl = (read: boolean, state: RequestState, status: number) =>
  CACHE_CONTROL[cachePolicy(read, state.route?.spec, status)]

/** A read of a caller's data depends on the credential it was made with. */
const variesByCredential = (
  read: boolean,
  spec: RouteFacts | undefined,
  status: number,
) => read && spec !== undefined && !spec.public && status < 400

const varies = (read: boolean, state: RequestState, status: number) =>
  state.principal !== null &&
  variesByCredential(read, state.route?.spec, status)

/**
 * A success answered as JSON on a route of a resource with a media type of its own
 * (`application/scim+json`) is typed with it; errors keep theirs.
 */
const retyped = (
  state: RequestState,
  status: number,
  contentType: string | null | undefined,
) =>
  state.route?.spec.mediaType !== undefined &&
  status >= 200 &&
  status < 300 &&
  isPlainJson(contentType)
    ? representationType(state.route.spec)
    : undefined

const CACHE_HEADER = {
  private: 'Cache-Control-Private',
  public: 'Cache-Control-Public',
  'no-store': 'Cache-Control-No-Store',
} as const

/**
 * What every answer gets here: its `Cache-Control` and `Vary` (a 304 as its 200, with the ETag),
 * by the same rules as above.
 */
export const finalizeAnswers: StageAnswers = {
  headers: ({ method, route, doc }, status) => {
    const read = isRead(method)
    const operation = typeof doc === 'object'
    const as = status === 304 ? 200 : status
    const etagged = operation && doc.answers.some((a) => a.etag)
    return [
      CACHE_HEADER[cachePolicy(read && operation, route, as)],
      operation && variesByCredential(read, route, as)
        ? 'Vary-Authorization'
        : 'Vary',
      ...(status === 304 && etagged ? (['ETag'] as const) : []),
    ]
  },
}

const fresh = (
  read: boolean,
  status: number,
  etag: string | null,
  ifNoneMatch: string | null,
) =>
  read &&
  status === 200 &&
  !!etag &&
  !!ifNoneMatch &&
  etagMatches(ifNoneMatch, etag)

/** The same rules on a response's draft: the answer is built once, from plain parts. */
function finalizeDraft(
  request: Request,
  state: RequestState,
  { body, status, headers: given }: ResponseDraft,
): Response {
  const read = request.method === 'GET' || request.method === 'HEAD'
  const amended: Record<string, string> = {
    'Cache-Control': cacheControl(read, state, status),
  }
  if (varies(read, state, status)) amended.Vary = 'Authorization'
  const typeName = recordName(given, 'Content-Type')
  const type = retyped(
    state,
    status,
    typeName === undefined ? undefined : given[typeName],
  )
  if (type !== undefined) amended[typeName!] = type
  const headers = withHeaders(given, amended)
  const etagName = recordName(headers, 'ETag')
  const etag = etagName === undefined ? null : headers[etagName]!
  if (fresh(read, status, etag, request.headers.get('if-none-match'))) {
    const kept: Record<string, string> = {}
    for (const name of ['ETag', 'Cache-Control', 'Vary']) {
      const key = recordName(headers, name)
      if (key !== undefined) kept[name] = headers[key]!
    }
    return HttpResponse.empty({ status: 304, headers: kept })
  }
  if (request.method === 'HEAD' && body !== null)
    return HttpResponse.empty({ status, headers })
  return responseOf(body, status, headers)
}

/**
 * The last word on every answer: its caching, `Vary` for reads of a caller's data, 304 for a fresh
 * `If-None-Match`, and no body for HEAD.
 */
export function finalizeResponse(
  request: Request,
  state: RequestState,
  response: Response,
): Response {
  const draft = draftOf(response)
  if (draft !== undefined) return finalizeDraft(request, state, draft)
  const headers = response.headers
  const read = request.method === 'GET' || request.method === 'HEAD'
  headers.set('Cache-Control', cacheControl(read, state, response.status))
  if (varies(read, state, response.status)) headers.set('Vary', 'Authorization')
  const type = retyped(state, response.status, headers.get('Content-Type'))
  if (type !== undefined) headers.set('Content-Type', type)
  const etag = headers.get('ETag')
  const ifNoneMatch = request.headers.get('if-none-match')
  if (fresh(read, response.status, etag, ifNoneMatch)) {
    const kept = new Headers()
    for (const name of ['ETag', 'Cache-Control', 'Vary']) {
      const value = headers.get(name)
      if (value !== null) kept.set(name, value)
    }
    return HttpResponse.empty({ status: 304, headers: kept })
  }
  if (request.method === 'HEAD' && response.body !== null) {
    return HttpResponse.empty({ status: response.status, headers })
  }
  return response
}
