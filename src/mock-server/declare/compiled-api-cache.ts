import { metaRoutes } from '../routes.ts'
import { compileApi, type CompiledApi } from './compile-api.ts'
import type { ApiDeclaration } from './types.ts'

const cache = new WeakMap<ApiDeclaration, CompiledApi>()

/**
 * A declaration is checked and compiled once, whatever number of instances serve it: creating a
 * mock stays cheap, and a bad declaration fails at the first `createMockApi`.
 */
export function compiledApi(declaration: ApiDeclaration): CompiledApi {
  let api = cache.get(declaration)
  if (!api) {
    api = compileApi(declaration, metaRoutes)
    cache.set(declaration, api)
  }
  return api
}
