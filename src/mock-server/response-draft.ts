/**
 * A response's parts as the mock built it: its text, status and plain header record. Kept only where
 * the global `Response` is not the platform's own, i.e. behind a server adapter that replaced it with
 * a lighter one (@hono/node-server does): there, reading `response.headers` or cloning the response
 * builds the full object the adapter's fast path avoids, so the last touches (caching headers, the
 * journal's `Retry-After`) read and amend the parts instead, and the answer is built once from them.
 * On the platform's own `Response` (msw, `fetch()` callers) there is no draft: its headers are
 * already built, and amending them in place is the cheaper way.
 */
export interface ResponseDraft {
  readonly body: string | null
  readonly status: number
  /**
   * The record the response was built with, never changed in place (a handler may pass a shared
   * one): `setHeaders` puts an amended copy here, and `finalizeResponse` builds the answer from it.
   */
  headers: Readonly<Record<string, string>>
}

const NativeResponse = globalThis.Response
const DRAFT = Symbol('hypermock.draft')

type Drafted = Response & { [DRAFT]?: ResponseDraft | undefined }

let lighter: typeof Response | undefined
let Drafting: typeof Response | undefined

/**
 * The lighter `Response` standing in for the platform's own, with one change: reading a response's
 * `headers` ends its draft. Whoever reads them may change them (a handler's
 * `answer.headers.set(...)`), so the answer is then finalized from its headers, not from the draft.
 * Undefined where the global `Response` is the platform's own.
 */
function draftingResponse(): typeof Response | undefined {
  const current = globalThis.Response
  if (current === NativeResponse) return undefined
  if (current !== lighter) {
    lighter = current
    Drafting = class DraftedResponse extends current {
      override get headers() {
        ;(this as Drafted)[DRAFT] = undefined
        return super.headers
      }
    }
  }
  return Drafting
}

/**
 * A response of these parts, which keeps them as its draft where a lighter `Response` stands in for
 * the platform's own (the draft is the init too: one object where a response and its draft would
 * take two).
 */
export function draftedResponse(draft: ResponseDraft): Response {
  const Drafting = draftingResponse()
  if (Drafting === undefined) return new Response(draft.body, draft)
  const response: Drafted = new Drafting(draft.body, draft)
  response[DRAFT] = draft
  return response
}

export function draftOf(response: Response): ResponseDraft | undefined {
  return (response as Drafted)[DRAFT]
}

/**
 * Whether two header names are the same in any case, without a lower-cased copy of either: header
 * names are tokens, and of a token's characters only the letters have a case.
 */
export function sameName(a: string, b: string) {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    const folded = x | 0x20
    if (folded !== (y | 0x20) || folded < 97 || folded > 122) return false
  }
  return true
}

/** The name as the record spells it (header names are case-insensitive), or undefined. */
export function recordName(record: Record<string, string>, name: string) {
  // Spelled as asked (the mock's own records always are): found without a scan.
  if (Object.hasOwn(record, name)) return name
  for (const key in record) if (sameName(key, name)) return key
  return undefined
}

/** One header of the answer, read without building the full response where it has a draft. */
export function headerOf(response: Response, name: string): string | null {
  const draft = draftOf(response)
  if (draft === undefined) return response.headers.get(name)
  const key = recordName(draft.headers, name)
  return key === undefined ? null : draft.headers[key]!
}

/** The record with these headers set, each replacing any of the same name (as `Headers.set`). */
export function withHeaders(
  record: Readonly<Record<string, string>>,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  const merged: Record<string, string> = {}
  for (const key in record)
    if (recordName(headers, key) === undefined) merged[key] = record[key]!
  return Object.assign(merged, headers)
}

/**
 * Sets headers on an answer that `finalizeResponse` will see, replacing any of the same name. A
 * drafted one gets them in its draft, which the final answer is built from.
 */
export function setHeaders(
  response: Response,
  headers: Readonly<Record<string, string>>,
) {
  const draft = draftOf(response)
  if (draft !== undefined) draft.headers = withHeaders(draft.headers, headers)
  else for (const name in headers) response.headers.set(name, headers[name]!)
}
