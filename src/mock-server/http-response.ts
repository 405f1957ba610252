import { draftedResponse, sameName } from './response-draft.ts'

/** What a handler may set; `Cache-Control` is not among them: `finalizeResponse` decides it. */
export interface HttpResponseInit {
  status?: number | undefined
  headers?: HeadersInit | undefined
}

const isRecord = (headers: HeadersInit): headers is Record<string, string> =>
  !(headers instanceof Headers) && !Array.isArray(headers)

/**
 * The headers with a `Content-Type` unless they name one already, built once: a plain object stays
 * a plain object (no `Headers` in between), which the Response constructor and the standalone
 * server's fast path both take as it is.
 */
function withType(
  contentType: string,
  headers: HeadersInit | undefined,
): HeadersInit {
  if (headers === undefined) return { 'Content-Type': contentType }
  if (isRecord(headers)) {
    for (const name in headers)
      if (sameName(name, 'content-type')) return headers
    return { 'Content-Type': contentType, ...headers }
  }
  const merged = new Headers(headers)
  if (!merged.has('Content-Type')) merged.set('Content-Type', contentType)
  return merged
}

/** A response of these parts; a plain header record is kept as its draft (`response-draft.ts`). */
export function responseOf(
  body: string | null,
  status: number,
  headers: HeadersInit,
): Response {
  if (!isRecord(headers)) return new Response(body, { status, headers })
  return draftedResponse({ body, status, headers })
}

const respond = (
  body: string,
  contentType: string,
  init: HttpResponseInit,
): Response =>
  responseOf(body, init.status ?? 200, withType(contentType, init.headers))

/**
 * Every response the mock builds, in one place (msw's `HttpResponse` is the model). Caching headers
 * are added later, once, by `stages/finalize-response.ts`.
 */
export const HttpResponse = {
  /** A JSON body; `Content-Type: application/json` unless `init.headers` names another JSON type. */
  json(body: unknown, init: HttpResponseInit = {}): Response {
    return respond(JSON.stringify(body), 'application/json', init)
  },

  /** Text already serialised (a cached description, a stored replay), sent as it is. */
  text(text: string, init: HttpResponseInit = {}): Response {
    return respond(text, 'text/plain; charset=utf-8', init)
  },

  html(html: string, init: HttpResponseInit = {}): Response {
    return respond(html, 'text/html; charset=utf-8', init)
  },

  /** No body: 204 by default; also 304, HEAD answers and the stand-in for a dropped connection. */
  empty(init: HttpResponseInit = {}): Response {
    return responseOf(null, init.status ?? 204, init.headers ?? {})
  },
}
