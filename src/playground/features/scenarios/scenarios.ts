import {
  readProblem,
  resolveLink,
  type ClientEvent,
  type ClientRequestInit,
  type HypermockClient,
  type Problem,
  type RequestTarget,
  type Resource,
} from '../../../client/index.ts'
import {
  applyScenario,
  type FaultRuleInput,
  type MockApi,
  type Scenario as ScenarioData,
  type ScenarioStep,
} from '../../../index.ts'
import { formatMoney } from '../../components/money-note.tsx'
import {
  usePlayground,
  type Token,
} from '../../services/playground-context.tsx'

/** What a scenario's set-up may change in the playground besides the mock. */
export interface ScenarioPlayground {
  setToken(token: Token): void
}

/** How a run ended: the key request's status, a sentence, the checked facts, the problem if any. */
export interface ScenarioResult {
  /** The final status of the request the scenario is about; `null` when it got no response. */
  readonly status: number | null
  readonly summary: string
  readonly facts: readonly { readonly label: string; readonly value: string }[]
  readonly problem: Problem | null
}

type ConfigPatch = Parameters<MockApi['config']['update']>[0]

/** A package scenario (its data: faults, settings, credential, steps) plus how the playground runs it. */
export interface Scenario {
  /** The id the loaded API declares it by. */
  readonly id: string
  readonly title: string
  /** What it demonstrates, in a sentence or two. */
  readonly description: string
  /** The credential the run uses (set by `setup`). */
  readonly token: Exclude<Token, null>
  readonly faults: readonly FaultRuleInput[]
  readonly config: ConfigPatch
  readonly steps: readonly ScenarioStep[]
  /** Back to the seed, then this scenario's faults, settings and credential. */
  setup(api: MockApi, playground: ScenarioPlayground): void
  /** The scenario's steps, through the reference client given (made for `token`). */
  run(client: HypermockClient): Promise<ScenarioResult>
}

interface Answer<T = Record<string, unknown>> {
  readonly response: Response
  readonly body: T | null
  readonly problem: Problem | null
}

/** One operation through the client: the final response (any status), its JSON body or problem. */
async function call<T = Record<string, unknown>>(
  client: HypermockClient,
  target: RequestTarget,
  init: ClientRequestInit = {},
): Promise<Answer<T>> {
  const response = await client.request(target, init)
  const problem = await readProblem(response)
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json')
  const body =
    response.ok && isJson && response.status !== 204
      ? ((await response.json()) as T)
      : null
  return { response, body, problem }
}

/**
 * Sends a scenario's steps one after the other: a step names a path, or a link of an earlier
 * step's answer (an action link brings its own method).
 */
async function runSteps(
  client: HypermockClient,
  steps: readonly ScenarioStep[],
): Promise<Answer<Resource>[]> {
  const answers: Answer<Resource>[] = []
  const byName = new Map<string, Answer<Resource>>()
  for (const step of steps) {
    const target = step.link
      ? resolveLink(byName.get(step.link.from)?.body, step.link.rel)
      : (step.path ?? '/')
    const answer = await call<Resource>(client, target, {
      ...(step.method !== undefined && { method: step.method }),
      ...(step.body !== undefined && { json: step.body }),
    })
    answers.push(answer)
    if (step.name !== undefined) byName.set(step.name, answer)
  }
  return answers
}

/** Runs `work` and collects the client's events meanwhile (a scenario's requests run one by one). */
async function watch<T>(client: HypermockClient, work: () => Promise<T>) {
  const events: ClientEvent[] = []
  const stop = client.subscribe((event) => events.push(event))
  try {
    return { value: await work(), events }
  } finally {
    stop()
  }
}

