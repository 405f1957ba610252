import { itemRoutePathOk } from '../mock-server/declare/check-declaration.ts'
import { LITERAL } from './engine-shape.ts'
import type { DocOperation } from './openapi-reader.ts'

const TEMPLATE = /^\{[^}]+\}$/
const unnamed = (path: string) => path.replace(/\{[^}]+\}/g, '{}')

/** The paths a description reads at, and all its paths, parameters unnamed: once per import. */
const indexes = new WeakMap<
  readonly DocOperation[],
  { reads: Set<string>; paths: string[] }
>()
function indexOf(operations: readonly DocOperation[]) {
  let index = indexes.get(operations)
  if (!index) {
    const paths = operations.map((o) => unnamed(o.path))
    index = {
      reads: new Set(paths.filter((_, i) => operations[i]!.method === 'get')),
      paths,
    }
    indexes.set(operations, index)
  }
  return index
}

/**
 * Where a `POST` acts on an item (`/invoices/{invoice}/mark_uncollectible`,
 * `/threads/{thread_id}/runs/{run_id}/cancel`, `/apps/{app_id}/rollback/revert`): the item's path
 * the description reads one record at, and the literal segments below it. None where the path is
 * a collection of its own (a list at it, or an item below it), or passes through one.
 *
 * An item read at a shorter path acts at this one `under` the literals before its key (Stripe's
 * `/test_helpers/issuing/cards/{card}/shipping/ship` on a card of `/issuing/cards/{card}`), where
 * the path names no other parameter.
 */
export function actionBelowItem(
  op: DocOperation,
  operations: readonly DocOperation[],
): { item: string; sub: string; under?: string } | undefined {
  if (op.method !== 'post') return undefined
  const parts = op.path.split('/')
  const last = parts.findLastIndex((part) => TEMPLATE.test(part))
  if (last < 2 || last === parts.length - 1) return undefined
  const sub = parts.slice(last + 1).join('/')
  if (!itemRoutePathOk(sub)) return undefined
  const { reads, paths } = indexOf(operations)
  // A list at the path or at a path between: a collection, not an action.
  for (let end = last + 2; end <= parts.length; end++)
    if (reads.has(unnamed(parts.slice(0, end).join('/')))) return undefined
  const below = `${unnamed(op.path)}/{`
  if (paths.some((path) => path.startsWith(below))) return undefined
  const item = parts.slice(0, last + 1).join('/')
  if (reads.has(unnamed(item))) return { item, sub }
  const literals = parts.slice(1, last)
  if (!literals.every((part) => LITERAL.test(part))) return undefined
  for (let skip = 1; skip < literals.length; skip++) {
    const tail = `/${parts.slice(1 + skip, last + 1).join('/')}`
    if (reads.has(unnamed(tail)))
      return { item: tail, sub, under: `/${literals.join('/')}` }
  }
  return undefined
}
