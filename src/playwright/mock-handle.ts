import type {
  ApiDeclaration,
  FaultRule,
  FaultRuleInput,
  JournalEntry,
  MockConfig,
  Operation,
  Scenario,
  TablesOf,
} from '../index.ts'
import type { DefaultApi } from '../default-mock-api.ts'
import type { DeliveryVerdict } from '../mock-server/faults/delivery-verdicts.ts'
import type { StateSnapshot } from '../mock-server/store/types.ts'

/** Sends one control request and reads its answer: through the page, or over HTTP. */
export type ControlTransport = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; text: string }>

/**
 * A test's handle on the mock its page talks to, over the control API (`/__mock`): the same calls
 * whether the mock runs in the page's service worker or on a server. Rows are typed from the
 * declaration.
 */
export interface MockHandle<A extends ApiDeclaration = DefaultApi> {
  faults: {
    /** Adds a fault rule (`{ match: { method, path }, effect: { kind: 'status', status: 503 }, times: 2 }`). */
    add(rule: FaultRuleInput): Promise<FaultRule>
    list(): Promise<FaultRule[]>
    remove(id: string): Promise<void>
    clear(): Promise<void>
  }
  /** The journal grouped into operations: each with its attempts, waits and verdicts. */
  operations(): Promise<Operation[]>
  /**
   * The consumers of the state events an events fault caught (`target: "events"`): a duplicate
   * processed twice, a reconnect without `Last-Event-ID`, a badly signed webhook accepted.
   */
  eventVerdicts(): Promise<DeliveryVerdict[]>
  journal: { list(): Promise<JournalEntry[]>; clear(): Promise<void> }
  /** One resource's rows, as the state holds them. */
  rows<K extends keyof TablesOf<A> & string>(
    resource: K,
  ): Promise<TablesOf<A>[K]>
  state: {
    get(): Promise<StateSnapshot<TablesOf<A>>>
    /** Replaces the data state (seed rows of your own); an invalid snapshot is refused whole. */
    set(snapshot: StateSnapshot<TablesOf<A>>): Promise<void>
  }
  /** Back to the seed, default settings, no faults, an empty journal. */
  reset(): Promise<void>
  /** The scenarios of the API the mock serves, as its declaration lists them. */
  scenarios(): Promise<Scenario[]>
  /**
   * Puts the mock into one of the API's scenarios, by id: back to the seed, no faults, an empty
   * journal (as `reset()`), then its settings and fault rules. Resolves to the scenario: send its
   * requests with its `token`. An id the API does not declare is an error naming those it does.
   */
  applyScenario(id: string): Promise<Scenario>
  clock: { now(): Promise<string>; advance(ms: number): Promise<string> }
  config: {
    get(): Promise<MockConfig>
    update(patch: Partial<MockConfig>): Promise<MockConfig>
  }
}

/** A `MockHandle` over any transport to the control API. */
export function mockHandle<A extends ApiDeclaration = DefaultApi>(
  send: ControlTransport,
): MockHandle<A> {
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const { status, text } = await send(method, path, body)
    if (status >= 400)
      throw new Error(
        `Failed to ${method} ${path} on the mock: it answered ${status}. ${text}`,
      )
    return (text === '' ? undefined : JSON.parse(text)) as T
  }
  const state = () => call<StateSnapshot<TablesOf<A>>>('GET', '/state')
  const reset = async () => {
    await call('POST', '/reset')
    await call('DELETE', '/journal')
  }
  const scenarios = async () =>
    (await call<{ scenarios: Scenario[] }>('GET', '/declaration')).scenarios
  return {
    faults: {
      add: (rule) => call('POST', '/faults', rule),
      list: async () =>
        (await call<{ rules: FaultRule[] }>('GET', '/faults')).rules,
      remove: (id) => call('DELETE', `/faults/${encodeURIComponent(id)}`),
      clear: () => call('DELETE', '/faults'),
    },
    operations: async () =>
      (await call<{ operations: Operation[] }>('GET', '/operations'))
        .operations,
    eventVerdicts: async () =>
      (await call<{ eventVerdicts?: DeliveryVerdict[] }>('GET', '/operations'))
        .eventVerdicts ?? [],
    journal: {
      list: async () =>
        (await call<{ entries: JournalEntry[] }>('GET', '/journal')).entries,
      clear: () => call('DELETE', '/journal'),
    },
    rows: async (resource) => (await state())[resource],
    state: { get: state, set: (snapshot) => call('PUT', '/state', snapshot) },
    reset,
    scenarios,
    applyScenario: async (id) => {
      const declared = await scenarios()
      const scenario = declared.find((s) => s.id === id)
      if (!scenario)
        throw new Error(
          `Failed to apply the scenario "${id}": ${declared.length === 0 ? 'the API declares no scenarios' : `the API's scenarios are ${declared.map((s) => s.id).join(', ')}`}.`,
        )
      await reset()
      if (scenario.config && Object.keys(scenario.config).length > 0)
        await call('PATCH', '/config', scenario.config)
      for (const rule of scenario.faults ?? [])
        await call('POST', '/faults', rule)
      return scenario
    },
    clock: {
      now: async () => (await call<{ now: string }>('GET', '/clock')).now,
      advance: async (ms) =>
        (await call<{ now: string }>('POST', '/clock', { advanceMs: ms })).now,
    },
    config: {
      get: () => call('GET', '/config'),
      update: (patch) => call('PATCH', '/config', patch),
    },
  }
}
