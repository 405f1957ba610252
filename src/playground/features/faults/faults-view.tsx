import { useId, useState, useSyncExternalStore } from 'react'
import { ScrollBox } from '../../components/scroll-box.tsx'
import { ViewLink } from '../../components/view-link.tsx'
import type { FaultRule, MockApi } from '../../../index.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useMockValue } from '../../services/use-mock-value.ts'
import {
  describeEffect,
  describeLimits,
  describeMatch,
} from './describe-rule.ts'
import { FaultForm } from './fault-form.tsx'
import { faultMethods } from './fault-form-model.ts'
import { presetsFor, type FaultPreset } from './fault-presets.ts'
import { useApiDescription } from '../../services/use-api-description.ts'
import { MockSettingsForm } from './mock-settings-form.tsx'

const readRules = (api: MockApi) => api.faults.list()
const readConfig = (api: MockApi) => api.config.get()

/**
 * The mock's fault rules (evaluated in order, the first match fires), one-click presets, a form to
 * add or edit a rule of any effect, and the rate-limit and latency settings.
 */
/** How a rule has fired so far: `1/2` for a rule with `times`, else the count. */
function firedText(rule: FaultRule): string {
  return rule.times === undefined
    ? String(rule.fired)
    : `${rule.fired}/${rule.times}`
}

/** One preset: its button, what it does, and where it aims (editable before adding it). */
/** The cells a rule's row shows whether it is active or retired (fired its `times`). */
function RuleCells({
  rule,
  order,
  state,
}: {
  rule: FaultRule
  order: string
  state: 'active' | 'retired'
}) {
  return (
    <>
      <td>{order}</td>
      <th scope="row">{rule.id}</th>
      <td>
        <code>{describeMatch(rule)}</code>
      </td>
      <td>{describeEffect(rule.effect)}</td>
      <td>{describeLimits(rule)}</td>
      <td>{rule.matched}</td>
      <td>
        {state}, fired {firedText(rule)}
      </td>
    </>
  )
}

