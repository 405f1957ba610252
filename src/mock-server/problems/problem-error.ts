import type { ProblemSlug } from './catalogue.ts'

export interface ProblemInit {
  detail: string
  /** Overrides the request path, e.g. a transfer's own path. */
  instance?: string
  /** Extension members of the type (`errors`, `balance`, ...). */
  extensions?: Record<string, unknown>
  headers?: Record<string, string>
}

/**
 * Thrown anywhere in the pipeline to answer with a problem document. The edge turns it into a
 * response; anything else thrown becomes a 500 `internal-error` without a stack.
 */
export class ProblemError extends Error {
  override readonly name: string = 'ProblemError'
  readonly slug: ProblemSlug
  readonly init: ProblemInit

  constructor(slug: ProblemSlug, init: ProblemInit) {
    super(`${slug}: ${init.detail}`)
    this.slug = slug
    this.init = init
  }
}
