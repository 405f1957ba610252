import {
  createOpenApiDocument,
  type ApiDeclaration,
} from '../../../src/index.ts'

/**
 * A check that each (method, path template, status) a mock answers with is listed by the OpenAPI
 * description generated for it: the description is assembled from the routes' conventions and the
 * stages' answers, so a status one of them answers without saying so fails here.
 */
export function describedStatuses(basePath: string, api?: ApiDeclaration) {
  const doc = createOpenApiDocument({ basePath, ...(api && { api }) })
  const templates = Object.keys(doc.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }))
  /** Why the answer is not described, or `null` when it is (or no operation is at stake). */
  return (method: string, url: string, status: number): string | null => {
    const pathname = new URL(url, 'http://hypermock.invalid').pathname
    const template = templates.find((t) => t.pattern.test(pathname))
    // An unknown path (404) has no operation; nor has a method no path lists (405 everywhere).
    if (!template) return null
    const operation = doc.paths[template.path]?.[method.toLowerCase()] as
      | { responses: Record<string, unknown> }
      | undefined
    if (!operation) return null
    if (Object.hasOwn(operation.responses, String(status))) return null
    return `${method} ${template.path} answered ${status}, which its description does not list (it lists ${Object.keys(operation.responses).join(', ')})`
  }
}
