import type { ConfigPatch } from '../mock-server/control/config-patch.ts'
import type {
  FaultRule,
  FaultRuleInput,
  JournalEntry,
  MockApiOptions,
  MockConfig,
  StateSnapshot,
} from '../index.ts'

/**
 * The options a shared mock can take: those that survive `postMessage`. Functions (`now`, `sleep`,
 * `seed`, `onUnhandledError`) cannot reach the SharedWorker that runs the mock.
 */
export type SharedCoreOptions = Omit<
  MockApiOptions,
  'now' | 'sleep' | 'seed' | 'onUnhandledError'
>

/** What the previous playground kept in `localStorage`, handed over once to the shared mock. */
export interface LegacySave {
  state: StateSnapshot
  faults: FaultRuleInput[]
  config: MockConfig
}

/** Everything a tab shows of the mock, copied to it so that its reads stay synchronous. */
export interface Mirror {
  state: StateSnapshot
  faults: FaultRule[]
  config: MockConfig
  journal: JournalEntry[]
  /** The mock clock's lead over real time (`POST /__mock/clock`). */
  clockOffsetMs: number
  /** The number the next fault rule's id will carry (`fault-<n>`). */
  nextFault: number
}

export type Operation =
  | { name: 'faults.add'; input: FaultRuleInput }
  | { name: 'faults.remove'; id: string }
  | { name: 'faults.clear' }
  | { name: 'config.update'; patch: ConfigPatch }
  | { name: 'state.restore'; snapshot: StateSnapshot }
  | { name: 'journal.clear' }
  | { name: 'clock.advance'; ms: number }
  | { name: 'reset' }
  /** Takes over the old `localStorage` save when the database holds nothing yet. */
  | { name: 'migrate'; legacy: LegacySave }
  /** A full copy of the mirror (after a migration, or to resynchronise). */
  | { name: 'pull' }
  /** The data state alone, fetched when a tab's copy went stale. */
  | { name: 'pull-state' }

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
}

export interface HubHello {
  kind: 'hello'
  options: SharedCoreOptions
  /** The IndexedDB database to keep the mock in, or false to keep it in memory only. */
  database: string | false
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
  | { kind: 'op'; id: number; op: Operation }

/** A change every tab hears about, with what it needs to update its mirror. */
export type HubEvent =
  | { type: 'request'; entry: JournalEntry; faults: FaultRule[] }
  | { type: 'state' }
  | { type: 'faults'; faults: FaultRule[]; nextFault: number }
  | { type: 'config'; config: MockConfig }
  | { type: 'clock'; clockOffsetMs: number }
  | { type: 'journal'; journal: JournalEntry[] }
  | { type: 'reset'; mirror: Mirror }

export type HubMessage =
  | { kind: 'welcome'; mirror: Mirror; notice: string | null }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: string }
  | { kind: 'response'; id: number; response: SerializedResponse }
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

export async function serializeResponse(
  response: Response,
): Promise<SerializedResponse> {
  if (response.type === 'error')
    return { error: true, status: 0, statusText: '', headers: [], body: null }
  return {
    error: false,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: response.body === null ? null : await response.arrayBuffer(),
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

export function deserializeResponse(response: SerializedResponse): Response {
  if (response.error) return Response.error()
  return new Response(
    NULL_BODY_STATUSES.has(response.status) ? null : response.body,
    {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    },
  )
}
