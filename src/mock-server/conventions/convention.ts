import type { DescribeEndpoint } from './endpoint-doc.ts'

/**
 * One kind of route (list, create, read, …), stated once: the handler that serves it and its piece of the description
 * (what it answers, the problems it raises itself, its body). The routes carry both, so the
 * description is assembled from what runs.
 */
export interface Convention<H> {
  handler: H
  doc: DescribeEndpoint
  /** The media type its body must have. @default 'application/json' */
  accepts?: string
  /** Its success answers the record, so `Prefer: return=minimal` may leave it out (`prefer.ts`). */
  prefer?: true
}
