import { Fragment } from 'react'
import type { Operation } from '../../../index.ts'
import { graphqlLabel } from '../../../operations/index.ts'
import { formatDuration } from './timeline-labels.ts'

function answerClass(status: number) {
  if (status === 0) return 'no-response'
  if (status === 429 || status >= 500) return 'retriable'
  if (status >= 400) return 'client-error'
  return 'success'
}

const statusText = (status: number) =>
  status === 0 ? 'network error' : String(status)

const grouping: Record<Operation['grouping'], string> = {
  exact: 'grouped by Idempotency-Key',
  header: 'grouped by correlation header',
  inferred: 'grouping inferred (same request after a failure)',
}

/** The attempts and waits on a scale shared by every row: `scaleMs` is the full width. */
function Bars({
  operation,
  scaleMs,
}: {
  operation: Operation
  scaleMs: number
}) {
  const px = (ms: number) => `${(Math.max(0, ms) / scaleMs) * 100}%`
  return (
    <div className="tl-op-bars" aria-hidden="true">
      {operation.attempts.map((attempt, i) => {
        const start = attempt.startMs - operation.startMs
        const wait = operation.waits[i - 1]
        return (
          <Fragment key={attempt.id}>
            {wait && (
              <span
                className="tl-op-wait"
                style={{ left: px(start - wait.ms), width: px(wait.ms) }}
              />
            )}
            <span
              className={`tl-${answerClass(attempt.status)}`}
              style={{ left: px(start), width: px(attempt.durationMs) }}
              title={`Attempt ${i + 1}: ${statusText(attempt.status)}`}
            />
          </Fragment>
        )
      })}
    </div>
  )
}

/** One operation as the mock saw it: a summary line with its bars, opening into its steps. */
export function RebuiltRow({
  operation,
  scaleMs,
}: {
  operation: Operation
  scaleMs: number
}) {
  const graphql = operation.graphql && graphqlLabel(operation.graphql)
  const name = `${operation.method} ${operation.path}${operation.search}${graphql ? ` (${graphql})` : ''}`
  const violations = operation.verdicts.filter((v) => v.level === 'violation')
  return (
    <li className="tl-op" aria-label={name}>
      <details>
        <summary>
          <span className="tl-method">{operation.method}</span>{' '}
          <code className="tl-path">{operation.path + operation.search}</code>{' '}
          {graphql && (
            <>
              <span className="tl-graphql">{graphql}</span>{' '}
            </>
          )}
          <span className={`tl-outcome tl-${answerClass(operation.status)}`}>
            {statusText(operation.status)}
            {operation.outcome === 'waiting' && ', may be retried'}
          </span>{' '}
          {operation.attempts.length} attempt
          {operation.attempts.length === 1 ? '' : 's'}
          {violations.length > 0 && (
            <span className="tl-violation">
              {' '}
              · {violations.length} violation
              {violations.length === 1 ? '' : 's'}
            </span>
          )}
        </summary>
        <p>
          {grouping[operation.grouping]}
          {operation.idempotencyKey !== null && (
            <>
              {' '}
              · Idempotency-Key <code>{operation.idempotencyKey}</code>
            </>
          )}
        </p>
        <ol className="tl-steps" aria-label={`Attempts and waits of ${name}`}>
          {operation.attempts.map((attempt, i) => (
            <li className="tl-step" key={attempt.id}>
              {i > 0 && <>Wait {operation.waits[i - 1]?.label} → </>}
              Attempt {i + 1}: <strong>{statusText(attempt.status)}</strong>{' '}
              <span className="tl-muted">
                ({formatDuration(attempt.durationMs)}, {attempt.requestId}
                {attempt.replayed && ', replayed'})
              </span>
            </li>
          ))}
        </ol>
        {operation.verdicts.length > 0 && (
          <ul aria-label={`Verdicts on ${name}`}>
            {operation.verdicts.map((verdict) => (
              <li
                key={`${verdict.id}-${verdict.attempt}`}
                className={`tl-${verdict.level}`}
              >
                <strong>
                  {verdict.level === 'violation' ? 'Violation' : 'Note'}
                </strong>{' '}
                ({verdict.id}): {verdict.message}
              </li>
            ))}
          </ul>
        )}
      </details>
      <Bars operation={operation} scaleMs={scaleMs} />
    </li>
  )
}
