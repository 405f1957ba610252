export type ProbeErrorKind =
  | 'timeout'
  | 'network'
  | 'too-large'
  | 'redirect-loop'
  | 'budget'
  | 'rate-limited'
  | 'cancelled'

/**
 * A request that ended without a usable response. `budget` and `cancelled` are the checker's own
 * limits (the rule is skipped); the others are the server's doing (the rule fails with this reason).
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
