import { useId } from 'react'
import type { FaultRuleInput } from '../../../mock-server/index.ts'
import { ProblemCard } from '../../components/problem-card.tsx'
import { reasonPhrase } from '../../components/reason-phrase.ts'
import { ViewLink, viewUrl } from '../../components/view-link.tsx'
import type { ScenarioRun } from './scenario-runs.ts'
import type { Scenario } from './scenarios.ts'

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

interface ScenarioCardProps {
  scenario: Scenario
  run: ScenarioRun | null
  /** Named by the URL (`?scenario=`). */
  selected: boolean
  onRun(): void
  onReset(): void
}

export function ScenarioCard({
  scenario,
  run,
  selected,
  onRun,
  onReset,
}: ScenarioCardProps) {
  const id = useId()
  const running = run?.status === 'running'
  return (
    <li
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
        <button type="button" onClick={onRun} disabled={running}>
          Run
        </button>
        <button type="button" onClick={onReset} disabled={running}>
          Reset scenario
        </button>
        <a href={viewUrl('scenarios', { scenario: scenario.id })}>
          Link to this scenario
        </a>
      </div>
      <div role="status" className="sc-result">
        {running && <p>Running… (watch it on the timeline)</p>}
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
      {run && !running && (
        <p className="sc-links">
          See it on the <ViewLink view="timeline">timeline</ViewLink> or in the{' '}
          <ViewLink view="journal">journal</ViewLink>.
        </p>
      )}
    </li>
  )
}
