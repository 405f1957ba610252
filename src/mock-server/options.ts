import type { TokenEntry } from './auth/tokens.ts'
import { CONTROL_PATH } from './control/control-path.ts'
import { configPatchSchema } from './control/config-patch.ts'
import { compiledApi } from './declare/compiled-api-cache.ts'
import type { ResolvedOptions } from './resolved-options.ts'
import type { ApiDeclaration } from './declare/types.ts'
import { limits } from './limits.ts'
import { defaultConfig, type MockConfig } from './mock-config.ts'
import { isOrigin } from './security/origin-policy.ts'
import { issueList } from './validation/validate.ts'
import type { StateSnapshot } from './store/types.ts'
import { withTables } from './declare/seed-rows.ts'
import type { DataMismatch, MockStore } from './store/mock-store.ts'

export type { MockConfig, RateLimitConfig } from './mock-config.ts'
export type { ResolvedOptions } from './resolved-options.ts'

export interface MockApiOptions<A extends ApiDeclaration = ApiDeclaration> {
  /**
   * The API to serve: a declaration made with `defineApi()`. The engine needs one; the package's
   * root entry (`hypermock-api`) fills in the built-in shop when it is left out.
   */
  api?: A
  /**
   * Where the API lives: a path (`/api`), the root (`/`), or a URL with a host
   * (`https://api.example.com`, `https://api.example.com/v1`). @default the declaration's `base`, or '/api'
   */
  basePath?: string
  /** Where the control API lives, on the same origin. @default '/__mock' */
  controlPath?: string
  /** The data a new instance and every reset start from. @default the declaration's seed rows */
  seed?: () => object
  /** Start from this state instead of the seed (e.g. one restored from storage). */
  initialState?: object
  /** Bearer tokens and what they stand for. @default the declaration's tokens */
  tokens?: Record<string, TokenEntry>
  /** Initial live settings; `reset()` returns to these. */
  config?: Partial<MockConfig>
  /** The real-time source under the mock clock. @default Date.now */
  now?: () => number
  /** Waits for `latencyMs` and delay faults; inject it to run on fake time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** How long an idempotency key is remembered, in mock time (at most a year). @default 24 h */
  idempotencyTtlMs?: number
  /**
   * How many idempotency keys are held at once; expired ones are swept first, and a new key past the
   * limit is a 409 `limit-exceeded`. @default 10000
   */
  maxIdempotencyKeys?: number
  /**
   * Origins (`https://app.example`) whose requests the mock answers, besides loopback origins and the
   * request's own; `'*'` answers every origin. A request with another `Origin` is a 403, and the
   * control API never answers one. @default [] (loopback and same-origin only)
   */
  allowedOrigins?: readonly string[] | '*'
  /** Largest accepted request body. @default 1 MiB */
  maxBodyBytes?: number
  /**
   * The longest a `hang` fault holds a request whose caller cannot be seen to give up (msw's browser
   * worker does not pass aborts on); where aborts arrive, the hang ends with them. @default 10 min
   */
  hangLimitMs?: number
  /** How many journal entries are kept (oldest dropped first). @default 500 */
  journalLimit?: number
  /**
   * A request header whose value names one logical operation (say `X-Request-Id`, if your client
   * keeps it across retries): `api.operations` groups requests by it when they carry no
   * `Idempotency-Key`. @default null (none)
   */
  correlationHeader?: string | null
  /** Told about unexpected exceptions (the caller only ever sees a 500 problem). @default console.error */
  onUnhandledError?: (error: unknown, request?: Request) => void
  /**
   * Where the mock keeps its state beyond this instance (see `hypermock-api/store`): an empty
   * store receives the seed rows; a store with data replaces the mock's state with it, settings,
   * clock and fault rules included. Every write is committed to it before its response leaves.
   * Requests wait until it is read; `api.store.ready` tells how it started.
   */
  store?: MockStore
  /**
   * Stored rows the declaration no longer accepts: `refuse` (`api.store.ready` rejects with a
   * `StoredRowsMismatchError`, nothing changed), `keep` the rows that fit and drop the others,
   * `reset` to the seed rows, or `report` (load the rows that fit, leave the store as it is).
   * @default 'refuse'
   */
  dataMismatch?: DataMismatch
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

/**
 * The initial settings: each member the options give, the default for the others. A member given
 * as `undefined` (as JavaScript callers and spread objects often pass one) takes its default too,
 * as it does in `api.config.update`, rather than replacing the default with nothing.
 */
function withDefaults(config: Partial<MockConfig> | undefined): MockConfig {
  const given = Object.entries(config ?? {}).filter(
    ([, value]) => value !== undefined,
  )
  return { ...defaultConfig, ...Object.fromEntries(given) }
}

/** Checks the initial settings with the rules `api.config.update` and `PATCH /__mock/config` use. */
function checkConfig(config: MockConfig): MockConfig {
  const result = configPatchSchema.safeParse(config)
  if (result.success) return config
  const issues = issueList(
    result.error.issues,
    Object.keys(configPatchSchema.shape),
    config,
  )
  const list = issues
    .map(
      (issue) => `config.${issue.path.map(String).join('.')} ${issue.message}`,
    )
    .join('; ')
  fail(/[.?!]$/.test(list) ? list : `${list}.`)
}

const SEGMENTS = /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/

/** Under or equal to a path. */
const within = (path: string, root: string) =>
  path === root || path.startsWith(`${root}/`)

/**
 * The control API's path: its own segments, `/__mock` by default. It answers first, so no API path
 * may sit under it.
 */
function checkControlPath(raw: string) {
  const shown = JSON.stringify(raw)
  const path =
    typeof raw === 'string' && raw.endsWith('/') ? raw.slice(0, -1) : raw
  if (typeof path !== 'string' || !SEGMENTS.test(path))
    fail(`controlPath must be path segments such as "/__mock"; got ${shown}.`)
  return path
}

/**
 * Where the API lives: a path of its own (`/api`, `/v2/api`), the root (`/`), or a URL with a host
 * and optional path (`https://api.example.com`). One trailing slash is dropped.
 */
function checkBase(raw: string, controlPath: string) {
  const shown = JSON.stringify(raw)
  if (typeof raw !== 'string')
    fail(
      `basePath must be a path such as "/api", "/", or a URL such as "https://api.example.com"; got ${shown}.`,
    )
  let origin = ''
  let path = raw
  if (/^https?:\/\//i.test(raw)) {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      fail(`basePath must be a valid URL or path; got ${shown}.`)
    }
    if (url.search || url.hash || url.username || url.password)
      fail(
        `basePath must be an origin and a path, without query, fragment or credentials; got ${shown}.`,
      )
    origin = url.origin
    path = url.pathname
  } else if (!raw.startsWith('/'))
    fail(
      `basePath must be a path starting with "/", such as "/api", "/", or a URL such as "https://api.example.com"; got ${shown}.`,
    )
  const basePath = path.endsWith('/') ? path.slice(0, -1) : path
  if (basePath !== '' && !SEGMENTS.test(basePath))
    fail(
      `basePath must be path segments without empty ones, spaces, "?" or "#", such as "/api" or "/v2/api"; got ${shown}.`,
    )
  if (basePath !== '' && within(basePath, controlPath))
    fail(
      `basePath must lie outside the control API at ${controlPath}, which answers those paths first; got ${shown}.`,
    )
  return { origin, basePath }
}

