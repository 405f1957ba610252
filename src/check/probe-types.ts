import type { Evidence, RuleId } from './check-types.ts'
import type { NormalizedCheckOptions } from './check-options.ts'

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
}

export interface Probe {
  send(request: ProbeRequest): Promise<Exchange>
  /** Requests sent so far by this probe. */
  readonly used: number
  readonly evidence: Evidence[]
}

export interface ProbeScope {
  options: NormalizedCheckOptions
  ruleId: RuleId | null
  budget: number
  signal: AbortSignal
  journal: Exchange[]
  /** Sees every response: the run remembers what a write created, so the clean-up deletes it. */
  onResponse?: (exchange: Exchange) => void
}