/** Per operation of the watched events: attempts, keys, waits, replays. */
function attemptsOf(events: readonly ClientEvent[], method?: string) {
  const ends = events.filter(
    (event) =>
      event.type === 'attempt:end' &&
      (method === undefined || event.method === method),
  )
  const waits = events.flatMap((event) =>
    event.type === 'retry:scheduled' &&
    (method === undefined || event.method === method)
      ? [event]
      : [],
  )
  const keys = new Set(
    ends.map((event) => event.idempotencyKey).filter((key) => key !== null),
  )
  return {
    attempts: ends.length,
    keys: [...keys],
    replayed: ends.some(
      (event) => event.type === 'attempt:end' && event.replayed,
    ),
    waits: waits.map((wait) =>
      wait.reason === 'retry-after'
        ? `Retry-After ${wait.baseDelayMs / 1000} s`
        : `backoff 2^${wait.attempt} s + ${(wait.jitterMs / 1000).toFixed(2)} s jitter`,
    ),
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** An amount or balance as the API writes it (minor units), in the playground's one money format. */
const minorUnits = (amount: unknown, currency: unknown = 'usd') =>
  formatMoney(amount, currency, 'minor')

async function countPayments(client: HypermockClient): Promise<number> {
  const { body } = await call<{ total: number }>(client, '/api/payments')
  return body?.total ?? Number.NaN
}

/** The final answer of a run's last step. */
const last = <T>(answers: readonly T[]): T => answers[answers.length - 1]!

type Runs = Readonly<
  Record<
    string,
    (
      client: HypermockClient,
      steps: readonly ScenarioStep[],
    ) => Promise<ScenarioResult>
  >
>

/**
 * The reports the playground knows by scenario id (the built-in shop's): the facts each one's
 * description promises. A scenario of another id reports its last step's answer.
 */
const runs: Runs = {
  async 'happy-path'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const order = value[1]?.body
    const paid = last(value)
    const payment = paid.body
    return {
      status: paid.response.status,
      summary: `Order ${String(order?.id)} (total ${formatMoney(order?.total, order?.currency, 'major')}) created and paid: payment ${String(payment?.id)} of ${minorUnits(payment?.amount, payment?.currency)}.`,
      facts: [
        { label: 'Requests', value: '3 (GET /api, POST order, POST pay)' },
        { label: 'Attempts', value: String(attemptsOf(events).attempts) },
      ],
      problem: paid.problem,
    }
  },
  async 'flaky-payments'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const created = last(value)
    const { attempts, keys, waits } = attemptsOf(events)
    return {
      status: created.response.status,
      summary: `Created payment ${String(created.body?.id)} of ${minorUnits(created.body?.amount, created.body?.currency)} after ${plural(attempts, 'attempt')} with one idempotency key.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        { label: 'Idempotency keys', value: String(keys.length) },
        { label: 'Waits', value: waits.join('; ') },
      ],
      problem: created.problem,
    }
  },
  async 'rate-limited'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const listed = last(value)
    const { attempts, waits } = attemptsOf(events)
    return {
      status: listed.response.status,
      summary: `Listed ${String(listed.body?.total)} orders after ${plural(attempts, 'attempt')}; the wait honoured Retry-After.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        { label: 'Waits', value: waits.join('; ') },
      ],
      problem: listed.problem,
    }
  },
  async 'lost-response'(client, steps) {
    const before = await countPayments(client)
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const after = await countPayments(client)
    const created = last(value)
    const { attempts, keys, replayed } = attemptsOf(events, 'POST')
    return {
      status: created.response.status,
      summary: `Payment ${String(created.body?.id)} of ${minorUnits(created.body?.amount, created.body?.currency)} created once: ${plural(attempts, 'attempt')}, ${plural(keys.length, 'key')}, the second answer ${replayed ? 'replayed' : 'not replayed'}; your payments went from ${before} to ${after}.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        { label: 'Idempotency keys', value: keys.join(', ') },
        { label: 'Replayed', value: replayed ? 'yes' : 'no' },
        { label: 'New payments', value: String(after - before) },
      ],
      problem: created.problem,
    }
  },
  async 'hung-request'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const read = last(value)
    const first = events.find((event) => event.type === 'attempt:end')
    const { attempts, waits } = attemptsOf(events)
    return {
      status: read.response.status,
      summary: `Order 1 read after ${plural(attempts, 'attempt')}: the first ${first?.type === 'attempt:end' && first.error === 'timeout' ? 'timed out' : 'failed'}.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        {
          label: 'First attempt',
          value:
            first?.type === 'attempt:end'
              ? (first.error ?? String(first.status))
              : '?',
        },
        { label: 'Waits', value: waits.join('; ') },
      ],
      problem: read.problem,
    }
  },
  async 'insufficient-funds'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const refused = last(value)
    const problem = refused.problem
    const { attempts } = attemptsOf(events)
    return {
      status: refused.response.status,
      summary: `Refused: balance ${minorUnits(problem?.balance)}, requested ${minorUnits(problem?.requested)}, after ${plural(attempts, 'attempt')}.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        { label: 'Problem type', value: problem?.type ?? 'none' },
      ],
      problem,
    }
  },
  async 'validation-errors'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const rejected = last(value)
    const errors = Array.isArray(rejected.problem?.errors)
      ? (rejected.problem.errors as { field?: string }[])
      : []
    const { attempts } = attemptsOf(events)
    return {
      status: rejected.response.status,
      summary: `Rejected with ${plural(errors.length, 'field error')} in one response, after ${plural(attempts, 'attempt')}.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        {
          label: 'Fields',
          value: errors.map((error) => String(error.field)).join(', '),
        },
      ],
      problem: rejected.problem,
    }
  },
  async 'expired-token'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const refused = last(value)
    const challenge = refused.response.headers.get('WWW-Authenticate') ?? ''
    const { attempts } = attemptsOf(events)
    return {
      status: refused.response.status,
      summary: `Refused after ${plural(attempts, 'attempt')}: the token expired.`,
      facts: [
        { label: 'Attempts', value: String(attempts) },
        { label: 'WWW-Authenticate', value: challenge },
      ],
      problem: refused.problem,
    }
  },
  async 'edit-conflict'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const [read, first, second] = value
    return {
      status: second?.response.status ?? null,
      summary: `The first save answered ${String(first?.response.status)}; the stale save answered ${String(second?.response.status)} (current version ${String(second?.problem?.currentVersion)}).`,
      facts: [
        { label: 'Version read', value: String(read?.body?.version) },
        { label: 'First save', value: String(first?.response.status) },
        { label: 'Attempts', value: String(attemptsOf(events).attempts) },
      ],
      problem: second?.problem ?? null,
    }
  },
  async 'stale-link'(client, steps) {
    const { value, events } = await watch(client, () => runSteps(client, steps))
    const [, cancelled, paid] = value
    return {
      status: paid?.response.status ?? null,
      summary: `Cancel answered ${String(cancelled?.response.status)}; the stale pay link answered ${String(paid?.response.status)} (order now ${String(paid?.problem?.currentStatus)}).`,
      facts: [
        { label: 'Cancel', value: String(cancelled?.response.status) },
        { label: 'Attempts', value: String(attemptsOf(events).attempts) },
      ],
      problem: paid?.problem ?? null,
    }
  },
}

