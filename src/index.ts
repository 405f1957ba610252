/**
 * The package's root entry (`hypermock-api`): the engine's public entry, with the built-in shop
 * as the default API. `createMockApi()` with no `api` serves the shop; the shop itself is the
 * `hypermock-api/shop` entry, declared with the engine's public entry alone.
 */
export * from './mock-server/index.ts'
export {
  createMockApi,
  createOpenApiDocument,
  type MockApi,
  type MockApiOptions,
  type StateSnapshot,
} from './default-mock-api.ts'
export {
  createSeed,
  defaultTokens,
  problemCatalogue,
  type ProblemSlug,
} from './shop-fixtures.ts'
export {
  scenarios,
  shopApi,
  type ScenarioId,
  type ShopApi,
} from './domains/shop/index.ts'
