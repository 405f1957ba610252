/** Options the checker cannot run with (exit code 2): every mistake, listed together. */
export class CheckArgumentError extends Error {
  override name = 'CheckArgumentError'
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`Cannot check: ${problems.join('; ')}.`)
    this.problems = problems
  }
}
