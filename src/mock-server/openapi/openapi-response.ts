import type { CompiledApi } from '../route-spec.ts'
import { HttpResponse } from '../http-response.ts'
import { buildOpenApiDocument } from './build-openapi-document.ts'

// Built once per API and base: the description depends on nothing else, and building it walks
// every schema. Keyed by the compiled API, so it goes with it.
const cache = new WeakMap<CompiledApi, Map<string, string>>()

/** The description as JSON text, built once per API and base. */
export function openApiJson(api: CompiledApi, base: string) {
  let byBase = cache.get(api)
  if (!byBase) {
    byBase = new Map()
    cache.set(api, byBase)
  }
  let text = byBase.get(base)
  if (text === undefined) {
    text = JSON.stringify(buildOpenApiDocument(api, base))
    if (byBase.size < 16) byBase.set(base, text)
  }
  return text
}

/** `GET <base>/openapi.json`: public and cacheable, like the root that links to it. */
export function openApiResponse(api: CompiledApi, base: string) {
  return HttpResponse.text(openApiJson(api, base), {
    headers: { 'Content-Type': 'application/json' },
  })
}
