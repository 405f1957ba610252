import { isLink, type Link } from './hypermedia.ts'
import type { NormalizedClientOptions } from './normalize-options.ts'

/** Where a request goes: an href (resolved against `baseUrl`), a URL, a Request, or a link object. */
export type RequestTarget = string | URL | Request | Link

/** `RequestInit` plus the client's own members. */
export interface ClientRequestInit extends RequestInit {
  /** Sent as a JSON body with `Content-Type: application/json`. Exclusive with `body`. */
  readonly json?: unknown
  /**
   * The operation's idempotency key. A POST gets a fresh one by default, reused on every retry; an
   * `Idempotency-Key` header set by the caller wins. `false` sends the POST keyless: then it is
   * retried on 429 only, since a 5xx or a lost connection may mean it already ran.
   */
  readonly idempotencyKey?: string | false
}

export interface BuiltRequest {
  /** Cloned for each attempt, so every attempt sends the same body and the same key. */
  readonly template: Request
  readonly method: string
  readonly idempotencyKey: string | null
  readonly keyless: boolean
  readonly signal: AbortSignal | undefined
}

function idempotencyKeyFor(
  method: string,
  headers: Headers,
  init: ClientRequestInit,
  options: NormalizedClientOptions,
) {
  const fromHeader = headers.get('Idempotency-Key')
  const { idempotencyKey } = init
  if (method !== 'POST')
    return (
      fromHeader ?? (typeof idempotencyKey === 'string' ? idempotencyKey : null)
    )
  if (idempotencyKey !== false)
    return fromHeader ?? idempotencyKey ?? options.generateKey()
  if (fromHeader !== null) {
    throw new TypeError(
      'Failed to build the request: idempotencyKey is false but an Idempotency-Key header is set. Remove one of them.',
    )
  }
  return null
}

/** Turns a target and its init into the one request every attempt of the operation copies. */
export function buildRequest(
  target: RequestTarget,
  init: ClientRequestInit,
  options: NormalizedClientOptions,
): BuiltRequest {
  const { json, idempotencyKey: _key, signal, ...rest } = init
  const input =
    target instanceof Request
      ? target
      : new URL(isLink(target) ? target.href : target, options.baseUrl)
  const linkMethod = isLink(target) ? target.method : undefined
  const method = (
    init.method ??
    linkMethod ??
    (target instanceof Request ? target.method : 'GET')
  ).toUpperCase()
  const headers = new Headers(
    target instanceof Request ? target.headers : undefined,
  )
  new Headers(init.headers).forEach((value, name) => headers.set(name, value))
  if (!headers.has('Accept'))
    headers.set('Accept', 'application/json, application/problem+json')
  if (options.token !== null && !headers.has('Authorization'))
    headers.set('Authorization', `Bearer ${options.token}`)
  let body = rest.body
  if (json !== undefined) {
    if (body !== undefined && body !== null) {
      throw new TypeError(
        'Failed to build the request: both json and body are set. Pass one of them.',
      )
    }
    body = JSON.stringify(json)
    if (!headers.has('Content-Type'))
      headers.set('Content-Type', 'application/json')
  }
  const idempotencyKey = idempotencyKeyFor(method, headers, init, options)
  if (idempotencyKey !== null) headers.set('Idempotency-Key', idempotencyKey)
  const template = new Request(input, {
    ...rest,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  })
  const keyless = method === 'POST' && idempotencyKey === null
  return {
    template,
    method,
    idempotencyKey,
    keyless,
    signal: signal ?? undefined,
  }
}
