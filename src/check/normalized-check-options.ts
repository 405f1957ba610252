import type { CheckEvent } from './check-types.ts'
import type { Sleep } from './default-sleep.ts'

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
