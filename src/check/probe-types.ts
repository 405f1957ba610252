import type { Evidence } from './check-types.ts'
import type { NormalizedCheckOptions } from './normalized-check-options.ts'

export type Credential = 'token' | 'readonly' | 'wrong' | 'none'

export interface ProbeRequest {
  method?: string
  /** Absolute, or relative to the base URL. */
  url: string | URL
  /** @default 'token' (sent only when one was given, and only to the base URL's origin) */
  auth?: Credential
  headers?: Record<string, string>
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown
  /** Sent as is (with `Content-Type: application/json` unless `headers` says otherwise). */
  body?: string
  /** Wait for a 429's or 503's `Retry-After` and try again. @default true */
  honourRetryAfter?: boolean
  /** `false`: keep a success out of the run's journal and the rule's evidence (bulk probing). @default true */
  record?: boolean
  /**
   * `false`: keep the answer out of the run's journal whatever its status. The clean-up's read after
   * a DELETE is not a rule's read of a new record, and a journal rule must not judge it as one.
   * @default true
   */
  journal?: boolean
  /** What the rule expects of this request, e.g. `400 for a body that is not JSON`: a hang's verdict says it. */
  expect?: string
  /** Send it even to another origin than the base URL's (without the credential): the user's own `--openapi` URL. */
  anyOrigin?: boolean
}

/** A response, read to the end (up to the cap), with its recorded evidence. */
export interface Exchange {
  method: string
  url: URL
  status: number
  headers: Headers
  text: string
  /** The parsed body, `undefined` when it is not JSON. */
  json: unknown
  evidence: Evidence
  /**
   * The probe waited out this answer's `Retry-After` and sent the request again: the answer to the
   * rule's request is the later exchange, so nothing judges this one as that answer.
   */
  retried?: boolean
}

export interface Probe {
  send(request: ProbeRequest): Promise<Exchange>
  /** Requests sent so far by this probe. */
  readonly used: number
  readonly evidence: Evidence[]
  /** The `expect` of the last request sent that gave one. */
  readonly expectation: string | null
}

export interface ProbeScope {
  options: NormalizedCheckOptions
  ruleId: string | null
  budget: number
  signal: AbortSignal
  journal: Exchange[]
  /** Sees every response: the run remembers what a write created, so the clean-up deletes it. */
  onResponse?: (exchange: Exchange) => void
  /** Sees every request that got no answer: a write may have taken effect all the same. */
  onNoAnswer?: (
    method: string,
    url: URL,
    reason: string,
    body: string | undefined,
  ) => void
}