/**
 * A scenario the loaded API declares (served by `GET <control>/declaration`), made runnable: its
 * set-up as any scenario's, its steps through the client, and the last step's answer as the result.
 */
export function declaredScenario(data: ScenarioData): Scenario {
  const known = Object.hasOwn(runs, data.id) ? runs[data.id] : undefined
  return {
    ...data,
    description: data.description ?? '',
    faults: data.faults ?? [],
    config: data.config ?? {},
    steps: data.steps ?? [],
    setup(api, playground) {
      applyScenario(api, data)
      playground.setToken(data.token)
    },
    async run(client) {
      if (known) return known(client, data.steps ?? [])
      const { value, events } = await watch(client, () =>
        runSteps(client, data.steps ?? []),
      )
      const last = value.at(-1)
      const status = last?.response.status ?? null
      const { attempts } = attemptsOf(events)
      return {
        status,
        summary: `${value.length} step${value.length === 1 ? '' : 's'} sent; the last answered ${String(status)}.`,
        facts: [{ label: 'Attempts', value: String(attempts) }],
        problem: last?.problem ?? null,
      }
    },
  }
}

/** Every scenario an API declares, made runnable. */
export const scenariosOf = (declared: readonly ScenarioData[] = []) =>
  declared.map(declaredScenario)

/**
 * The scenarios of the API the playground talks to: those the page was given (an API known over
 * HTTP), else those the loaded API's declaration carries.
 */
export function usePlaygroundScenarios(): readonly Scenario[] {
  const { api, declaredScenarios } = usePlayground()
  return scenariosOf(declaredScenarios ?? api.declaration.scenarios)
}

export function findScenario(
  id: string | null,
  among: readonly Scenario[],
): Scenario | undefined {
  return among.find((s) => s.id === id)
}