function PresetItem({
  preset,
  onAdd,
}: {
  preset: FaultPreset
  onAdd(rule: FaultPreset['rule']): void
}) {
  const id = useId()
  const [method, setMethod] = useState(preset.rule.match.method)
  const [path, setPath] = useState(preset.rule.match.path)
  return (
    <li className="fl-preset">
      <button
        type="button"
        aria-describedby={`${id}-what`}
        onClick={() =>
          onAdd({ ...preset.rule, match: { method, path: path.trim() } })
        }
      >
        {preset.label}
      </button>
      <span id={`${id}-what`} className="fl-hint">
        {preset.description}
      </span>
      <span className="fl-aim">
        <label>
          <span className="fl-aim-label">Aimed at</span>{' '}
          <select
            aria-label={`Method for ${preset.label}`}
            value={method}
            onChange={(event) => setMethod(event.target.value)}
          >
            <option value="">any method</option>
            {faultMethods.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>{' '}
        <input
          aria-label={`Path for ${preset.label}`}
          value={path}
          spellCheck={false}
          onChange={(event) => setPath(event.target.value)}
        />
      </span>
    </li>
  )
}

export function FaultsView() {
  const { api, retiredRules } = usePlayground()
  const presets = presetsFor(useApiDescription())
  const id = useId()
  const rules = useMockValue(api, ['faults', 'request'], readRules)
  const retired = useSyncExternalStore(
    retiredRules.subscribe,
    retiredRules.getSnapshot,
  )
  const config = useMockValue(api, ['config'], readConfig)
  const [editing, setEditing] = useState<FaultRule | null>(null)
  const [message, setMessage] = useState('')
  // The rule being edited may retire (times reached) meanwhile: then the form adds a new one.
  const editedRule = editing
    ? (rules.find((rule) => rule.id === editing.id) ?? null)
    : null

  function addPreset(label: string, input: FaultPreset['rule']) {
    const { method, path } = input.match
    try {
      const rule = api.faults.add({
        ...input,
        match: {
          ...(method !== '' && { method }),
          ...(path !== '' && { path }),
        },
      })
      setMessage(
        `Added rule ${rule.id}: ${label}, aimed at ${describeMatch(rule)}.`,
      )
    } catch (error) {
      setMessage(
        `${label} was not added: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="fl-view">
      <h2 id={`${id}-heading`}>Faults</h2>
      <p>
        Rules stand for the network and the gateway: they are evaluated in order
        and the first one that matches fires (a rule still skipping, or whose
        probability draw misses, lets the request go on to the next). Every
        effect but <em>lose the response</em> fires before the API does
        anything.
      </p>

      <section aria-labelledby={`${id}-presets`} className="fl-presets">
        <h3 id={`${id}-presets`}>Presets</h3>
        <p className="fl-hint">
          Each preset aims at one operation (a method and a path pattern, where{' '}
          <code>*</code> matches anything): change the aim before adding it.
        </p>
        <ul>
          {presets.map((preset) => (
            <PresetItem
              // Re-aimed once the description arrives: the editable aim starts afresh.
              key={`${preset.label} ${preset.rule.match.path}`}
              preset={preset}
              onAdd={(rule) => addPreset(preset.label, rule)}
            />
          ))}
        </ul>
      </section>

      <p role="status" className="fl-status">
        {message}
      </p>

      <section aria-labelledby={`${id}-rules`}>
        <div className="fl-rules-head">
          <h3 id={`${id}-rules`}>Rules</h3>
          <button
            type="button"
            disabled={rules.length === 0 && retired.length === 0}
            onClick={() => {
              api.faults.clear()
              retiredRules.clear()
              setEditing(null)
              setMessage('Removed every rule.')
            }}
          >
            Remove all
          </button>
        </div>
        {rules.length === 0 && retired.length === 0 ? (
          <p>No fault rules: every request reaches the API.</p>
        ) : (
          <ScrollBox label="Fault rules" className="fl-table-scroll">
            <table className="fl-table">
              <caption>Fault rules in evaluation order</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Rule</th>
                  <th scope="col">Match</th>
                  <th scope="col">Effect</th>
                  <th scope="col">When</th>
                  <th scope="col">Matched</th>
                  <th scope="col">State</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule, index) => (
                  <tr
                    key={rule.id}
                    aria-current={editedRule?.id === rule.id ? true : undefined}
                  >
                    <RuleCells
                      rule={rule}
                      order={String(index + 1)}
                      state="active"
                    />
                    <td className="fl-row-actions">
                      {/* The form edits a request's fault: an events fault is made in the
                          Events view (or the control API), removed here too, never turned into
                          a request's. */}
                      {rule.target === 'events' ? (
                        <>
                          <ViewLink
                            view="events"
                            aria-label={`Events faults, like ${rule.id}, in the Events view`}
                          >
                            Events view
                          </ViewLink>{' '}
                        </>
                      ) : (
                        <>
                          <button
                            type="button"
                            aria-label={`Edit ${rule.id}`}
                            onClick={() => setEditing(rule)}
                          >
                            Edit
                          </button>{' '}
                        </>
                      )}
                      <button
                        type="button"
                        aria-label={`Remove ${rule.id}`}
                        onClick={() => {
                          api.faults.remove(rule.id)
                          if (editing?.id === rule.id) setEditing(null)
                          setMessage(`Removed rule ${rule.id}.`)
                        }}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
                {retired.map((rule) => (
                  <tr key={`retired-${rule.id}`} className="fl-retired">
                    <RuleCells rule={rule} order="–" state="retired" />
                    <td className="fl-row-actions">
                      <button
                        type="button"
                        onClick={() => {
                          retiredRules.clear()
                          setMessage('Cleared the retired rules.')
                        }}
                      >
                        Clear retired
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>

      <div className="fl-forms">
        <FaultForm
          key={editedRule?.id ?? 'new'}
          api={api}
          editing={editedRule}
          onDone={(done) => {
            setEditing(null)
            if (done) setMessage(done)
          }}
        />
        <MockSettingsForm
          key={JSON.stringify(config)}
          api={api}
          config={config}
          onDone={setMessage}
        />
      </div>
    </section>
  )
}
