import { createControls, type MockControls } from './controls.ts'
import { createRuntime } from './create-runtime.ts'
import type { MockListener } from './events.ts'
import { createRequestHandler } from './handle-request.ts'
import { openApiDocument } from './openapi/openapi-response.ts'
import type { OpenApiDocument } from './openapi/create-openapi-document.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'
import { routes } from './routes.ts'

export type { MockApiOptions, MockConfig, RateLimitConfig } from './options.ts'
export type { MockControls } from './controls.ts'
export type { StateSnapshot } from './store/types.ts'
export type { Principal, Scope, TokenEntry } from './auth/tokens.ts'
export type {
  FaultEffect,
  FaultRule,
  FaultRuleInput,
} from './faults/fault-rule.ts'
export type { JournalEntry } from './journal.ts'
export type {
  Attempt,
  Grouping,
  Operation,
  Verdict,
  VerdictId,
  Wait,
} from '../operations/operation.ts'
export { buildOperations } from '../operations/build-operations.ts'
export { operationsJsonSchema } from '../operations/operations-json-schema.ts'
export type { MockEvent, MockListener } from './events.ts'
export { defaultTokens } from './auth/tokens.ts'
export { createSeed } from './store/seed.ts'
export { InvalidSnapshotError } from './store/snapshot-schema.ts'
export {
  MockControlError,
  isMockControlError,
} from './control/control-error.ts'
export { limits } from './limits.ts'
export { problemCatalogue, type ProblemSlug } from './problems/catalogue.ts'
export { CONTROL_PATH } from './control/control-path.ts'
export { faultKinds, faultMethods, faultStatuses } from './faults/fault-rule.ts'
export { defaultRateLimit } from './rate-limit/rate-limiter.ts'
export { statusPhrases } from './problems/status-phrases.ts'
export type { OpenApiDocument } from './openapi/create-openapi-document.ts'
export { applyScenario } from './scenarios/apply-scenario.ts'
export { scenarios, type ScenarioId } from './scenarios/built-in-scenarios.ts'
export {
  InvalidScenarioError,
  type ResolvedScenario,
  type Scenario,
  type ScenarioStep,
} from './scenarios/scenario-schema.ts'

export interface MockApi extends MockControls {
  /** Answers one request, exactly as the HTTP API would. A network-level fault is `Response.error()`. */
  fetch(request: Request): Promise<Response>
  readonly basePath: string
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
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const runtime = createRuntime(resolveOptions(options))
  return {
    ...createControls(runtime),
    basePath: runtime.basePath,
    fetch: createRequestHandler(runtime),
    subscribe: (listener) => runtime.events.subscribe(listener),
  }
}

/**
 * The OpenAPI 3.1 description of the API a mock with this `basePath` serves, generated from the
 * same schemas and route table; the same document `GET <basePath>/openapi.json` answers with.
 *
 * @example
 * writeFileSync('openapi.json', JSON.stringify(createOpenApiDocument(), null, 2))
 */
export function createOpenApiDocument(
  options: Pick<MockApiOptions, 'basePath'> = {},
): OpenApiDocument {
  return openApiDocument(routes, resolveOptions(options).basePath)
}
