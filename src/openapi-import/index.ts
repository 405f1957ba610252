/**
 * The OpenAPI importer: a description in, a declaration of hypermock's model out, served with
 * state and every convention. Its own entry, so ajv and the parser load only for those who use it.
 */
export { importOpenApi, fromOpenApi } from './from-openapi.ts'
export {
  createOpenApiMock,
  type OpenApiMockOptions,
} from './create-openapi-mock.ts'
import { createOpenApiMock } from './create-openapi-mock.ts'
/** @deprecated The engine's `createMockApi` takes a declaration; this one a description: use `createOpenApiMock`. */
export const createMockApi = createOpenApiMock
export { loadOpenApi, InvalidOpenApiError } from './load-openapi.ts'
export type { OpenApiFinding } from './load-openapi.ts'
export { formatReport } from './format-report.ts'
export { formatSummary } from './format-summary.ts'
export { STATELESS_HEADER } from './example-operation.ts'
export type {
  ImportReport,
  ImportedApi,
  OpenApiOverrides,
  OperationReport,
  ServedAs,
} from './import-types.ts'
