import { fail } from '../problems/problem-error.ts'

/**
 * 412 when `If-Match` is present and names neither `*` nor the current ETag. Every write to an item
 * checks this one way, whichever convention serves it: a declared resource's, an imported one's.
 */
export function checkIfMatch(request: Request, etag: string) {
  const header = request.headers.get('If-Match')
  if (header === null) return
  const tags = header.split(',').map((tag) => tag.trim())
  if (tags.includes('*') || tags.includes(etag)) return
  fail('precondition-failed', {
    detail: `If-Match ${header} does not match the current ETag ${etag}: the resource changed since you read it. Read it again and retry.`,
  })
}
