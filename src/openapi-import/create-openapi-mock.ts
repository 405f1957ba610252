import {
  createMockApi as createDeclaredMockApi,
  type ApiDeclaration,
  type MockApi,
  type MockApiOptions,
} from '../index.ts'
import { importOpenApi } from './from-openapi.ts'
import type { OpenApiOverrides } from './import-types.ts'
import type { Json } from './schema-view.ts'

/** What `createOpenApiMock` takes: the mock's options, the description and what it cannot say. */
export interface OpenApiMockOptions extends Omit<
  MockApiOptions<ApiDeclaration>,
  'api'
> {
  /** The description: an object with local `$ref`s only (`await loadOpenApi(file)` bundles others). */
  openapi: Json
  /** What the description cannot say: states and transitions, tokens, seed counts. */
  overrides?: OpenApiOverrides
}

/**
 * A mock of an OpenAPI description, with state and every convention: the description imported into
 * a declaration (`importOpenApi`), then served by the engine's `createMockApi`.
 *
 * @example
 * const api = createOpenApiMock({ openapi: await loadOpenApi('./openapi.yaml') })
 */
export function createOpenApiMock({
  openapi,
  overrides,
  ...options
}: OpenApiMockOptions): MockApi<ApiDeclaration> {
  return createDeclaredMockApi({
    ...options,
    api: importOpenApi(openapi, overrides).api,
  })
}
