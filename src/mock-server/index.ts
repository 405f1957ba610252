import { createApiApp, createControlApp } from './app.ts'
import { mergeConfig, type ConfigPatch } from './control/config-patch.ts'
import { createRuntime } from './create-runtime.ts'
import { finalizeResponse } from './edge.ts'
import type { MockListener } from './events.ts'
import type { FaultRule, FaultRuleInput } from './faults/fault-rule.ts'
import type { JournalEntry } from './journal.ts'
import {
  resolveOptions,
  validateConfig,
  type MockApiOptions,
  type MockConfig,
} from './options.ts'
import type { RequestState } from './pipeline.ts'
import { problemResponse } from './problems/problem-response.ts'
import { parseSnapshot } from './store/snapshot-schema.ts'
import type { StateSnapshot } from './store/types.ts'

export type { MockApiOptions, MockConfig, RateLimitConfig } from './options.ts'
export type { StateSnapshot } from './store/types.ts'
export type { Principal, Scope, TokenEntry } from './auth/tokens.ts'
export type {
  FaultEffect,
  FaultRule,
  FaultRuleInput,
} from './faults/fault-rule.ts'
export type { JournalEntry } from './journal.ts'
export type { MockEvent, MockListener } from './events.ts'
export { defaultTokens } from './auth/tokens.ts'
export { createSeed } from './store/seed.ts'
export { InvalidSnapshotError } from './store/snapshot-schema.ts'
export { problemCatalogue, type ProblemSlug } from './problems/catalogue.ts'

export const CONTROL_PATH = '/__mock'

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
    /** Merges a patch into the live settings (validated first; `rateLimit` merges member-wise). */
    update(patch: ConfigPatch): MockConfig
  }
  faults: {
    list(): FaultRule[]
    /** Adds a rule (contract section 9); throws a zod error for an invalid one. */
    add(rule: FaultRuleInput): FaultRule
    remove(id: string): boolean
    clear(): void
  }
  journal: {
    list(): JournalEntry[]
    clear(): void
  }
  clock: {
    now(): string
    advance(ms: number): string
  }
  /** Change notifications: every request served, and every state, fault, config or clock change. */
  subscribe(listener: MockListener): () => void
  /** Back to the seed data and the initial config; clears faults, journal, keys and rate counters. */
  reset(): void
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

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
  const runtime = createRuntime(resolved)
  const apiApp = createApiApp(resolved.basePath)
  const controlApp = createControlApp()
  const { basePath, events } = runtime

  function route(
    request: Request,
    state: RequestState,
  ): Response | Promise<Response> {
    if (
      state.path === CONTROL_PATH ||
      state.path.startsWith(`${CONTROL_PATH}/`)
    ) {
      return controlApp.fetch(request, { state, runtime })
    }
    if (state.path === basePath || state.path.startsWith(`${basePath}/`)) {
      return apiApp.fetch(request, { state, runtime })
    }
    return problemResponse(
      'not-found',
      {
        detail: `${state.path} is outside the API; it lives under ${basePath} (and the control API under ${CONTROL_PATH}).`,
      },
      { basePath, requestPath: state.path, requestId: state.requestId },
    )
  }

  function newState(request: Request): RequestState {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      // A Request always has an absolute URL; this only guards against a foreign object.
      url = new URL('http://hypermock.invalid/')
    }
    return {
      requestId: runtime.nextRequestId(),
      startedAt: 0,
      url,
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
  }

  function internalError(state: RequestState) {
    return problemResponse(
      'internal-error',
      { detail: 'The mock failed unexpectedly while answering this request.' },
      { basePath, requestPath: state.path, requestId: state.requestId },
    )
  }

  async function serve(request: Request, state: RequestState) {
    state.startedAt = resolved.now()
    const time = runtime.clock.iso()
    let raw: Response
    try {
      raw = await route(request, state)
    } catch (error) {
      resolved.onUnhandledError(error, request)
      raw = internalError(state)
    }
    const response = state.networkError
      ? Response.error()
      : finalizeResponse(request, state, raw)
    if (
      state.path !== CONTROL_PATH &&
      !state.path.startsWith(`${CONTROL_PATH}/`)
    ) {
      const entry = runtime.journal.record({
        time,
        method: request.method.toUpperCase(),
        path: state.path,
        status: response.status,
        durationMs: Math.max(0, resolved.now() - state.startedAt),
        fault: state.fault,
        // The parsed key; for a request stopped before parsing (a fault), the header as sent.
        idempotencyKey:
          state.idempotencyKey ?? request.headers.get('Idempotency-Key'),
        replayed: state.replayed,
      })
      events.emit({ type: 'request', entry })
      if (!SAFE_METHODS.has(entry.method)) events.emit({ type: 'state' })
    }
    return response
  }

  return {
    basePath,
    async fetch(request) {
      // Nothing escapes: even a failing clock or listener ends as a 500 problem, never a stack.
      const state = newState(request)
      try {
        return await serve(request, state)
      } catch (error) {
        resolved.onUnhandledError(error, request)
        return internalError(state)
      }
    },
    state: {
      snapshot: () => runtime.db.snapshot(),
      restore(snapshot) {
        runtime.db.load(parseSnapshot(structuredClone(snapshot)))
        events.emit({ type: 'state' })
      },
    },
    config: {
      get: () => structuredClone(runtime.config),
      update(patch) {
        runtime.config = validateConfig(
          mergeConfig(runtime.config, patch, resolved.config),
          'update the mock config',
        )
        if (patch.seed !== undefined) runtime.random.reseed(patch.seed)
        events.emit({ type: 'config' })
        return structuredClone(runtime.config)
      },
    },
    faults: {
      list: () => runtime.faults.list(),
      add(rule) {
        const stored = runtime.faults.add(rule)
        events.emit({ type: 'faults' })
        return stored
      },
      remove(id) {
        const removed = runtime.faults.remove(id)
        if (removed) events.emit({ type: 'faults' })
        return removed
      },
      clear() {
        runtime.faults.clear()
        events.emit({ type: 'faults' })
      },
    },
    journal: {
      list: () => runtime.journal.list(),
      clear() {
        runtime.journal.clear()
        events.emit({ type: 'journal' })
      },
    },
    clock: {
      now: () => runtime.clock.iso(),
      advance(ms) {
        runtime.clock.advance(ms)
        events.emit({ type: 'clock' })
        return runtime.clock.iso()
      },
    },
    subscribe: (listener) => events.subscribe(listener),
    reset: () => runtime.reset(),
  }
}
