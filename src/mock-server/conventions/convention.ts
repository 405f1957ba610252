import type { DescribeOperation } from './operation-doc.ts'

/**
 * One operation kind, stated once: the handler that serves it and its piece of the description
 * (what it answers, the problems it raises itself, its body). The routes carry both, so the
 * description is assembled from what runs.
 */
export interface Convention<H> {
  handler: H
  doc: DescribeOperation
}
