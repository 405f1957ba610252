import { isObject } from '../common/is-object.ts'
/** The parts of an OpenAPI 3 description the checker reads; everything else is ignored. */
export type JsonSchema = Record<string, unknown>

export interface OpenApiOperation {
  parameters?: unknown[]
  requestBody?: unknown
  responses?: unknown
}

export interface OpenApiDocument {
  servers?: { url?: string }[]
  paths?: Record<string, Record<string, unknown>>
  components?: Record<string, unknown>
}

/** Follows local `$ref`s (`#/components/...`), at most 20 deep so a cycle cannot hang the run. */
export function resolveRef(
  doc: OpenApiDocument,
  value: unknown,
  depth = 0,
): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || depth > 20)
    return value
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) => (isObject(node) ? node[part] : undefined),
      doc,
    )
  return resolveRef(doc, target, depth + 1)
}

/**
 * The path the description's operations live under on the checked server. A server on the base
 * URL's origin (or a relative one) says it; a server elsewhere (production, while a mock or a local
 * copy is checked) is stood in for by the base URL, so its path is the base URL's, never grafted on.
 */
function serverPath(doc: OpenApiDocument, base: URL): string {
  const urls = (doc.servers ?? []).flatMap((server) => {
    if (typeof server?.url !== 'string') return []
    try {
      // Server variables are not expanded: `{version}` stays a literal segment of a path not served.
      return [new URL(server.url, base)]
    } catch {
      return []
    }
  })
  if (urls.length === 0) return ''
  const here = urls.find((url) => url.origin === base.origin)
  return (here ?? base).pathname.replace(/\/+$/, '')
}

/** The description's path templates as full paths on the server, e.g. `/api/orders/{id}`. */
export function fullPaths(
  doc: OpenApiDocument,
  base: URL,
): { template: string; full: string }[] {
  const prefix = serverPath(doc, base)
  return Object.keys(doc.paths ?? {}).map((template) => ({
    template,
    full: template.startsWith(prefix) ? template : `${prefix}${template}`,
  }))
}

const templateMatches = (full: string, pathname: string) =>
  new RegExp(
    `^${full
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  ).test(pathname)

/**
 * The description's paths a concrete path is on. A concrete path key that matches wins, with
 * every method it has or lacks: OpenAPI matches the path before the method, concrete paths before
 * templated ones, so `POST /pet/findByStatus` is no `POST /pet/{petId}`.
 */
function pathsOn(doc: OpenApiDocument, base: URL, pathname: string) {
  const matching = fullPaths(doc, base).filter(({ full }) =>
    templateMatches(full, pathname),
  )
  const concrete = matching.filter(({ full }) => !full.includes('{'))
  return concrete.length > 0 ? concrete : matching
}

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
] as const

/** An operation as the description declares it, with where it lives in the document. */
export interface DescribedOperation {
  method: string
  /** The path key, e.g. `/orders/{id}`. */
  template: string
  /** The full path on the server, e.g. `/api/orders/{id}`. */
  full: string
  operation: Record<string, unknown>
  /** A JSON pointer to the operation, e.g. `#/paths/~1orders~1{id}/get`. */
  pointer: string
}

const escapePointer = (part: string) =>
  part.replaceAll('~', '~0').replaceAll('/', '~1')

/** Every operation of the description, in its order. */
export function describedOperations(
  doc: OpenApiDocument,
  base: URL,
): DescribedOperation[] {
  return fullPaths(doc, base).flatMap(({ template, full }) => {
    const item = resolveRef(doc, doc.paths?.[template])
    if (!isObject(item)) return []
    return HTTP_METHODS.flatMap((method) => {
      const operation = item[method]
      return isObject(operation)
        ? [
            {
              method: method.toUpperCase(),
              template,
              full,
              operation,
              pointer: `#/paths/${escapePointer(template)}/${method}`,
            },
          ]
        : []
    })
  })
}

/**
 * The operation the description declares for a method on a concrete path, `null` when it has
 * none (a HEAD is read as its GET). Concrete paths win over templates (`/orders/new` before
 * `/orders/{id}`), whatever methods each has.
 */
export function operationFor(
  doc: OpenApiDocument,
  base: URL,
  method: string,
  pathname: string,
): DescribedOperation | null {
  const wanted = method.toUpperCase()
  const on = new Set(pathsOn(doc, base, pathname).map(({ full }) => full))
  const all = describedOperations(doc, base).filter((o) => on.has(o.full))
  const pick = (m: string) => all.find((o) => o.method === m) ?? null
  return pick(wanted) ?? (wanted === 'HEAD' ? pick('GET') : null)
}

export { escapePointer }

/**
 * Whether an operation can succeed: a 2xx, 3xx or default response. A description may document a
 * method only to say it is refused (a 405 with `Allow`): that operation is not offered.
 */
const succeeds = (operation: Record<string, unknown>) =>
  !isObject(operation.responses) ||
  Object.keys(operation.responses).some((code) =>
    /^([23]|default$)/i.test(code),
  )

/** The operation for a method on a concrete path, `null` when the description has none it offers. */
export function findOperation(
  doc: OpenApiDocument,
  base: URL,
  method: string,
  pathname: string,
): OpenApiOperation | null {
  for (const { template } of pathsOn(doc, base, pathname)) {
    const operation = doc.paths?.[template]?.[method.toLowerCase()]
    if (isObject(operation) && succeeds(operation)) return operation
  }
  return null
}

/** The JSON request body's schema and examples (the first as `example`) of an operation. */
export function requestBodyOf(
  doc: OpenApiDocument,
  operation: OpenApiOperation,
) {
  const body = resolveRef(doc, operation.requestBody)
  const content = isObject(body) && isObject(body.content) ? body.content : {}
  const media = Object.entries(content).find(([type]) =>
    /json/i.test(type),
  )?.[1]
  if (!isObject(media)) return null
  const schema = resolveRef(doc, media.schema)
  // Every example the description gives, in the order a reader meets them.
  const examples = [
    ...(media.example === undefined ? [] : [media.example]),
    ...(isObject(media.examples) ? Object.values(media.examples) : [])
      .map((entry) => resolveRef(doc, entry))
      .filter(isObject)
      .map((entry) => entry.value)
      .filter((value) => value !== undefined),
    ...(isObject(schema) && Array.isArray(schema.examples)
      ? schema.examples
      : []),
    ...(isObject(schema) && schema.example !== undefined
      ? [schema.example]
      : []),
  ]
  return {
    schema: isObject(schema) ? schema : null,
    example: examples[0],
    examples,
  }
}

/** Names of the query parameters an operation declares. */
export function queryParameterNames(
  doc: OpenApiDocument,
  operation: OpenApiOperation,
): string[] {
  return (operation.parameters ?? [])
    .map((parameter) => resolveRef(doc, parameter))
    .filter(
      (p): p is Record<string, unknown> =>
        isObject(p) && p.in === 'query' && typeof p.name === 'string',
    )
    .map((p) => p.name as string)
}

export { isObject }
