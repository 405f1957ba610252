import type { Credential } from '../../services/declared-credentials.ts'
import type {
  OutgoingRequest,
  SendMode,
} from '../../components/send-request.ts'
import { MERGE_PATCH, mediaTypes } from '../../../common/media-types.ts'

export const methods = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
] as const

/** What the Prefer control sends on a write (RFC 7240): nothing, or a `return` preference. */
export const preferences = [
  '',
  'return=minimal',
  'return=representation',
] as const
export type PreferChoice = (typeof preferences)[number]

export const isPreferChoice = (value: unknown): value is PreferChoice =>
  preferences.includes(value as PreferChoice)

/** The methods whose answer `Prefer: return=…` shapes: the writes that answer the record. */
export const PREFERRING = new Set(['POST', 'PUT', 'PATCH'])

export interface HeaderRow {
  id: number
  name: string
  value: string
}

/** Everything the console's form holds. */
export interface ConsoleDraft {
  method: string
  path: string
  authorization: string
  idempotencyKey: string
  ifMatch: string
  ifNoneMatch: string
  contentType: string
  /** `Prefer` on a write; empty sends none. */
  prefer: PreferChoice
  custom: HeaderRow[]
  body: string
  mode: SendMode
}

/** Headers with a field of their own; any other `header` parameter becomes a custom row. */
const named = {
  authorization: 'Authorization',
  'idempotency-key': 'Idempotency-Key',
  'if-match': 'If-Match',
  'if-none-match': 'If-None-Match',
  'content-type': 'Content-Type',
} as const

export const BODYLESS = new Set(['GET', 'HEAD'])

const JSON_TYPE = mediaTypes.json
/** What a PATCH body is sent as: a JSON Merge Patch (RFC 7396). */
export { MERGE_PATCH }

/**
 * The draft with another method: a PATCH is sent as a merge patch, anything else as JSON, unless
 * the user typed a Content-Type of their own.
 */
export function withMethod(draft: ConsoleDraft, method: string): ConsoleDraft {
  const defaulted =
    draft.contentType === JSON_TYPE || draft.contentType === MERGE_PATCH
  return {
    ...draft,
    method,
    contentType: defaulted
      ? method === 'PATCH'
        ? MERGE_PATCH
        : JSON_TYPE
      : draft.contentType,
  }
}

/** The picked credential as its `Authorization` header: Bearer, unless the API's scheme says otherwise. */
export function credentialPreset(
  token: string | null,
  credentials: readonly Credential[] = [],
) {
  if (token === null) return ''
  return (
    credentials.find((c) => c.token === token)?.authorization ??
    `Bearer ${token}`
  )
}

/**
 * The console prefilled from its URL, so the guide and the explorer can link into it:
 * `?view=console&method=POST&path=/api/payments&body={...}&header=If-Match: "x"&mode=raw`
 * (`header` repeats, or holds one header per line).
 */
export function draftFromParams(
  params: URLSearchParams,
  token: string | null,
  defaultPath = '/api/orders',
  credentials: readonly Credential[] = [],
): ConsoleDraft {
  const method = (params.get('method') ?? 'GET').toUpperCase()
  const draft: ConsoleDraft = {
    method,
    path: params.get('path') ?? defaultPath,
    authorization: credentialPreset(token, credentials),
    idempotencyKey: '',
    ifMatch: '',
    ifNoneMatch: '',
    contentType: method === 'PATCH' ? MERGE_PATCH : JSON_TYPE,
    prefer: '',
    custom: [],
    body: params.get('body') ?? '',
    mode: params.get('mode') === 'raw' ? 'raw' : 'client',
  }
  // `header` may repeat, and each may hold several lines (one header per line).
  const lines = params.getAll('header').flatMap((value) => value.split('\n'))
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    switch (name.toLowerCase()) {
      case 'authorization':
        draft.authorization = value
        break
      case 'idempotency-key':
        draft.idempotencyKey = value
        break
      case 'if-match':
        draft.ifMatch = value
        break
      case 'if-none-match':
        draft.ifNoneMatch = value
        break
      case 'content-type':
        draft.contentType = value
        break
      case 'prefer':
        if (isPreferChoice(value) && value !== '') {
          draft.prefer = value
          break
        }
        draft.custom.push({ id: draft.custom.length + 1, name, value })
        break
      default:
        draft.custom.push({ id: draft.custom.length + 1, name, value })
    }
  }
  return draft
}

/** The request the draft describes: empty fields send no header. */
export function requestOf(draft: ConsoleDraft): OutgoingRequest {
  const hasBody = !BODYLESS.has(draft.method) && draft.body !== ''
  const headers: [string, string][] = []
  const add = (name: string, value: string) => {
    if (value.trim() !== '') headers.push([name, value.trim()])
  }
  add(named.authorization, draft.authorization)
  add(named['idempotency-key'], draft.idempotencyKey)
  add(named['if-match'], draft.ifMatch)
  add(named['if-none-match'], draft.ifNoneMatch)
  if (hasBody) add(named['content-type'], draft.contentType)
  if (PREFERRING.has(draft.method)) add('Prefer', draft.prefer)
  for (const row of draft.custom) if (row.name.trim()) add(row.name, row.value)
  return {
    method: draft.method,
    path: draft.path.trim() || '/',
    headers,
    ...(hasBody && { body: draft.body }),
  }
}

/** The URL parameters that rebuild this draft (the credential stays the picker's). */
export function paramsOf(
  draft: ConsoleDraft,
  token: string | null,
  credentials: readonly Credential[] = [],
) {
  const params = new URLSearchParams({ method: draft.method, path: draft.path })
  const request = requestOf(draft)
  for (const [name, value] of request.headers ?? []) {
    if (
      name === 'Authorization' &&
      value === credentialPreset(token, credentials)
    )
      continue
    if (name === 'Content-Type' && value === 'application/json') continue
    params.append('header', `${name}: ${value}`)
  }
  if (request.body !== undefined) params.set('body', request.body)
  if (draft.mode === 'raw') params.set('mode', 'raw')
  return params
}

/** Why the body is not JSON, or null when it is (or is empty). */
export function jsonProblem(body: string): string | null {
  if (body.trim() === '') return null
  try {
    JSON.parse(body)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
