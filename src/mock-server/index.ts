/**
 * The engine's public entry: the conventions, the declaration API and the controls, for any
 * declared API. It knows no domain; the package's root entry (`src/index.ts`) adds the built-in
 * shop as the default, and the shop itself (`hypermock-api/shop`) is declared with this entry alone.
 */
import { openApiJson } from './openapi/openapi-response.ts'
import type { OpenApiDocument } from './openapi/build-openapi-document.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'
import type { ApiDeclaration } from './declare/types.ts'

export {
  createMockApi,
  type MockApi,
  type StateSnapshot,
  type TablesOf,
} from './create-mock-api.ts'
export type { MockApiOptions, MockConfig, RateLimitConfig } from './options.ts'
export type { MockControls } from './controls.ts'
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
export { operationsJsonSchema } from '../operations/operations-json-schema.ts'
export type { MockEvent, MockListener } from './events.ts'
export * from './declare/index.ts'
export { InvalidSnapshotError } from './store/snapshot-schema.ts'
export {
  MockControlError,
  isMockControlError,
} from './control/control-error.ts'
export type { OpenApiDocument } from './openapi/build-openapi-document.ts'
export { applyScenario } from './scenarios/apply-scenario.ts'
export {
  InvalidScenarioError,
  type ResolvedScenario,
  type Scenario,
  type ScenarioStep,
} from './scenarios/scenario-schema.ts'

/**
 * The OpenAPI 3.1 description of the API a mock with these options serves, generated from its
 * declaration; the same document `GET <base>/openapi.json` answers with.
 *
 * @example
 * writeFileSync('openapi.json', JSON.stringify(createOpenApiDocument({ api: library }), null, 2))
 */
export function createOpenApiDocument<A extends ApiDeclaration>(
  options: Pick<MockApiOptions<A>, 'basePath'> & { api: A },
): OpenApiDocument {
  const resolved = resolveOptions(options)
  // A fresh copy, so a caller may change it freely.
  const text = openApiJson(
    resolved.api,
    `${resolved.origin}${resolved.basePath}`,
  )
  return JSON.parse(text) as OpenApiDocument
}
