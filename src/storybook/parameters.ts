import type {
  ApiDeclaration,
  FaultRuleInput,
  MockApi,
  Scenario,
  ScenarioIdOf,
} from '../mock-server/index.ts'

/**
 * `parameters.hypermock` of a story, its component's meta or the whole preview (Storybook merges
 * them, the story's winning): which mock serves the story and how it starts. Before every story the
 * mock is reset to its seed, then the scenario, the rows, the clock and the faults are applied in
 * that order, so no story sees what another one did.
 *
 * @example
 * export const Declined: Story = {
 *   parameters: {
 *     hypermock: {
 *       state: { orders: [{ id: 1, customerId: 1, total: 19.99 }] },
 *       faults: [{ match: { method: 'POST', path: '/api/orders*' }, effect: { kind: 'status', status: 503 } }],
 *     },
 *   },
 * }
 */
export interface HypermockParameters<
  A extends ApiDeclaration = ApiDeclaration,
> {
  /**
   * The API the story talks to: a declaration (`defineApi()`; the addon keeps one mock for it and
   * owns its clock) or a mock you made (`createMockApi()`). @default the built-in shop
   */
  api?: A | MockApi<A>
  /** One of the API's scenarios by id, or a scenario of the story's own (`applyScenario`). */
  scenario?: ScenarioIdOf<A> | Scenario
  /**
   * Rows per resource: each table named starts with these rows instead of its seed, written as a
   * resource's `seed` is (server-set fields such as `id`, `createdAt`, `version` and the initial
   * state filled in where left out), each row checked against its schema and references checked
   * against the other tables. At most 5000 rows per table.
   */
  state?: { readonly [resource: string]: readonly Record<string, unknown>[] }
  /** Fault rules added after the scenario's (as `api.faults.add` takes them). At most 100. */
  faults?: readonly FaultRuleInput[]
  /**
   * The mock clock for the story: an instant (`'2026-03-01T09:00:00Z'`, a `Date`) the clock reads
   * when the story starts and runs on from, or `{ advanceMs }` ahead of real time. An instant in the
   * past needs a clock the addon owns: give `api` a declaration rather than a mock.
   */
  clock?: string | Date | { advanceMs: number }
  /** Leave the mock out of this story: its requests go to the network. @default false */
  disable?: boolean
}

/** The members `parameters.hypermock` may have: any other is a mistake said as such. */
export const parameterKeys: readonly (keyof HypermockParameters)[] = [
  'api',
  'scenario',
  'state',
  'faults',
  'clock',
  'disable',
]
