import { isObject } from './openapi-document.ts'

/** The name an item of a refusal's list gives its field, in the shapes APIs use. */
function fieldOf(item: unknown): string | null {
  if (!isObject(item)) return null
  for (const member of ['field', 'pointer', 'name', 'path', 'property'])
    if (typeof item[member] === 'string' && item[member] !== '')
      return item[member]
  // FastAPI and pydantic: `loc: ["body", "name"]`.
  if (Array.isArray(item.loc))
    return item.loc.filter((part) => part !== 'body').join('.') || null
  return null
}

/**
 * The fields a refused request's answer names: `errors` (hypermock's and most APIs'),
 * `invalid-params` (RFC 9457's example) or FastAPI's `detail`, each once, in order.
 */
export function namedFields(body: unknown): string[] {
  if (!isObject(body)) return []
  const lists = [body.errors, body['invalid-params'], body.detail].filter(
    Array.isArray,
  )
  return [
    ...new Set(
      lists.flatMap((list: unknown[]) =>
        list.map(fieldOf).filter((field) => field !== null),
      ),
    ),
  ]
}
