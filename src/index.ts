/**
 * The package's root entry (`hypermock-api`): the engine's public API, for any declared API.
 * `createMockApi()` with no `api` serves the built-in shop, wired here rather than in the engine;
 * the shop's own names (`shopApi`, `scenarios`, `ScenarioId`, `ShopApi`) are the
 * `hypermock-api/shop` entry.
 *
 * Every name is listed on purpose: `tests/docs/exports-documented.test.ts` pins the list.
 */
export {
  createMockApi,
  createOpenApiDocument,
  type MockApi,
  type MockApiOptions,
  type StateSnapshot,
} from './default-mock-api.ts'
export {
  applyScenario,
  InvalidScenarioError,
  InvalidSnapshotError,
  isMockControlError,
  MockControlError,
  operationsJsonSchema,
  type Attempt,
  type FaultEffect,
  type FaultRule,
  type FaultRuleInput,
  type Grouping,
  type JournalEntry,
  type MockConfig,
  type MockControls,
  type MockEvent,
  type MockListener,
  type OpenApiDocument,
  type Operation,
  type RateLimitConfig,
  type ResolvedScenario,
  type TablesOf,
  type Verdict,
  type VerdictId,
  type Wait,
} from './mock-server/index.ts'
export * from './mock-server/declare/index.ts'
