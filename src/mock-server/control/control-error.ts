import type { z } from 'zod'
import type { ProblemSlug } from '../problems/catalogue.ts'
import { ProblemError, type ProblemInit } from '../problems/problem-error.ts'
import {
  issueList,
  toFieldError,
  validationProblem,
  type FieldError,
  type Issue,
} from '../validation/validate.ts'

/**
 * What a typed control (`api.faults.add`, `api.config.update`, `api.clock.advance`) throws for input
 * it refuses. The control API answers with the very same problem over HTTP: `slug` and `status` are
 * its type, `errors` its field list, and `issues` the same list with paths, for form UIs.
 */
export class MockControlError extends ProblemError {
  override readonly name = 'MockControlError'
  readonly status: number
  readonly errors: FieldError[]
  readonly issues: Issue[]

  constructor(
    action: string,
    slug: ProblemSlug,
    status: number,
    init: ProblemInit,
    issues: Issue[] = [],
  ) {
    super(slug, init)
    const listed = issues
      .map((issue) => {
        const field = issue.path.map(String).join('.')
        return field ? `${field} ${issue.message}` : issue.message
      })
      .join('; ')
    this.message = `Failed to ${action}: ${init.detail}${listed ? ` ${listed}.` : ''}`
    this.status = status
    this.issues = issues
    this.errors = issues.map(toFieldError)
  }
}

/** Matches a MockControlError from any copy of the package (realm-safe). */
export function isMockControlError(error: unknown): error is MockControlError {
  return (
    error instanceof MockControlError ||
    (error instanceof Error && error.name === 'MockControlError')
  )
}

/** Throws a 422 `validation-failed` MockControlError for the issues. */
export function invalidInput(action: string, issues: Issue[]): never {
  throw new MockControlError(
    action,
    'validation-failed',
    422,
    validationProblem(issues.map(toFieldError), true),
    issues,
  )
}

/**
 * The one validation every control input goes through, typed call and HTTP alike: a strict schema,
 * then a 422 whose `errors` list every invalid member.
 */
export function parseControlInput<S extends z.ZodType>(
  action: string,
  schema: S,
  input: unknown,
): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const known =
    'shape' in schema && typeof schema.shape === 'object' && schema.shape
      ? Object.keys(schema.shape)
      : []
  return invalidInput(action, issueList(result.error.issues, known, input))
}
