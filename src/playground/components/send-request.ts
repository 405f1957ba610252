import {
  isNetworkError,
  type ClientEvent,
  type HypermockClient,
} from '../../client/index.ts'
import { captureResponse, type CapturedResponse } from './captured-response.ts'

/** A request as a person writes it in the console or the guide. */
export interface OutgoingRequest {
  method: string
  /** An href such as `/api/orders?page=2`, resolved against the client's entry point. */
  path: string
  headers?: [name: string, value: string][]
  /** Sent as is, valid JSON or not: a broken body is a way to see the 400. */
  body?: string
}

/**
 * `client`: the reference client (retries, an Idempotency-Key on every POST, the picker's
 * credential when no Authorization is given); `raw`: one plain `fetch`, exactly what was written.
 */
export type SendMode = 'client' | 'raw'

export type SendOutcome = (
  | { kind: 'response'; response: CapturedResponse }
  | { kind: 'network-error'; message: string; attempts: number }
) & {
  /** The Idempotency-Key the request carried (the client generates one for a POST). */
  idempotencyKey: string | null
}

const BODYLESS = new Set(['GET', 'HEAD'])

function init(request: OutgoingRequest, signal?: AbortSignal): RequestInit {
  const method = request.method.toUpperCase()
  const body =
    request.body !== undefined && request.body !== '' && !BODYLESS.has(method)
      ? request.body
      : undefined
  return {
    method,
    headers: (request.headers ?? []).filter(([name]) => name.trim() !== ''),
    ...(body !== undefined && { body }),
    ...(signal && { signal }),
  }
}

function headerKey(request: OutgoingRequest) {
  const found = (request.headers ?? []).find(
    ([name]) => name.trim().toLowerCase() === 'idempotency-key',
  )
  return found ? found[1] : null
}

/** Sends one request the chosen way and reads the whole answer, counting the client's attempts. */
export async function sendRequest(
  client: HypermockClient,
  mode: SendMode,
  request: OutgoingRequest,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const url = client.resolve(request.path)
  const started = performance.now()
  if (mode === 'raw') {
    try {
      const response = await globalThis.fetch(
        new Request(url, init(request, signal)),
      )
      return {
        kind: 'response',
        idempotencyKey: headerKey(request),
        response: await captureResponse(response, performance.now() - started),
      }
    } catch (error) {
      return {
        kind: 'network-error',
        message: `fetch rejected: ${error instanceof Error ? error.message : String(error)}`,
        attempts: 1,
        idempotencyKey: headerKey(request),
      }
    }
  }
  // The first operation on this URL after subscribing is ours; its events give the attempt count.
  let operationId: string | null = null
  let attempts = 0
  let idempotencyKey: string | null = null
  const method = request.method.toUpperCase()
  const stop = client.subscribe((event: ClientEvent) => {
    if (event.type !== 'attempt:start') return
    if (operationId === null && event.url === url && event.method === method)
      operationId = event.operationId
    if (event.operationId !== operationId) return
    attempts += 1
    idempotencyKey = event.idempotencyKey
  })
  try {
    const response = await client.request(url, init(request, signal))
    return {
      kind: 'response',
      idempotencyKey,
      response: await captureResponse(
        response,
        performance.now() - started,
        Math.max(attempts, 1),
      ),
    }
  } catch (error) {
    return {
      kind: 'network-error',
      message: error instanceof Error ? error.message : String(error),
      attempts: isNetworkError(error) ? error.attempts.length : attempts,
      idempotencyKey,
    }
  } finally {
    stop()
  }
}
