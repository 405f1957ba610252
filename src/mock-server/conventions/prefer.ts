/**
 * `Prefer: return=minimal | representation` (RFC 7240) on the writes whose answer is the
 * record: create, replace, merge or JSON patch, and state actions. Stated once here: how the header
 * is read, what a minimal answer is, and the words the description uses. `stages/prefer.ts` applies
 * it around the operation and its idempotency replay, so a replay is shaped by the replaying
 * request's own `Prefer`.
 *
 * - `return=minimal`: a create keeps its 201 with `Location` and `ETag` and sends no body; an
 *   update (200 with the record) becomes 204 No Content with its `ETag`.
 * - `return=representation`: the record, as without `Prefer`.
 * - Either way, when honoured: `Preference-Applied: return=…` (RFC 7240). Every success of such
 *   a write carries `Vary: Prefer`, since its shape depends on the header.
 * - Unknown preferences, and `return` with another value, are ignored (RFC 7240); a repeated
 *   `return` counts once, the first.
 */
import type { ApiModel } from '../model/compiled-api.ts'
import type { Answer, EndpointDoc } from './endpoint-doc.ts'
import { responseOf } from '../http-response.ts'
import { draftOf, headerOf, recordName, setHeaders } from '../response-draft.ts'

export type ReturnPreference = 'minimal' | 'representation'

/** Preferences read from one request: the rest of a longer header is ignored, as unknown ones are. */
const PREFERENCES_READ = 32

/** A `word` of RFC 7240's grammar: a token, or a quoted string without its quotes. */
function unquote(word: string): string {
  const w = word.trim()
  return w.length >= 2 && w.startsWith('"') && w.endsWith('"')
    ? w.slice(1, -1).replace(/\\(.)/g, '$1')
    : w
}

/**
 * The `return` preference a request states, or undefined when it states none this mock knows.
 * Several `Prefer` fields arrive joined with commas, as one list.
 */
export function returnPreference(
  header: string | null | undefined,
): ReturnPreference | undefined {
  if (!header) return undefined
  // Commas inside quoted strings are rare in practice and never part of `return`'s values.
  const preferences = header.split(',', PREFERENCES_READ)
  for (const preference of preferences) {
    const [head = ''] = preference.split(';', 1)
    const at = head.indexOf('=')
    const name = (at < 0 ? head : head.slice(0, at)).trim().toLowerCase()
    if (name !== 'return') continue
    // Only the first instance of a preference counts (RFC 7240).
    const value = at < 0 ? '' : unquote(head.slice(at + 1)).toLowerCase()
    return value === 'minimal' || value === 'representation' ? value : undefined
  }
  return undefined
}

/** Whether the API honours `Prefer` (the declaration's `prefer`, on unless it says `false`). */
export const prefersHonoured = (api: Pick<ApiModel, 'declaration'>) =>
  api.declaration.prefer !== false

/** The request header that names the preference, and the answer's headers about it. */
export const PREFER = 'Prefer'
export const PREFERENCE_APPLIED = 'Preference-Applied'

/** `Vary` with `Prefer` added to what it lists. */
function varyWithPrefer(vary: string | null) {
  if (vary === null || vary.trim() === '') return PREFER
  const names = vary.split(',').map((n) => n.trim().toLowerCase())
  return names.includes('prefer') || names.includes('*')
    ? vary
    : `${vary}, ${PREFER}`
}

/** A response's headers as a plain record (its draft's where it has one). */
function headerRecord(response: Response): Record<string, string> {
  const draft = draftOf(response)
  if (draft !== undefined) return { ...draft.headers }
  const record: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    record[name] = value
  })
  return record
}

/** Whether the answer carries a body: a representation to keep or leave out. */
function hasBody(response: Response) {
  if (response.status === 204) return false
  const draft = draftOf(response)
  return draft !== undefined ? draft.body !== null : response.body !== null
}

/**
 * A write's success answer as `preference` asks: minimal (a 201 kept with no body, a 200 made
 * 204), or the representation. `Preference-Applied` only where the answer is what was asked;
 * `Vary: Prefer` on every success. Problems and other statuses pass unchanged.
 */
export function answerAsPreferred(
  response: Response,
  preference: ReturnPreference | undefined,
): Response {
  const { status } = response
  if (status < 200 || status >= 300) return response
  const added: Record<string, string> = {
    Vary: varyWithPrefer(headerOf(response, 'Vary')),
  }
  if (preference === 'minimal') {
    added[PREFERENCE_APPLIED] = 'return=minimal'
    if (!hasBody(response) || (status !== 200 && status !== 201)) {
      setHeaders(response, added)
      return response
    }
    const headers = headerRecord(response)
    for (const name of ['Content-Type', 'Content-Length', 'Vary']) {
      const key = recordName(headers, name)
      if (key !== undefined) delete headers[key]
    }
    return responseOf(null, status === 201 ? 201 : 204, {
      ...headers,
      ...added,
    })
  }
  // A representation is honoured where the answer has one (a 204 declared for replace has none).
  if (preference === 'representation' && hasBody(response))
    added[PREFERENCE_APPLIED] = 'return=representation'
  setHeaders(response, added)
  return response
}

/** How the description words the preference, on a write that honours it. */
export const PREFER_PARAMETER = {
  name: PREFER,
  in: 'header',
  description:
    'RFC 7240: `return=minimal` answers a success without the record (a create: 201 with `Location` and `ETag`, no body; an update or action: 204 with `ETag`); `return=representation` answers the record, as without the header. `Preference-Applied` says which was honoured. Other preferences are ignored. A replayed `Idempotency-Key` answers its stored result shaped by the replaying request’s own `Prefer`.',
  required: false,
  schema: { type: 'string', maxLength: 1024 },
  examples: {
    minimal: { value: 'return=minimal' },
    representation: { value: 'return=representation' },
  },
} as const

/** The preference a request states, read from its `Prefer` fields. */
export const requestPreference = (request: Request) =>
  returnPreference(request.headers.get(PREFER))

/**
 * A write's piece of the description where the API honours `Prefer`: the header among its
 * parameters, and 204 (with the ETag) beside a 200 that carries the record.
 */
export function describePrefer(
  api: Pick<ApiModel, 'declaration'>,
  answers: Answer[],
): Pick<EndpointDoc, 'answers' | 'prefer'> {
  if (!prefersHonoured(api)) return { answers }
  const minimal =
    answers.some((a) => a.status === 200) &&
    !answers.some((a) => a.status === 204)
  return {
    answers: minimal ? [...answers, { status: 204, etag: true }] : answers,
    prefer: true,
  }
}
