import { defaultTokens, type TokenEntry } from './auth/tokens.ts'
import { createSeed } from './store/seed.ts'
import type { StateSnapshot } from './store/types.ts'

export interface RateLimitConfig {
  limit: number
  windowSeconds: number
}

/** The live, patchable settings (`GET`/`PATCH /__mock/config`). */
export interface MockConfig {
  rateLimit: RateLimitConfig | false
  requireIdempotencyKey: boolean
  latencyMs: number
  seed: number
}

export interface MockApiOptions {
  /** Where the API lives. @default '/api' */
  basePath?: string
  /** The data a new instance and every reset start from. @default the contract's fixtures */
  seed?: () => StateSnapshot
  /** Start from this state instead of the seed (e.g. one restored from storage). */
  initialState?: StateSnapshot
  /** Bearer tokens and what they stand for. @default the seeded tokens of the contract */
  tokens?: Record<string, TokenEntry>
  /** Initial live settings; `reset()` returns to these. */
  config?: Partial<MockConfig>
  /** The real-time source under the mock clock. @default Date.now */
  now?: () => number
  /** Waits for `latencyMs` and delay faults; inject it to run on fake time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** How long an idempotency key is remembered, in mock time. @default 24 h */
  idempotencyTtlMs?: number
  /** Largest accepted request body. @default 1 MiB */
  maxBodyBytes?: number
  /**
   * The longest a `hang` fault holds a request whose caller cannot be seen to give up (msw's browser
   * worker does not pass aborts on); where aborts arrive, the hang ends with them. @default 10 min
   */
  hangLimitMs?: number
  /** How many journal entries are kept (oldest dropped first). @default 500 */
  journalLimit?: number
  /** Told about unexpected exceptions (the caller only ever sees a 500 problem). @default console.error */
  onUnhandledError?: (error: unknown, request?: Request) => void
}

export const defaultConfig: MockConfig = {
  rateLimit: { limit: 100, windowSeconds: 60 },
  requireIdempotencyKey: false,
  latencyMs: 0,
  seed: 1,
}

export interface ResolvedOptions {
  basePath: string
  seed: () => StateSnapshot
  initialState: StateSnapshot | undefined
  tokens: Record<string, TokenEntry>
  config: MockConfig
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  idempotencyTtlMs: number
  maxBodyBytes: number
  journalLimit: number
  hangLimitMs: number
  onUnhandledError: (error: unknown, request?: Request) => void
}

export function abortableSleep(
  ms: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function fail(message: string, action = 'create the mock API'): never {
  throw new TypeError(`Failed to ${action}: ${message}`)
}

/** Checks live settings eagerly; `action` names what failed in the message ("update the config"). */
export function validateConfig(
  config: MockConfig,
  action?: string,
): MockConfig {
  const reject = (message: string) => fail(message, action)
  const { rateLimit, latencyMs, seed } = config
  if (rateLimit !== false) {
    if (!Number.isInteger(rateLimit.limit) || rateLimit.limit < 1)
      reject(`rateLimit.limit must be an integer ≥ 1, got ${rateLimit.limit}.`)
    if (
      !Number.isInteger(rateLimit.windowSeconds) ||
      rateLimit.windowSeconds < 1
    )
      reject(
        `rateLimit.windowSeconds must be an integer ≥ 1, got ${rateLimit.windowSeconds}.`,
      )
  }
  if (!Number.isFinite(latencyMs) || latencyMs < 0)
    reject(`latencyMs must be a number ≥ 0, got ${latencyMs}.`)
  if (!Number.isInteger(seed)) reject(`seed must be an integer, got ${seed}.`)
  return config
}

/** Normalises options once, at the entry point, into a fully-required shape. */
export function resolveOptions(options: MockApiOptions = {}): ResolvedOptions {
  const basePath = (options.basePath ?? '/api').replace(/\/+$/, '')
  if (!basePath.startsWith('/') || basePath === '/__mock') {
    fail(
      `basePath must start with "/" and differ from "/__mock", got "${options.basePath}".`,
    )
  }
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    fail(`maxBodyBytes must be an integer ≥ 1, got ${maxBodyBytes}.`)
  const idempotencyTtlMs = options.idempotencyTtlMs ?? 24 * 3_600_000
  if (!(idempotencyTtlMs > 0))
    fail(`idempotencyTtlMs must be > 0, got ${idempotencyTtlMs}.`)
  const journalLimit = options.journalLimit ?? 500
  if (!Number.isInteger(journalLimit) || journalLimit < 1)
    fail(`journalLimit must be an integer ≥ 1, got ${journalLimit}.`)
  const hangLimitMs = options.hangLimitMs ?? 600_000
  if (!(hangLimitMs > 0)) fail(`hangLimitMs must be > 0, got ${hangLimitMs}.`)
  return {
    basePath,
    seed: options.seed ?? createSeed,
    initialState: options.initialState,
    tokens: options.tokens ?? defaultTokens,
    config: validateConfig({ ...defaultConfig, ...options.config }),
    now: options.now ?? Date.now,
    sleep: options.sleep ?? abortableSleep,
    idempotencyTtlMs,
    maxBodyBytes,
    journalLimit,
    hangLimitMs,
    onUnhandledError:
      options.onUnhandledError ??
      ((error, request) =>
        console.error(
          `[hypermock] Unexpected error${request ? ` while answering ${request.method} ${request.url}` : ''}; the caller got a 500 internal-error problem:`,
          error,
        )),
  }
}
