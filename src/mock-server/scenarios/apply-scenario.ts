import type { MockControls } from '../controls.ts'
import { scenarios, type ScenarioId } from './built-in-scenarios.ts'
import {
  InvalidScenarioError,
  parseScenario,
  type ResolvedScenario,
  type Scenario,
} from './scenario-schema.ts'

/**
 * Puts an instance into a scenario: back to the seed data and the initial settings (as `reset()`),
 * then the scenario's settings and fault rules. The whole scenario is checked first, so a wrong
 * custom one throws `InvalidScenarioError` and leaves the instance as it was. Returns the
 * scenario, defaults filled in: send its requests with its `token`.
 *
 * @example
 * const { token } = applyScenario(api, 'flaky-payments')
 * applyScenario(api, { id: 'slow-orders', title: 'Slow orders', description: '…',
 *   token: 'customer-1-token', faults: [{ match: { path: '/api/orders*' }, effect: { kind: 'delay', ms: 800 } }] })
 */
export function applyScenario(
  api: MockControls,
  scenario: ScenarioId | Scenario,
): ResolvedScenario {
  const resolved =
    typeof scenario === 'string' ? builtIn(scenario) : parseScenario(scenario)
  api.reset()
  if (Object.keys(resolved.config).length > 0)
    api.config.update(resolved.config)
  for (const rule of resolved.faults) api.faults.add(rule)
  return resolved
}

function builtIn(id: string): ResolvedScenario {
  const found = scenarios.find((scenario) => scenario.id === id)
  if (found) return parseScenario(found)
  throw new InvalidScenarioError(`"${id}"`, [
    `there is no built-in scenario with this id (the built-in ones are ${scenarios.map((s) => s.id).join(', ')})`,
  ])
}
