/** What a handler may set; `Cache-Control` is not among them: `finalizeResponse` decides it. */
export interface HttpResponseInit {
  status?: number | undefined
  headers?: HeadersInit | undefined
}

function withType(
  contentType: string,
  headers: HeadersInit | undefined,
): HeadersInit {
  if (headers === undefined) return { 'Content-Type': contentType }
  const merged = new Headers(headers)
  if (!merged.has('Content-Type')) merged.set('Content-Type', contentType)
  return merged
}

/**
 * Every response the mock builds, in one place (msw's `HttpResponse` is the model). Caching headers
 * are added later, once, by `stages/finalize-response.ts`.
 */
export const HttpResponse = {
  /** A JSON body; `Content-Type: application/json` unless `init.headers` names another JSON type. */
  json(body: unknown, init: HttpResponseInit = {}): Response {
    return HttpResponse.text(JSON.stringify(body), {
      status: init.status,
      headers: withType('application/json', init.headers),
    })
  },

  /** Text already serialised (a cached description, a stored replay), sent as it is. */
  text(text: string, init: HttpResponseInit = {}): Response {
    return new Response(text, {
      status: init.status ?? 200,
      headers: withType('text/plain; charset=utf-8', init.headers),
    })
  },

  html(html: string, init: HttpResponseInit = {}): Response {
    return HttpResponse.text(html, {
      status: init.status,
      headers: withType('text/html; charset=utf-8', init.headers),
    })
  },

  /** No body: 204 by default; also 304, HEAD answers and the stand-in for a dropped connection. */
  empty(init: HttpResponseInit = {}): Response {
    return new Response(null, {
      status: init.status ?? 204,
      headers: init.headers ?? {},
    })
  },
}
