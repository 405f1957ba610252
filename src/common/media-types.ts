/**
 * The media types hypermock speaks, named once: the engine serves and describes them, the checker
 * asks for them, the client and the playground send them.
 */
export const mediaTypes = {
  json: 'application/json',
  /** A body of RFC 7396 JSON Merge Patch, what `PATCH` on an item takes. */
  mergePatch: 'application/merge-patch+json',
  /** An RFC 9457 problem, every error's body. */
  problem: 'application/problem+json',
} as const

export const MERGE_PATCH = mediaTypes.mergePatch
