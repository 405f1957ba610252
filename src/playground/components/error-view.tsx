import { isHttpError, isNetworkError } from '../../client/index.ts'
import { ProblemCard } from './problem-card.tsx'

/**
 * What the client threw, for people: an HTTP error's problem document as a ProblemCard, otherwise
 * its message (a network error names its attempts; a non-JSON body says so).
 */
export function ErrorView({ error }: { error: unknown }) {
  if (isHttpError(error) && error.problem)
    return <ProblemCard problem={error.problem} status={error.status} />
  const message = error instanceof Error ? error.message : String(error)
  return (
    <p className="error-text">
      {isNetworkError(error)
        ? `No response after ${error.attempts.length} attempt${error.attempts.length === 1 ? '' : 's'}: `
        : ''}
      {message}
    </p>
  )
}
