import { openApiDocument } from './openapi/openapi-response.ts'
import type { OpenApiDocument } from './openapi/create-openapi-document.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'
import { compiledApi } from './declare/compiled-api-cache.ts'
import { shopApi, type ShopApi } from '../domains/shop/index.ts'
import type { TokenEntry } from './auth/tokens.ts'
import { problemCatalogue as builtInProblems } from './problems/catalogue.ts'
import type { StateSnapshot } from './create-mock-api.ts'
import type { ApiDeclaration } from './declare/types.ts'

export {
  createMockApi,
  type MockApi,
  type StateSnapshot,
  type TablesOf,
} from './create-mock-api.ts'
export type { MockApiOptions, MockConfig, RateLimitConfig } from './options.ts'
export type { MockControls } from './controls.ts'
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

/**
 * Every problem type the default mock answers with: the built-in ones and the built-in domain's
 * own (`insufficient-funds`). A declared API adds its own beside the built-in ones.
 */
export const problemCatalogue = {
  ...builtInProblems,
  ...shopApi.problems,
} as typeof builtInProblems & NonNullable<typeof shopApi.problems>

export type ProblemSlug = keyof typeof problemCatalogue

/** The built-in domain's seed: the guaranteed fixtures, as a snapshot. */
export function createSeed(): StateSnapshot {
  // A copy of its own: the caller may change it (the engine's seed rows are shared and frozen).
  return structuredClone({
    schemaVersion: 1,
    ...compiledApi(shopApi).seed(1),
    idempotencyKeys: [],
  }) as unknown as StateSnapshot
}

/** The built-in domain's tokens (concepts/authentication.md#unauthenticated-401). */
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