/** Normalises options once, at the entry point, into a fully-required shape. */
export function resolveOptions<A extends ApiDeclaration>(
  options: MockApiOptions<A> & { api: A },
): ResolvedOptions {
  if (typeof options?.api !== 'object' || options.api === null)
    fail(
      'api must be a declaration made with defineApi(). Pass { api }, or import createMockApi from "hypermock-api", which serves the built-in shop when api is left out.',
    )
  const api = compiledApi(options.api)
  const controlPath = checkControlPath(options.controlPath ?? CONTROL_PATH)
  const { origin, basePath } = checkBase(
    options.basePath ?? api.declaration.base ?? '/api',
    controlPath,
  )
  const seed = options.seed
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    fail(`maxBodyBytes must be an integer ≥ 1, got ${maxBodyBytes}.`)
  const idempotencyTtlMs = options.idempotencyTtlMs ?? 24 * 3_600_000
  if (!(idempotencyTtlMs > 0 && idempotencyTtlMs <= 366 * 86_400_000))
    fail(
      `idempotencyTtlMs must be > 0 and at most a year (31622400000), got ${idempotencyTtlMs}.`,
    )
  const maxIdempotencyKeys =
    options.maxIdempotencyKeys ?? limits.idempotencyKeys
  if (!Number.isInteger(maxIdempotencyKeys) || maxIdempotencyKeys < 1)
    fail(
      `maxIdempotencyKeys must be an integer ≥ 1, got ${maxIdempotencyKeys}.`,
    )
  const allowedOrigins = options.allowedOrigins ?? []
  if (allowedOrigins !== '*') {
    for (const origin of allowedOrigins)
      if (!isOrigin(origin))
        fail(
          `allowedOrigins must hold origins such as "https://app.example" (scheme, host, optional port), got "${origin}".`,
        )
  }
  const journalLimit = options.journalLimit ?? 500
  if (!Number.isInteger(journalLimit) || journalLimit < 1)
    fail(`journalLimit must be an integer ≥ 1, got ${journalLimit}.`)
  const correlationHeader = options.correlationHeader ?? null
  if (
    correlationHeader !== null &&
    !/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(correlationHeader)
  )
    fail(
      `correlationHeader must be a header name such as "X-Request-Id", got ${JSON.stringify(correlationHeader)}.`,
    )
  const hangLimitMs = options.hangLimitMs ?? 600_000
  if (!(hangLimitMs > 0)) fail(`hangLimitMs must be > 0, got ${hangLimitMs}.`)
  return {
    api,
    basePath,
    origin,
    controlPath,
    seed: seed
      ? () => seed() as StateSnapshot
      : (randomSeed): StateSnapshot =>
          withTables(api.seed(randomSeed), {
            schemaVersion: 1 as const,
            idempotencyKeys: [],
          }),
    initialState: options.initialState,
    tokens: options.tokens ?? api.tokens,
    config: checkConfig(withDefaults(options.config)),
    now: options.now ?? Date.now,
    sleep: options.sleep ?? abortableSleep,
    idempotencyTtlMs,
    maxIdempotencyKeys,
    allowedOrigins,
    maxBodyBytes,
    journalLimit,
    correlationHeader: correlationHeader?.toLowerCase() ?? null,
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
