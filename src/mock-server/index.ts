import { createApp } from './app.ts'
import { createClock } from './clock.ts'
import { finalizeResponse } from './edge.ts'
import {
  resolveOptions,
  validateConfig,
  type MockApiOptions,
  type MockConfig,
} from './options.ts'
import type { RequestState } from './pipeline.ts'
import { problemResponse } from './problems/problem-response.ts'
import type { Runtime } from './runtime.ts'
import { Database } from './store/database.ts'
import { parseSnapshot } from './store/snapshot-schema.ts'
import type { StateSnapshot } from './store/types.ts'

export type { MockApiOptions, MockConfig, RateLimitConfig } from './options.ts'
export type { StateSnapshot } from './store/types.ts'
export type { Principal, Scope, TokenEntry } from './auth/tokens.ts'
export { defaultTokens } from './auth/tokens.ts'
export { createSeed } from './store/seed.ts'
export { InvalidSnapshotError } from './store/snapshot-schema.ts'
export { problemCatalogue, type ProblemSlug } from './problems/catalogue.ts'

export interface MockApi {
  /** Answers one request, exactly as the HTTP API would. A network-level fault is `Response.error()`. */
  fetch(request: Request): Promise<Response>
  readonly basePath: string
  state: {
    /** The whole data state as plain JSON (a deep copy). */
    snapshot(): StateSnapshot
    /** Replaces the data state; an invalid snapshot throws `InvalidSnapshotError` and changes nothing. */
    restore(snapshot: unknown): void
  }
  config: {
    get(): MockConfig
    /** Merges a patch into the live settings (validated first). */
    update(patch: Partial<MockConfig>): MockConfig
  }
  clock: {
    now(): string
    advance(ms: number): string
  }
  /** Back to the seed data and the initial config; clears idempotency keys. */
  reset(): void
}

/**
 * Creates one independent instance of the mock API: its own data, clock and settings. The same
 * instance serves msw's worker, msw's `setupServer`, the standalone server, or direct calls.
 *
 * @example
 * const api = createMockApi()
 * const response = await api.fetch(new Request('http://localhost/api/orders/1', {
 *   headers: { Authorization: 'Bearer customer-1-token' },
 * }))
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const resolved = resolveOptions(options)
  const clock = createClock(resolved.now)
  let requestCount = 0
  const runtime: Runtime = {
    options: resolved,
    basePath: resolved.basePath,
    db: new Database(
      resolved.initialState
        ? parseSnapshot(resolved.initialState)
        : resolved.seed(),
    ),
    clock,
    config: structuredClone(resolved.config),
    nextRequestId: () =>
      `req-${(++requestCount).toString(36).padStart(6, '0')}`,
  }
  const app = createApp(resolved.basePath)

  async function answer(
    request: Request,
    state: RequestState,
  ): Promise<Response> {
    const inBase =
      state.path === runtime.basePath ||
      state.path.startsWith(`${runtime.basePath}/`)
    if (!inBase) {
      return problemResponse(
        'not-found',
        {
          detail: `${state.path} is outside the API; it lives under ${runtime.basePath}.`,
        },
        {
          basePath: runtime.basePath,
          requestPath: state.path,
          requestId: state.requestId,
        },
      )
    }
    return app.fetch(request, { state, runtime })
  }

  return {
    basePath: runtime.basePath,
    async fetch(request) {
      const url = new URL(request.url)
      const state: RequestState = {
        requestId: runtime.nextRequestId(),
        startedAt: clock.now(),
        path: url.pathname,
        route: null,
        principal: null,
        bodyBytes: null,
        body: undefined,
        item: undefined,
        idempotencyKey: null,
        replayed: false,
        networkError: false,
        fault: null,
      }
      let response: Response
      try {
        response = await answer(request, state)
      } catch (error) {
        resolved.onUnhandledError(error, request)
        response = problemResponse(
          'internal-error',
          {
            detail:
              'The mock failed unexpectedly while answering this request.',
          },
          {
            basePath: runtime.basePath,
            requestPath: state.path,
            requestId: state.requestId,
          },
        )
      }
      if (state.networkError) return Response.error()
      return finalizeResponse(request, state, response)
    },
    state: {
      snapshot: () => runtime.db.snapshot(),
      restore(snapshot) {
        runtime.db.load(parseSnapshot(structuredClone(snapshot)))
      },
    },
    config: {
      get: () => structuredClone(runtime.config),
      update(patch) {
        runtime.config = validateConfig({
          ...runtime.config,
          ...structuredClone(patch),
        })
        return structuredClone(runtime.config)
      },
    },
    clock: {
      now: () => clock.iso(),
      advance(ms) {
        clock.advance(ms)
        return clock.iso()
      },
    },
    reset() {
      runtime.db.load(resolved.seed())
      runtime.config = structuredClone(resolved.config)
    },
  }
}
