import type { MockControls } from './controls.ts'
import { createRuntime } from './create-runtime.ts'
import type { MockListener } from './events.ts'
import { mockApiOf } from './mock-api-of.ts'
import { openApiDocument } from './openapi/openapi-response.ts'
import type { OpenApiDocument } from './openapi/create-openapi-document.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'
import { compiledApi } from './declare/compiled-api-cache.ts'
import type { ApiDeclaration, DataHandles, RecordOf } from './declare/types.ts'
import { shopApi, type ShopApi } from '../domains/shop/index.ts'
import type { TokenEntry } from './auth/tokens.ts'
import { problemCatalogue as builtInProblems } from './problems/catalogue.ts'
import type { StateSnapshot as AnySnapshot } from './store/types.ts'

export type { MockApiOptions, MockConfig, RateLimitConfig } from './options.ts'
export type { MockControls } from './controls.ts'
export type { Principal, Scope, TokenEntry } from './auth/tokens.ts'
export type {
  FaultEffect,
  FaultRule,
  FaultRuleInput,
} from './faults/fault-rule.ts'
export type { JournalEntry } from './journal.ts'
export type { MockEvent, MockListener } from './events.ts'
export * from './declare/index.ts'
export { shopApi, type ShopApi } from '../domains/shop/index.ts'
export { InvalidSnapshotError } from './store/snapshot-schema.ts'
export {
  MockControlError,
  isMockControlError,
} from './control/control-error.ts'
export { limits } from './limits.ts'
export { CONTROL_PATH } from './control/control-path.ts'
export { faultKinds, faultMethods, faultStatuses } from './faults/fault-rule.ts'
export { defaultRateLimit } from './rate-limit/rate-limiter.ts'
export { statusPhrases } from './problems/status-phrases.ts'
export type { OpenApiDocument } from './openapi/create-openapi-document.ts'
export { applyScenario } from './scenarios/apply-scenario.ts'
export { scenarios, type ScenarioId } from '../domains/shop/scenarios.ts'
export {
  InvalidScenarioError,
  type ResolvedScenario,
  type Scenario,
  type ScenarioStep,
} from './scenarios/scenario-schema.ts'

/** The whole data state as plain JSON, each table typed from the declaration. */
export type StateSnapshot<A extends ApiDeclaration = ShopApi> = AnySnapshot<
  TablesOf<A>
>

/** Each table's rows, typed from the declaration. */
export type TablesOf<A> =
  A extends ApiDeclaration<infer Resources, infer _P>
    ? { -readonly [K in keyof Resources]: RecordOf<Resources[K]>[] }
    : Record<string, Record<string, unknown>[]>

export interface MockApi<A extends ApiDeclaration = ShopApi> extends Omit<
  MockControls,
  'state'
> {
  state: {
    /** The whole data state as plain JSON (a deep copy). */
    snapshot(): StateSnapshot<A>
    /** Replaces the data state; an invalid snapshot throws `InvalidSnapshotError` and changes nothing. */
    restore(snapshot: unknown): void
  }
  /** Answers one request, exactly as the HTTP API would. A network-level fault is `Response.error()`. */
  fetch(request: Request): Promise<Response>
  /** The base's path: '' for an API at the root. */
  readonly basePath: string
  /** The base's origin where it has a host (`https://api.example.com`), else ''. */
  readonly origin: string
  /** Where the control API answers (`/__mock`). */
  readonly controlPath: string
  /** The declaration this instance serves. */
  readonly declaration: A
  /**
   * The data, one typed handle per resource: `api.data.books.get(1)`, `insert`, `update`. Writes
   * here change the state as a request would, and notify subscribers.
   */
  readonly data: DataHandles<A>
  /** Whether a URL is the API's or the control API's (what msw hands to this instance). */
  owns(url: URL): boolean
  /** Change notifications: every request served, and every state, fault, config or clock change. */
  subscribe(listener: MockListener): () => void
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
export function createMockApi<A extends ApiDeclaration = ShopApi>(
  options: MockApiOptions<A> = {},
): MockApi<A> {
  return mockApiOf(
    createRuntime(resolveOptions(options)),
  ) as unknown as MockApi<A>
}

/** The built-in domain's seed: the guaranteed fixtures (contract section 11), as a snapshot. */
export function createSeed(): StateSnapshot {
  // A copy of its own: the caller may change it (the engine's seed rows are shared and frozen).
  return structuredClone({
    schemaVersion: 1,
    ...compiledApi(shopApi).seed(1),
    idempotencyKeys: [],
  }) as unknown as StateSnapshot
}

/**
 * Every problem type the default mock answers with: the built-in ones and the built-in domain's
 * own (`insufficient-funds`). A declared API adds its own beside the built-in ones.
 */
export const problemCatalogue = {
  ...builtInProblems,
  ...shopApi.problems,
} as typeof builtInProblems & NonNullable<typeof shopApi.problems>

export type ProblemSlug = keyof typeof problemCatalogue

/** The built-in domain's tokens (contract section 4). */
export const defaultTokens: Record<string, TokenEntry> =
  compiledApi(shopApi).tokens!

/**
 * The OpenAPI 3.1 description of the API a mock with these options serves (the built-in domain by
 * default, or `api`), generated from its declaration; the same document `GET <base>/openapi.json`
 * answers with.
 *
 * @example
 * writeFileSync('openapi.json', JSON.stringify(createOpenApiDocument({ api: library }), null, 2))
 */
export function createOpenApiDocument<A extends ApiDeclaration = ShopApi>(
  options: Pick<MockApiOptions<A>, 'basePath' | 'api'> = {},
): OpenApiDocument {
  const resolved = resolveOptions(options)
  return openApiDocument(resolved.api, `${resolved.origin}${resolved.basePath}`)
}
