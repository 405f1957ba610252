import type { ProblemSlug } from './catalogue.ts'

export interface ProblemInit {
  detail: string
  /** Overrides the request path, e.g. the path of the record a custom create made. */
  instance?: string
  /** Extension members of the type (`errors`, `balance`, ...). */
  extensions?: Record<string, unknown>
  headers?: Record<string, string>
}

/**
 * Thrown anywhere on a request's path to answer with a problem document. `handle-request.ts` turns
 * it into a response; anything else thrown becomes a 500 `internal-error` without a stack.
 */
export class ProblemError extends Error {
  override readonly name: string = 'ProblemError'
  /** A built-in problem type or one the API declares. */
  readonly slug: string
  readonly init: ProblemInit

  constructor(slug: string, init: ProblemInit) {
    super(`${slug}: ${init.detail}`)
    this.slug = slug
    this.init = init
  }
}

/** Answers the request with a problem document, from any stage or handler. */
export function fail(slug: ProblemSlug, init: ProblemInit): never {
  throw new ProblemError(slug, init)
}
