import { openApiDocument } from './openapi/openapi-response.ts'
import type { OpenApiDocument } from './openapi/create-openapi-document.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'
import { routes } from './routes.ts'

export { createMockApi, type MockApi } from './create-mock-api.ts'
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
