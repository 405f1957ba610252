import {
  buildRequest,
  type ClientRequestInit,
  type RequestTarget,
} from './build-request.ts'
import { createEventHub, type ClientEventListener } from './events.ts'
import { resolveLink, type Resource } from './hypermedia.ts'
import {
  normalizeClientOptions,
  type ClientOptions,
} from './normalize-options.ts'
import { readJson } from './read-json.ts'
import { runWithRetry } from './retry/run-with-retry.ts'

/**
 * The reference client. Two layers over one retrying core:
 *
 * - `request()` speaks Fetch: it resolves with the final `Response` whatever its status, because the
 *   conventions return the last response when attempts run out. It rejects only with a
 *   `NetworkError` (no response at all) or the caller's abort reason.
 * - The JSON layer (`send`, `get`, `post`, `put`, `patch`, `delete`, `root`, `follow`) resolves with
 *   the parsed body of a 2xx and throws an `HttpError` (response + parsed problem) otherwise.
 */
export interface HypermockClient {
  /** The entry point, absolute. */
  readonly baseUrl: string
  /** The Bearer token it sends, or null: caches key on it so credentials never share data. */
  readonly token: string | null
  /**
   * Sends one logical operation, retried per the conventions, and resolves with the final
   * `Response` whatever its status. Rejects with a `NetworkError` or the caller's abort reason only.
   */
  request(target: RequestTarget, init?: ClientRequestInit): Promise<Response>
  /** Like `request()`, then parses a 2xx body as JSON; any other status throws an `HttpError`. */
  send<T = unknown>(target: RequestTarget, init?: ClientRequestInit): Promise<T>
  /** `send()` with GET. */
  get<T = unknown>(target: RequestTarget, init?: ClientRequestInit): Promise<T>
  /** `send()` with POST and `json` as the body; one idempotency key covers every retry. */
  post<T = unknown>(
    target: RequestTarget,
    json?: unknown,
    init?: ClientRequestInit,
  ): Promise<T>
  /** `send()` with PUT and `json` as the body. */
  put<T = unknown>(
    target: RequestTarget,
    json?: unknown,
    init?: ClientRequestInit,
  ): Promise<T>
  /** `send()` with PATCH and `json` as the body. */
  patch<T = unknown>(
    target: RequestTarget,
    json?: unknown,
    init?: ClientRequestInit,
  ): Promise<T>
  /** `send()` with DELETE. */
  delete<T = unknown>(
    target: RequestTarget,
    init?: ClientRequestInit,
  ): Promise<T>
  /** GET the entry point: the one URL a hypermedia client knows. */
  root<T extends Resource = Resource>(init?: ClientRequestInit): Promise<T>
  /** Sends the link `resource._links[rel]` with its own method (GET by default) to its own href. */
  follow<T = unknown>(
    resource: Resource,
    rel: string,
    init?: ClientRequestInit,
  ): Promise<T>
  /** The absolute URL of an href, resolved against `baseUrl` (for cache keys and display). */
  resolve(href: string): string
  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: ClientEventListener): () => void
}

// Shared by every client in the realm: ids stay unique when an app swaps clients (a new token).
let operationCount = 0
const nextOperationId = () => `op-${++operationCount}`

/**
 * Creates the reference client: retries per concepts/retries.md#what, one idempotency key per
 * POST, links followed by relation name, every attempt and wait reported as an event.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://localhost:5173/api', token: 'customer-1-token' })
 * const root = await client.root()
 * const orders = await client.follow(root, 'orders')
 * const response = await client.request('/api/orders/1') // the raw Response, any status
 *
 * @example
 * // Every retry setting is an option; see `ClientOptions` for each default.
 * const patient = createClient({ baseUrl, attempts: 8, maxBackoffMs: 10_000, maxRetryAfterMs: 120_000 })
 */
export function createClient(options: ClientOptions): HypermockClient {
  const normalized = normalizeClientOptions(options)
  const { baseUrl, onEvent } = normalized
  const hub = createEventHub()
  if (onEvent !== null) hub.subscribe(onEvent)

  // One logical operation: built once (one idempotency key), attempted up to `attempts` times.
  async function execute(target: RequestTarget, init: ClientRequestInit) {
    const built = buildRequest(target, init, normalized)
    const operation = {
      operationId: nextOperationId(),
      method: built.method,
      url: built.template.url,
      idempotencyKey: built.idempotencyKey,
    }
    const response = await runWithRetry({
      ...normalized,
      operation,
      createRequest: (signal) =>
        new Request(built.template.clone(), { signal }),
      keyless: built.keyless,
      signal: built.signal,
      emit: hub.emit,
    })
    return { response, operation }
  }

  async function request(target: RequestTarget, init: ClientRequestInit = {}) {
    return (await execute(target, init)).response
  }

  async function send<T>(target: RequestTarget, init: ClientRequestInit = {}) {
    const { response, operation } = await execute(target, init)
    return readJson<T>(response, operation)
  }

  const withBody =
    (method: string) =>
    <T>(target: RequestTarget, json?: unknown, init: ClientRequestInit = {}) =>
      send<T>(target, {
        ...init,
        method,
        ...(json === undefined ? {} : { json }),
      })

  return {
    baseUrl,
    token: normalized.token,
    request,
    send,
    get: (target, init = {}) => send(target, { ...init, method: 'GET' }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: (target, init = {}) => send(target, { ...init, method: 'DELETE' }),
    root: (init = {}) => send(baseUrl, { ...init, method: 'GET' }),
    follow: async (resource, rel, init = {}) =>
      send(resolveLink(resource, rel), init),
    resolve: (href) => new URL(href, baseUrl).href,
    subscribe: hub.subscribe,
  }
}
