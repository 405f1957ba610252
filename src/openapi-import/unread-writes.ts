import type { DocOperation } from './openapi-reader.ts'

const unnamed = (path: string) => path.replace(/\{[^}]+\}/g, '{}')

/**
 * A `POST` below a parameter of which no `GET` of the description reads anything
 * (GitHub's `POST /app-manifests/{code}/conversions`, which trades a one-time code for an app,
 * and `POST /applications/{client_id}/token`, which checks a token): no record it makes is ever
 * read back there, so it is answered from its description, keeping no state.
 */
export function unreadWrite(
  op: DocOperation,
  operations: readonly DocOperation[],
): boolean {
  if (op.method !== 'post') return false
  const path = unnamed(op.path)
  const at = path.indexOf('{}')
  if (at === -1) return false
  const below = path.slice(0, at + 2)
  return !operations.some(
    (o) => o.method === 'get' && unnamed(o.path).startsWith(below),
  )
}
