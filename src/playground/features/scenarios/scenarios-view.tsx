import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import {
  buildTimeline,
  type ClientEvent,
  type HypermockClient,
} from '../../../client/index.ts'
import { describeProgress } from './run-progress.ts'
import { useLocation } from '../../navigation/use-location.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { ScenarioCard } from './scenario-card.tsx'
import { scenarioRuns } from './scenario-runs.ts'
import {
  findScenario,
  usePlaygroundScenarios,
  type Scenario,
} from './scenarios.ts'

/** `?scenario=<id>` runs once per page load, not again each time the view is shown. */
let urlScenarioHandled = false

/**
 * A gallery of named set-ups. "Run" resets the mock, applies the scenario's faults, settings and
 * credential, then performs its requests through the reference client, so the timeline and the
 * journal show them. Opening the page at `?scenario=<id>` sets that scenario up and runs it once.
 */
export function ScenariosView() {
  const { api, client, token, setToken, clientEvents } = usePlayground()
  const { params, navigate } = useLocation()
  const scenarios = usePlaygroundScenarios()
  const id = useId()
  const runs = useSyncExternalStore(
    scenarioRuns.subscribe,
    scenarioRuns.getSnapshot,
  )
  const [clearTimeline, setClearTimeline] = useState(true)
  // A run whose credential differs waits for the client made for that credential.
  const pending = useRef<Scenario | null>(null)
  const selected = params.get('scenario')

  const execute = useCallback(
    async (scenario: Scenario, runClient: HypermockClient) => {
      // The run's own events: the card shows its progress and links each operation to the timeline.
      const events: ClientEvent[] = []
      const stop = runClient.subscribe((event) => {
        events.push(event)
        scenarioRuns.set(scenario.id, {
          status: 'running',
          progress: describeProgress(event),
          operations: buildTimeline(events),
        })
      })
      try {
        const result = await scenario.run(runClient)
        stop()
        scenarioRuns.set(scenario.id, {
          status: 'done',
          result,
          operations: buildTimeline(events),
        })
      } catch (error) {
        stop()
        scenarioRuns.set(scenario.id, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
          operations: buildTimeline(events),
        })
      }
    },
    [],
  )

  const prepare = useCallback(
    (scenario: Scenario) => {
      if (clearTimeline) clientEvents.clear()
      scenario.setup(api, { setToken })
    },
    [api, setToken, clientEvents, clearTimeline],
  )

  const start = useCallback(
    (scenario: Scenario) => {
      prepare(scenario)
      scenarioRuns.set(scenario.id, {
        status: 'running',
        progress: 'Setting up…',
        operations: [],
      })
      if (scenario.token === token) void execute(scenario, client)
      else pending.current = scenario
    },
    [prepare, token, client, execute],
  )

  useEffect(() => {
    const waiting = pending.current
    if (waiting && waiting.token === token) {
      pending.current = null
      void execute(waiting, client)
    }
  }, [token, client, execute])

  useEffect(() => {
    if (urlScenarioHandled) return
    urlScenarioHandled = true
    const scenario = findScenario(selected, scenarios)
    if (scenario) start(scenario)
  }, [selected, start, scenarios])

  const unknown = selected !== null && !findScenario(selected, scenarios)

  return (
    <section aria-labelledby={`${id}-heading`} className="sc-view">
      <h2 id={`${id}-heading`}>Scenarios</h2>
      <p>
        Each scenario is a named set-up: <strong>Run</strong> resets the mock to
        its seed, adds the scenario&apos;s faults and settings, picks its
        credential, then sends its requests through the reference client, so the
        timeline and the journal show every attempt.{' '}
        <strong>Reset scenario</strong> puts the set-up back without running it.
        A link to <code>?scenario=&lt;id&gt;</code> sets the scenario up and
        runs it once when the page loads: use it as a live demo or a fixture.
      </p>
      <label className="sc-option">
        <input
          type="checkbox"
          checked={clearTimeline}
          onChange={(event) => setClearTimeline(event.target.checked)}
        />{' '}
        Clear the timeline before each run
      </label>
      {unknown && (
        <p role="alert" className="sc-alert">
          There is no scenario &ldquo;{selected}&rdquo;. Pick one below.
        </p>
      )}
      {scenarios.length === 0 && (
        <p>
          This API declares no scenarios: add some to its declaration&apos;s{' '}
          <code>scenarios</code> (faults, settings, a credential and steps).
        </p>
      )}
      <ul className="sc-gallery" aria-label="Scenarios">
        {scenarios.map((scenario) => (
          <ScenarioCard
            key={scenario.id}
            scenario={scenario}
            run={runs.get(scenario.id) ?? null}
            selected={scenario.id === selected}
            onRun={() => {
              navigate('scenarios', { scenario: scenario.id }, 'replace')
              start(scenario)
            }}
            onReset={() => {
              navigate('scenarios', { scenario: scenario.id }, 'replace')
              prepare(scenario)
              scenarioRuns.set(scenario.id, null)
            }}
          />
        ))}
      </ul>
    </section>
  )
}
