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
import { withSignal } from './with-signal.ts'
import {
  findScenario,
  usePlaygroundScenarios,
  type Scenario,
} from './scenarios.ts'
import type { Token } from '../../services/playground-context.tsx'

/** A credential by its label among the loaded API's own (declared tokens, or the built-in ones). */
const labelOf = (
  credentials: readonly { token: Token; label: string }[],
  token: Token,
) => credentials.find((c) => c.token === token)?.label ?? String(token)

type Confirming = { id: string; action: 'run' | 'reset' } | null

/**
 * A gallery of named set-ups. "Run" asks first (it resets the mock every tab shares), then applies
 * the scenario's faults, settings and credential, performs its requests through the reference
 * client, so the timeline and the journal show them, and gives the user's credential back. A link
 * to `?scenario=<id>` only offers the scenario: loading a page never changes the shared mock.
 */
export function ScenariosView() {
  const { api, client, token, setToken, clientEvents, credentials } =
    usePlayground()
  const credentialLabel = useCallback(
    (t: Token) => labelOf(credentials, t),
    [credentials],
  )
  const { params, navigate } = useLocation()
  const scenarios = usePlaygroundScenarios()
  const id = useId()
  const runs = useSyncExternalStore(
    scenarioRuns.subscribe,
    scenarioRuns.getSnapshot,
  )
  useEffect(() => scenarioRuns.follow(api), [api])
  const [clearTimeline, setClearTimeline] = useState(true)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [setUp, setSetUp] = useState<{ id: string; note: string } | null>(null)
  // A run whose credential differs waits for the client made for that credential.
  const pending = useRef<{ scenario: Scenario; previous: Token } | null>(null)
  // The running runs' aborts, for their cards' Cancel.
  const controllers = useRef(new Map<string, AbortController>())
  const selected = params.get('scenario')

  const execute = useCallback(
    async (scenario: Scenario, runClient: HypermockClient, previous: Token) => {
      // The run borrows the scenario's credential and gives the user's back when it ends.
      const note =
        previous === scenario.token
          ? undefined
          : `Ran as ${credentialLabel(scenario.token)}; your credential is back to ${credentialLabel(previous)}.`
      const during =
        previous === scenario.token
          ? undefined
          : `Running as ${credentialLabel(scenario.token)}; your credential (${credentialLabel(previous)}) comes back when the run ends.`
      // The run's own events: the card shows its progress and links each operation to the timeline.
      const events: ClientEvent[] = []
      const controller = new AbortController()
      controllers.current.set(scenario.id, controller)
      const stop = runClient.subscribe((event) => {
        events.push(event)
        scenarioRuns.set(scenario.id, {
          status: 'running',
          progress: describeProgress(event),
          operations: buildTimeline(events),
          ...(during !== undefined && { note: during }),
        })
      })
      try {
        const result = await scenario.run(
          withSignal(runClient, controller.signal),
        )
        scenarioRuns.set(scenario.id, {
          status: 'done',
          result,
          operations: buildTimeline(events),
          ...(note !== undefined && { note }),
        })
      } catch (error) {
        scenarioRuns.set(scenario.id, {
          status: 'failed',
          error: controller.signal.aborted
            ? 'it was cancelled; the requests sent so far stay on the timeline and in the journal.'
            : error instanceof Error
              ? error.message
              : String(error),
          operations: buildTimeline(events),
          ...(note !== undefined && { note }),
        })
      } finally {
        controllers.current.delete(scenario.id)
        stop()
        if (previous !== scenario.token) setToken(previous)
      }
    },
    [setToken, credentialLabel],
  )

  const prepare = useCallback(
    (scenario: Scenario) => {
      if (clearTimeline) clientEvents.clear()
      // The reset inside wipes every card's results (scenarioRuns follows the mock's resets).
      scenario.setup(api, { setToken })
    },
    [api, setToken, clientEvents, clearTimeline],
  )

  const start = useCallback(
    (scenario: Scenario) => {
      const previous = token
      setSetUp(null)
      prepare(scenario)
      scenarioRuns.set(scenario.id, {
        status: 'running',
        progress: 'Setting up…',
        operations: [],
      })
      if (scenario.token === token) void execute(scenario, client, previous)
      else pending.current = { scenario, previous }
    },
    [prepare, token, client, execute],
  )

  useEffect(() => {
    const waiting = pending.current
    if (waiting && waiting.scenario.token === token) {
      pending.current = null
      void execute(waiting.scenario, client, waiting.previous)
    }
  }, [token, client, execute])

  const offered = findScenario(selected, scenarios)
  const unknown = selected !== null && !offered
  const ask = (scenario: Scenario, action: 'run' | 'reset') => {
    navigate('scenarios', { scenario: scenario.id }, 'replace')
    setConfirming({ id: scenario.id, action })
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="sc-view">
      <h2 id={`${id}-heading`}>Scenarios</h2>
      <p>
        Each scenario is a named set-up: <strong>Run</strong> resets the mock to
        its seed, adds the scenario&apos;s faults and settings, borrows its
        credential, then sends its requests through the reference client, so the
        timeline and the journal show every attempt; your credential comes back
        when it ends. <strong>Reset scenario</strong> puts the set-up back
        without running it. Both ask first: every tab shares the mock. A link to{' '}
        <code>?scenario=&lt;id&gt;</code> opens the gallery at that scenario,
        ready to run.
      </p>
      {offered && !runs.get(offered.id) && confirming?.id !== offered.id && (
        <div role="region" aria-label="Offered scenario" className="sc-offer">
          <p>
            This link offers the scenario <strong>{offered.title}</strong>.
            Nothing has run: running it resets the mock that every tab shares.
          </p>
          <button type="button" onClick={() => ask(offered, 'run')}>
            Run “{offered.title}”…
          </button>
        </div>
      )}
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
            setUpNote={setUp?.id === scenario.id ? setUp.note : null}
            confirming={
              confirming?.id === scenario.id ? confirming.action : null
            }
            onRun={() => ask(scenario, 'run')}
            onReset={() => ask(scenario, 'reset')}
            onCancel={() => setConfirming(null)}
            onCancelRun={() => controllers.current.get(scenario.id)?.abort()}
            onConfirm={() => {
              setConfirming(null)
              if (confirming?.action === 'run') return start(scenario)
              prepare(scenario)
              setSetUp({
                id: scenario.id,
                note: `Set up, not run. Your credential is now ${credentialLabel(scenario.token)}, as this scenario uses.`,
              })
            }}
          />
        ))}
      </ul>
    </section>
  )
}
