/**
 * The OpenAPI importer: a description in, a declaration of hypermock's model out, served with
 * state and every convention. Its own entry, so ajv and the parser load only for those who use it.
 */
export { importOpenApi, fromOpenApi } from './from-openapi.ts'
export { createMockApi, type OpenApiMockOptions } from './create-mock-api.ts'
export { loadOpenApi, InvalidOpenApiError } from './load-openapi.ts'
export type { OpenApiFinding } from './load-openapi.ts'
export { formatReport } from './format-report.ts'
export { STATELESS_HEADER } from './example-operation.ts'
export type {
  ImportReport,
  ImportedApi,
  OpenApiOverrides,
  OperationReport,
  ServedAs,
} from './import-types.ts'
