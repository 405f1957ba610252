import type { MockControls } from '../controls.ts'
import type { ApiDeclaration, ScenarioIdOf } from '../declare/types.ts'
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
 * scenario, defaults filled in: send its requests with its `token`. An id is one the instance's
 * declaration lists (typed from it when its scenarios are declared `as const`).
 *
 * @example
 * const { token } = applyScenario(api, 'slow-network')
 * applyScenario(api, { id: 'slow-loans', title: 'Slow loans', description: '…',
 *   token: 'reader-token', faults: [{ match: { path: '/api/loans*' }, effect: { kind: 'delay', ms: 800 } }] })
 */
export function applyScenario<
  Api extends MockControls & { readonly declaration?: ApiDeclaration },
>(
  api: Api,
  scenario: ScenarioIdOf<NonNullable<Api['declaration']>> | Scenario,
): ResolvedScenario {
  const resolved =
    typeof scenario === 'string'
      ? declared(api.declaration?.scenarios ?? [], scenario)
      : parseScenario(scenario)
  api.reset()
  if (Object.keys(resolved.config).length > 0)
    api.config.update(resolved.config)
  for (const rule of resolved.faults) api.faults.add(rule)
  return resolved
}

/** One of the API's own scenarios, by id. */
function declared(
  scenarios: readonly Scenario[],
  id: string,
): ResolvedScenario {
  const found = scenarios.find((scenario) => scenario.id === id)
  if (found) return parseScenario(found)
  throw new InvalidScenarioError(`"${id}"`, [
    scenarios.length === 0
      ? 'this API declares no scenarios'
      : `this API has no scenario with this id (its scenarios are ${scenarios.map((s) => s.id).join(', ')})`,
  ])
}
