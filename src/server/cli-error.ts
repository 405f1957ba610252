/** A command-line failure the user can fix: printed as one message, exit code 1, no stack. */
export class CliError extends Error {
  override name = 'CliError'
}
