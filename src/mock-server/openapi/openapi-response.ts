import { HttpResponse } from '../http-response.ts'
import type { RouteSpec } from '../route-spec.ts'
import {
  buildOpenApiDocument,
  type OpenApiDocument,
} from './create-openapi-document.ts'

// Built once per base path: the description depends on nothing else, and building it walks every schema.
const cache = new Map<string, string>()

export function openApiJson(routes: readonly RouteSpec[], basePath: string) {
  let text = cache.get(basePath)
  if (text === undefined) {
    text = JSON.stringify(buildOpenApiDocument(routes, basePath))
    cache.set(basePath, text)
  }
  return text
}

/** A fresh copy of the description, so a caller may change it freely. */
export function openApiDocument(
  routes: readonly RouteSpec[],
  basePath: string,
): OpenApiDocument {
  return JSON.parse(openApiJson(routes, basePath)) as OpenApiDocument
}

/** `GET <base>/openapi.json`: public and cacheable, like the root that links to it. */
export function openApiResponse(
  routes: readonly RouteSpec[],
  basePath: string,
) {
  return HttpResponse.text(openApiJson(routes, basePath), {
    headers: { 'Content-Type': 'application/json' },
  })
}
