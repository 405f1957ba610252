import type { Id } from '../mock-server/declare/types.ts'

/**
 * Rows are stored in chunks: ids 0–499 in chunk 0, and so on (string ids by a hash). One IndexedDB
 * record per row made a 100,000-order import 100,000 requests; per chunk it is 200, and a request
 * that pays an order rewrites two chunks.
 */
export const CHUNK_ROWS = 500
const ID_BUCKETS = 64

export function chunkOf(id: Id): number {
  if (typeof id === 'number') return Math.floor(id / CHUNK_ROWS)
  let hash = 0
  for (let i = 0; i < id.length; i++)
    hash = (Math.imul(hash, 31) + id.charCodeAt(i)) | 0
  return Math.abs(hash) % ID_BUCKETS
}
