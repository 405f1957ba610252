import {
  createMockApi as createEngineMockApi,
  createOpenApiDocument as createEngineOpenApiDocument,
  type ApiDeclaration,
  type MockApi as EngineMockApi,
  type MockApiOptions as EngineMockApiOptions,
  type OpenApiDocument,
  type StateSnapshot as EngineStateSnapshot,
} from './mock-server/index.ts'
import type { StoredMockApi } from './mock-server/create-mock-api.ts'
import type { MockStore } from './mock-server/store/mock-store.ts'
import { shopApi, type ShopApi } from './domains/shop/index.ts'

/**
 * The API served when none is named: the built-in shop. This file is the one place it is chosen;
 * the adapters (`msw/*`, `playwright/*`) name it through this type, never the shop itself.
 */
export type DefaultApi = ShopApi

/** What `createMockApi` takes; `api` is the built-in shop when left out. */
export type MockApiOptions<A extends ApiDeclaration = ShopApi> =
  EngineMockApiOptions<A>

/** One mock instance, typed from the declaration it serves (the built-in shop by default). */
export type MockApi<A extends ApiDeclaration = ShopApi> = EngineMockApi<A>

/** The whole data state as plain JSON, each table typed from the declaration (the shop's by default). */
export type StateSnapshot<A extends ApiDeclaration = ShopApi> =
  EngineStateSnapshot<A>

/**
 * Creates one independent instance of the mock API: its own data, clock and settings. The same
 * instance serves msw's worker, msw's `setupServer`, the standalone server, or direct calls. With
 * no `api` it serves the built-in shop (`hypermock-api/shop`).
 *
 * @example
 * const api = createMockApi()
 * const response = await api.fetch(new Request('http://localhost/api/orders/1', {
 *   headers: { Authorization: 'Bearer customer-1-token' },
 * }))
 * // Your own API: createMockApi({ api: defineApi({ name, resources }) })
 */
export function createMockApi<A extends ApiDeclaration = ShopApi>(
  options: MockApiOptions<A> & { store: MockStore },
): StoredMockApi<A>
export function createMockApi<A extends ApiDeclaration = ShopApi>(
  options?: MockApiOptions<A>,
): MockApi<A>
export function createMockApi<A extends ApiDeclaration = ShopApi>(
  options: MockApiOptions<A> = {},
): MockApi<A> {
  return createEngineMockApi(withDefaultApi(options))
}

/** The options with the built-in shop as `api` when they name none. */
export function withDefaultApi<A extends ApiDeclaration = ShopApi>(
  options: MockApiOptions<A>,
): MockApiOptions<A> & { api: A } {
  return { ...options, api: options.api ?? (shopApi as unknown as A) }
}

/**
 * The OpenAPI 3.1 description of the API a mock with these options serves (the built-in shop by
 * default, or `api`), generated from its declaration; the same document `GET <base>/openapi.json`
 * answers with.
 *
 * @example
 * writeFileSync('openapi.json', JSON.stringify(createOpenApiDocument({ api: library }), null, 2))
 */
export function createOpenApiDocument<A extends ApiDeclaration = ShopApi>(
  options: Pick<MockApiOptions<A>, 'basePath' | 'api'> = {},
): OpenApiDocument {
  return createEngineOpenApiDocument({
    ...options,
    api: options.api ?? (shopApi as unknown as A),
  })
}
