import type { CheckEvent } from './check-types.ts'
import type { Sleep } from './default-sleep.ts'
import type { Baseline } from './baseline.ts'

/** The options a run works with: every default filled in, every value checked. */
export interface NormalizedCheckOptions {
  baseUrl: URL
  token: string | null
  tokenReadonly: string | null
  openapi: string | Record<string, unknown> | null
  paths: string[]
  allowWrites: boolean
  probeRateLimit: number | null
  /** Rule ids, each one of `ruleIds`. */
  rules: string[]
  strict: boolean
  /** The seed of the generated requests: the same seed sends the same requests. */
  seed: number
  /** Requests `generated-requests` may send. */
  generatedRequests: number
  /** The methods rules may send; `null`: every method (writes still need `allowWrites`). */
  includeMethods: string[] | null
  /** Failures accepted by a baseline: reported as accepted, not counted in the exit code. */
  baseline: Baseline | null
  requestTimeoutMs: number
  ruleTimeoutMs: number
  ruleRequestBudget: number
  maxBodyBytes: number
  maxRedirects: number
  maxRetryAfterSeconds: number
  signal: AbortSignal | null
  onEvent: (event: CheckEvent) => void
  sleep: Sleep
  fetch: typeof fetch
}
