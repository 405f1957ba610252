import type { StateSnapshot } from '../../src/mock-server/index.ts'
import { compiledApi } from '../../src/mock-server/declare/compiled-api-cache.ts'
import { problemCatalogue as engineProblems } from '../../src/mock-server/problems/catalogue.ts'
import { shopApi, type ShopApi } from '../../src/domains/shop/index.ts'

/**
 * Every problem type the default mock answers with: the engine's own and the shop's declared ones
 * (`insufficient-funds`). A declared API's problems sit beside the engine's in its own mock.
 */
export const problemCatalogue = {
  ...engineProblems,
  ...shopApi.problems,
} as typeof engineProblems & NonNullable<ShopApi['problems']>

/** The slug of a problem type the default mock answers with. */
export type ProblemSlug = keyof typeof problemCatalogue

/**
 * The shop's seed, the data every default mock starts from, as a snapshot of its own: what a fresh
 * `createMockApi().state.snapshot()` holds, without building a mock.
 */
export function createSeed(): StateSnapshot<ShopApi> {
  // A copy of its own: the caller may change it (the engine's seed rows are shared and frozen).
  return structuredClone({
    schemaVersion: 1,
    ...compiledApi(shopApi).seed(1),
    idempotencyKeys: [],
  }) as unknown as StateSnapshot<ShopApi>
}
