export type ProbeErrorKind =
  | 'timeout'
  | 'network'
  | 'too-large'
  | 'redirect-loop'
  | 'budget'
  | 'rate-limited'
  | 'cancelled'
  | 'writes-not-allowed'
  | 'another-origin'
  | 'method-excluded'

/**
 * A request that ended without a usable response. `budget`, `cancelled`, `writes-not-allowed`,
 * `method-excluded` and `another-origin` are the checker's own limits (the request is not sent, or not finished, and the
 * rule is skipped); the others are the server's doing (the rule fails with this reason).
 */
export class ProbeError extends Error {
  override name = 'ProbeError'
  readonly kind: ProbeErrorKind

  constructor(kind: ProbeErrorKind, message: string) {
    super(message)
    this.kind = kind
  }
}

export function isProbeError(error: unknown): error is ProbeError {
  return (
    error instanceof ProbeError ||
    (error as Error | null)?.name === 'ProbeError'
  )
}
