import type { TokenEntry } from './auth/tokens.ts'
import type { MockConfig } from './mock-config.ts'
import type { CompiledApi } from './route-spec.ts'
import type { StateSnapshot } from './store/types.ts'

/** The options of one instance, checked and filled in once (`resolveOptions` in `options.ts`). */
export interface ResolvedOptions {
  api: CompiledApi
  /** The base's path: '' for an API at the root. */
  basePath: string
  /** The base's origin where it has a host (`https://api.example.com`), else ''. */
  origin: string
  controlPath: string
  /** The seed rows, or the `seed` option's snapshot; `randomSeed` is the config's `seed`. */
  seed: (randomSeed: number) => StateSnapshot
  initialState: object | undefined
  /** `null`: no tokens declared, so any Bearer token is let in. */
  tokens: Record<string, TokenEntry> | null
  config: MockConfig
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  idempotencyTtlMs: number
  maxIdempotencyKeys: number
  allowedOrigins: readonly string[] | '*'
  maxBodyBytes: number
  journalLimit: number
  /** Lower-case, or null for none. */
  correlationHeader: string | null
  hangLimitMs: number
  onUnhandledError: (error: unknown, request?: Request) => void
}
