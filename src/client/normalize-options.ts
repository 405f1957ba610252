import {
  defaultClock,
  defaultRandom,
  defaultSleep,
  type Clock,
  type Random,
  type Sleep,
} from './clock.ts'
import type { ClientEventListener } from './events.ts'
import { normalizeRetryPolicy } from './retry/normalize-retry-policy.ts'
import type { RetryPolicy } from './retry/policy.ts'

/**
 * What `createClient()` accepts. Everything but `baseUrl` has a default; every retry setting of
 * `defaultRetryPolicy` can be set here, and each is checked when the client is created.
 */
export interface ClientOptions {
  /** The entry point, e.g. `http://localhost:5173/api`, or `/api` in a browser page. */
  readonly baseUrl: string
  /** Sent as `Authorization: Bearer <token>` unless a request sets its own Authorization. */
  readonly token?: string
  /** Receives one `Request` per attempt. @default (request) => globalThis.fetch(request) */
  readonly fetch?: (request: Request) => Promise<Response>
  /** @default Date.now */
  readonly clock?: Clock
  /** @default a setTimeout-based sleep that rejects when its signal aborts */
  readonly sleep?: Sleep
  /** @default Math.random */
  readonly random?: Random
  /** Attempts per logical operation, the first included. @default 5 */
  readonly attempts?: number
  /**
   * Time-out of one attempt, in ms (`Infinity`: none). A `fetch` that rejects with a
   * `TimeoutError` of its own (`AbortSignal.timeout()`) is counted as a time-out too.
   * @default 5000
   */
  readonly timeoutMs?: number
  /**
   * Backoff unit, in ms: after failed attempt `n` (counted from 0) the client waits
   * `min(2^n × backoffBaseMs, maxBackoffMs)` plus jitter. Used when there is no valid Retry-After.
   * @default 1000
   */
  readonly backoffBaseMs?: number
  /**
   * Jitter added to every backoff wait (never to a Retry-After wait), uniform in [0, jitterMaxMs) ms.
   * `0` turns it off.
   * @default 1000
   */
  readonly jitterMaxMs?: number
  /**
   * Caps the exponential part of a backoff wait, in ms (`Infinity`: no cap). Jitter is added after
   * the cap, so clients that all reached it still spread out. Never binds at the default 5 attempts.
   * @default 30000
   */
  readonly maxBackoffMs?: number
  /**
   * The longest `Retry-After` wait the client honours, in ms (`Infinity`: any). When a 429 or 5xx
   * asks for longer, the client does not sleep: it stops and returns that response, as when attempts
   * run out, and `request:end` says why (`outcome: 'retry-after-too-long'`, `retryAfterMs`).
   * @default 60000
   */
  readonly maxRetryAfterMs?: number
  /** Receives every event, like a listener added with `client.subscribe()`. */
  readonly onEvent?: ClientEventListener
  /** Makes idempotency keys. @default () => crypto.randomUUID() */
  readonly generateKey?: () => string
}

/** The options after defaults and checks: every member present, `baseUrl` absolute. */
export interface NormalizedClientOptions {
  readonly baseUrl: string
  readonly token: string | null
  readonly fetch: (request: Request) => Promise<Response>
  readonly clock: Clock
  readonly sleep: Sleep
  readonly random: Random
  readonly policy: RetryPolicy
  readonly onEvent: ClientEventListener | null
  readonly generateKey: () => string
}

function fail(reason: string): never {
  throw new TypeError(`Failed to create client: ${reason}`)
}

function absoluteBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    fail(
      `baseUrl must be the API's entry point URL, such as "http://localhost:5173/api", got ${JSON.stringify(baseUrl)}.`,
    )
  }
  if (URL.canParse(baseUrl)) return new URL(baseUrl).href
  const page = (globalThis as { location?: { href?: string } }).location?.href
  if (page !== undefined && URL.canParse(baseUrl, page))
    return new URL(baseUrl, page).href
  fail(
    `baseUrl "${baseUrl}" is relative and there is no page location to resolve it against. Pass an absolute URL such as "http://localhost:5173${baseUrl.startsWith('/') ? baseUrl : '/api'}".`,
  )
}

function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    fail(`${name} must be a function, got ${typeof value}.`)
  }
}

/** Applies defaults once and checks every option eagerly, with a message that says how to fix it. */
export function normalizeClientOptions(
  options: ClientOptions,
): NormalizedClientOptions {
  const policy = normalizeRetryPolicy(options, fail)
  if (
    options.token !== undefined &&
    (typeof options.token !== 'string' || options.token === '')
  ) {
    fail(
      'token must be a non-empty string; leave it out to send no Authorization header.',
    )
  }
  for (const name of [
    'fetch',
    'clock',
    'sleep',
    'random',
    'onEvent',
    'generateKey',
  ] as const) {
    checkFunction(name, options[name])
  }
  return {
    baseUrl: absoluteBaseUrl(options.baseUrl),
    token: options.token ?? null,
    // Looked up at call time, so a fetch patched later (msw's interceptor) is the one used.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    clock: options.clock ?? defaultClock,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? defaultRandom,
    policy,
    onEvent: options.onEvent ?? null,
    generateKey: options.generateKey ?? (() => crypto.randomUUID()),
  }
}
