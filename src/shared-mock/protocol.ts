import type { ControlCall } from '../mock-server/control/control-commands.ts'
import type {
  LegacySave,
  Mirror,
  RemoteEvent,
} from '../mock-server/control/control-transport.ts'

export type { LegacySave, Mirror }

/** A control command by name, or one of the hub's own: migrate, pull, pull-state. */
export type HubCommand =
  | ControlCall
  /** Takes over the old `localStorage` save when the database holds nothing yet. */
  | { name: 'migrate'; legacy: LegacySave }
  /** A full copy of the mirror (after a migration, or to resynchronise). */
  | { name: 'pull' }

export interface SerializedRequest {
  url: string
  method: string
  headers: [string, string][]
  body: ArrayBuffer | null
}

export interface SerializedResponse {
  /** `Response.error()`: the caller sees a network error. */
  error: boolean
  status: number
  statusText: string
  headers: [string, string][]
  body: ArrayBuffer | null
  /**
   * The body follows as `chunk` messages, one for each `pull` the tab sends, then `end`: an event
   * stream never ends by itself, so it is never read whole before answering.
   */
  stream?: true
}

/** A tab's first message: the hub runs with its own options, so a hello carries none. */
export interface HubHello {
  kind: 'hello'
}

export type TabMessage =
  | HubHello
  | {
      kind: 'fetch'
      id: number
      request: SerializedRequest
      /** The sender's virtual time, when it runs on a clock of its own (see HubClock). */
      now?: number
    }
  /** A wait the hub asked for has ended on the tab's clock. */
  | { kind: 'woke'; id: number }
  | { kind: 'command'; id: number; command: HubCommand }
  /** The tab's reader wants the next chunk of a streamed body (the fetch's `id`). */
  | { kind: 'pull'; id: number }
  /** The tab's reader stopped reading a streamed body: the hub cancels it. */
  | { kind: 'cancel'; id: number }

/** A change every tab hears about, with what it needs to update its mirror. */
export type HubEvent = Exclude<RemoteEvent, { type: 'notice' }>

export type HubMessage =
  | { kind: 'welcome'; mirror: Mirror; notice: string | null }
  /** The mock did not start (stored rows that no longer fit, refused): the reason, for the page. */
  | { kind: 'refused'; message: string }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: string }
  | { kind: 'response'; id: number; response: SerializedResponse }
  /** The next chunk of a streamed body, answering a `pull`. */
  | { kind: 'chunk'; id: number; bytes: Uint8Array }
  /** A streamed body ended, or failed (`error`): no more chunks come. */
  | { kind: 'end'; id: number; error?: string }
  | { kind: 'event'; event: HubEvent }
  /** Waits `ms` on the tab's clock (a delay fault of its request), then answers `woke`. */
  | { kind: 'sleep'; id: number; ms: number }
  /** A save that failed (quota, private mode): the mock goes on in memory. */
  | { kind: 'notice'; message: string }

/** The part of a MessagePort both ends use; Node's MessageChannel fits too (tests). */
export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent) => void,
  ): void
  start?(): void
}

export async function serializeRequest(
  request: Request,
): Promise<SerializedRequest> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body: hasBody ? await request.arrayBuffer() : null,
  }
}

export function deserializeRequest(request: SerializedRequest): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== null && { body: request.body }),
  })
}

/** A `text/event-stream` body: read as it comes, never whole. */
export function isEventStream(response: Response): boolean {
  return (
    response.body !== null &&
    (response.headers.get('Content-Type') ?? '')
      .toLowerCase()
      .startsWith('text/event-stream')
  )
}

/** The response, its body read whole; an event stream's is left to be streamed (`stream`). */
export async function serializeResponse(
  response: Response,
): Promise<SerializedResponse> {
  if (response.type === 'error')
    return { error: true, status: 0, statusText: '', headers: [], body: null }
  const streamed = isEventStream(response)
  return {
    error: false,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body:
      response.body === null || streamed ? null : await response.arrayBuffer(),
    ...(streamed && { stream: true as const }),
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

export function deserializeResponse(
  response: SerializedResponse,
  body: ReadableStream<Uint8Array> | null = null,
): Response {
  if (response.error) return Response.error()
  return new Response(
    NULL_BODY_STATUSES.has(response.status) ? null : (body ?? response.body),
    {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    },
  )
}
