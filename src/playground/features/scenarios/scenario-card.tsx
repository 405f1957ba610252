import { useEffect, useId, useRef } from 'react'
import type { TimelineRow } from '../../../client/index.ts'
import type { FaultRuleInput } from '../../../index.ts'
import { ProblemCard } from '../../components/problem-card.tsx'
import { reasonPhrase } from '../../components/reason-phrase.ts'
import { ViewLink, viewUrl } from '../../components/view-link.tsx'
import { ConfirmReset } from '../../components/confirm-reset.tsx'
import { pageOperationId } from '../../services/page-operation-id.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { speeds } from '../../services/speed.ts'
import type { ScenarioRun } from './scenario-runs.ts'
import type { Scenario } from './scenarios.ts'

const fastest = speeds[speeds.length - 1]!

/** `POST /api/payments* → 503 ×2`: a fault rule in one line. */
function describeFault(rule: FaultRuleInput): string {
  const { effect } = rule
  const what =
    effect.kind === 'status'
      ? `${effect.status}${effect.retryAfter === undefined ? '' : ` with Retry-After ${effect.retryAfter} s`}`
      : effect.kind === 'delay'
        ? `delay ${effect.ms} ms`
        : effect.kind
  const times = rule.times === undefined ? '' : ` ×${rule.times}`
  const match = `${rule.match?.method ?? 'any'} ${rule.match?.path ?? '*'}`
  return `${match} → ${what}${times}`
}

function statusLine(status: number | null): string {
  if (status === null) return 'no response'
  const phrase = reasonPhrase(status)
  return phrase ? `${status} ${phrase}` : String(status)
}

/** `GET /api/orders/1 → 200 OK after 3 attempts`, each a link to its row on the timeline. */
function OperationLinks({
  operations,
}: {
  operations: readonly TimelineRow[]
}) {
  if (operations.length === 0) return null
  return (
    <ol className="sc-operations" aria-label="Requests of this run">
      {operations.map((row) => {
        const path = (() => {
          try {
            const url = new URL(row.url)
            return `${url.pathname}${url.search}`
          } catch {
            return row.url
          }
        })()
        const count = row.attempts.length
        return (
          <li key={row.operationId}>
            <code>
              {row.method} {path}
            </code>{' '}
            → {row.end === null ? 'running' : statusLine(row.status)} after{' '}
            {count} attempt{count === 1 ? '' : 's'}:{' '}
            <ViewLink
              view="timeline"
              params={{ op: pageOperationId(row.operationId) }}
              aria-label={`${row.method} ${path} on the timeline`}
            >
              timeline
            </ViewLink>
          </li>
        )
      })}
    </ol>
  )
}

interface ScenarioCardProps {
  scenario: Scenario
  run: ScenarioRun | null
  /** Named by the URL (`?scenario=`). */
  selected: boolean
  /** What "Reset scenario" changed in the page, until the next run. */
  setUpNote: string | null
  /** The reset this card asks about, if any. */
  confirming: 'run' | 'reset' | null
  onRun(): void
  onReset(): void
  onConfirm(): void
  onCancel(): void
  /** Stops a running run (the step or wait going on is aborted). */
  onCancelRun(): void
}

export function ScenarioCard({
  scenario,
  run,
  selected,
  setUpNote,
  confirming,
  onRun,
  onReset,
  onConfirm,
  onCancel,
  onCancelRun,
}: ScenarioCardProps) {
  const { speed, setSpeed } = usePlayground()
  const id = useId()
  const running = run?.status === 'running'
  const cardRef = useRef<HTMLLIElement>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  // A card named by the URL comes into view, and so does its outcome when the run ends: the
  // reader of a `?scenario=` link sees the result without looking for it.
  const phase = run?.status ?? 'idle'
  useEffect(() => {
    if (!selected) return
    cardRef.current?.scrollIntoView?.({ block: 'nearest' })
    if (phase !== 'idle')
      resultRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [selected, phase])
  return (
    <li
      ref={cardRef}
      className={`sc-card${selected ? ' sc-selected' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-current={selected ? true : undefined}
    >
      <h3 id={`${id}-title`}>{scenario.title}</h3>
      <p>{scenario.description}</p>
      <dl className="sc-setup">
        <div>
          <dt>Credential</dt>
          <dd>
            <code>{scenario.token}</code>
          </dd>
        </div>
        <div>
          <dt>Faults</dt>
          <dd>
            {scenario.faults.length === 0
              ? 'none'
              : scenario.faults.map((rule) => (
                  <code key={describeFault(rule)}>{describeFault(rule)}</code>
                ))}
          </dd>
        </div>
        {Object.keys(scenario.config).length > 0 && (
          <div>
            <dt>Settings</dt>
            <dd>
              <code>{JSON.stringify(scenario.config)}</code>
            </dd>
          </div>
        )}
      </dl>
      <div className="sc-actions">
        <button
          type="button"
          onClick={onRun}
          disabled={running}
          aria-expanded={confirming === 'run'}
        >
          Run
        </button>
        <button
          type="button"
          onClick={onReset}
          disabled={running}
          aria-expanded={confirming === 'reset'}
        >
          Reset scenario
        </button>
        <a href={viewUrl('scenarios', { scenario: scenario.id })}>
          Link to this scenario
        </a>
      </div>
      {running && (
        <div className="wait-controls">
          <button type="button" onClick={onCancelRun}>
            Cancel the run
          </button>
          {speed < fastest && (
            <>
              <button type="button" onClick={() => setSpeed(fastest)}>
                Speed the demo up to {fastest}×
              </button>
              <span className="muted">
                At {speed}× waits pass in real time.
              </span>
            </>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmReset
          question={
            confirming === 'run'
              ? `Reset the mock and run “${scenario.title}”?`
              : `Reset the mock to “${scenario.title}” without running it?`
          }
          confirmLabel={confirming === 'run' ? 'Reset and run' : 'Reset'}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
      <div role="status" className="sc-result" ref={resultRef}>
        {setUpNote && !run && <p>{setUpNote}</p>}
        {run?.note && <p className="sc-note">{run.note}</p>}
        {running && (
          <p className="sc-progress">
            <span className="sc-spinner" aria-hidden="true" />
            Running: {run.progress}
          </p>
        )}
        {run?.status === 'failed' && (
          <p className="sc-failed">The run failed: {run.error}</p>
        )}
        {run?.status === 'done' && (
          <>
            <p>
              <span className="sc-status">{statusLine(run.result.status)}</span>{' '}
              {run.result.summary}
            </p>
            <dl className="sc-facts" aria-label="Outcome">
              {run.result.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
      {run?.status === 'done' && run.result.problem && (
        <ProblemCard
          problem={run.result.problem}
          {...(run.result.status !== null && { status: run.result.status })}
        />
      )}
      {run && <OperationLinks operations={run.operations} />}
      {run && !running && (
        <p className="sc-links">
          See it on the <ViewLink view="timeline">timeline</ViewLink> or in the{' '}
          <ViewLink view="journal">journal</ViewLink>.
        </p>
      )}
    </li>
  )
}
