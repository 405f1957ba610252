import {
  defaultClock,
  defaultRandom,
  defaultSleep,
  type Clock,
  type Random,
  type Sleep,
} from './clock.ts'
import type { ClientEventListener } from './events.ts'
import { defaultRetryPolicy, type RetryPolicy } from './retry/policy.ts'

/** What `createClient()` accepts. Everything but `baseUrl` has a default. */
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
  /** Time-out of one attempt, in ms (`Infinity`: none). @default 5000 */
  readonly timeoutMs?: number
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
  const {
    attempts = defaultRetryPolicy.attempts,
    timeoutMs = defaultRetryPolicy.timeoutMs,
  } = options
  if (!Number.isInteger(attempts) || attempts < 1) {
    fail(`attempts must be an integer ≥ 1, got ${String(attempts)}.`)
  }
  if (
    typeof timeoutMs !== 'number' ||
    Number.isNaN(timeoutMs) ||
    timeoutMs <= 0
  ) {
    fail(
      `timeoutMs must be a number of milliseconds > 0 (Infinity for none), got ${String(timeoutMs)}.`,
    )
  }
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
    policy: { ...defaultRetryPolicy, attempts, timeoutMs },
    onEvent: options.onEvent ?? null,
    generateKey: options.generateKey ?? (() => crypto.randomUUID()),
  }
}
