/**
 * The reference client numbers its operations from `op-1` on every page load, so a timeline link
 * (`?op=op-3`) opened in another tab or after a reload would name that page's own, unrelated
 * operation. The playground prefixes each id with one made for this page load: a link from an
 * older page then names no row instead of the wrong one.
 */
const pageLoad =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().slice(0, 8)
    : Math.random().toString(36).slice(2, 10)

export function pageOperationId(operationId: string): string {
  return operationId.startsWith(`${pageLoad}-`)
    ? operationId
    : `${pageLoad}-${operationId}`
}
