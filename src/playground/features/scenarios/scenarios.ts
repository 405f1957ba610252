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
import type { FaultRuleInput, MockApi } from '../../../mock-server/index.ts'
import type { Token } from '../../services/playground-context.tsx'

type ConfigPatch = Parameters<MockApi['config']['update']>[0]

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

export interface Scenario {
  readonly id: string
  readonly title: string
  /** What it demonstrates, in a sentence or two. */
  readonly description: string
  /** The credential the run uses (set by `setup`). */
  readonly token: Exclude<Token, null>
  readonly faults: readonly FaultRuleInput[]
  readonly config: ConfigPatch
  /** Back to the seed, then this scenario's faults, settings and credential. */
  setup(api: MockApi, playground: ScenarioPlayground): void
  /** The scenario's requests, through the reference client given (made for `token`). */
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

function setupWith(scenario: Pick<Scenario, 'token' | 'faults' | 'config'>) {
  return (api: MockApi, playground: ScenarioPlayground) => {
    api.reset()
    for (const rule of scenario.faults) api.faults.add(rule)
    if (Object.keys(scenario.config).length > 0)
      api.config.update(scenario.config)
    playground.setToken(scenario.token)
  }
}

type ScenarioSpec = Omit<Scenario, 'setup'>

function scenario(spec: ScenarioSpec): Scenario {
  return { ...spec, setup: setupWith(spec) }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

async function countPayments(client: HypermockClient): Promise<number> {
  const { body } = await call<{ total: number }>(client, '/api/payments')
  return body?.total ?? Number.NaN
}

/**
 * Named set-ups for demos and fixtures: each resets the mock, injects its faults and settings,
 * picks a credential, and runs its requests through the reference client.
 */
export const scenarios: readonly Scenario[] = [
  scenario({
    id: 'happy-path',
    title: 'Happy path',
    description:
      'Start at GET /api, create an order through the link the root names, then pay it by following its own "pay" link. Every request succeeds on its first attempt.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, async () => {
        const root = await call<Resource>(client, '/api')
        const created = await call<Resource>(
          client,
          resolveLink(root.body, 'orders'),
          {
            method: 'POST',
            json: { total: 19.99, currency: 'usd', note: 'Happy path' },
          },
        )
        const paid = await call<Resource>(
          client,
          resolveLink(created.body, 'pay'),
        )
        return { created, paid }
      })
      const { attempts } = attemptsOf(events)
      const order = value.created.body
      const payment = value.paid.body
      return {
        status: value.paid.response.status,
        summary: `Order ${String(order?.id)} created and paid: payment ${String(payment?.id)} for ${String(payment?.amount)} ${String(payment?.currency)} (minor units).`,
        facts: [
          { label: 'Requests', value: '3 (GET /api, POST order, POST pay)' },
          { label: 'Attempts', value: String(attempts) },
        ],
        problem: value.paid.problem,
      }
    },
  }),
  scenario({
    id: 'flaky-payments',
    title: 'Flaky payments',
    description:
      'The payments upstream answers 503 twice. The client backs off 2^0 s and 2^1 s plus jitter, keeps the same Idempotency-Key, and the third attempt creates the payment.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'status', status: 503 },
        times: 2,
      },
    ],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, () =>
        call(client, '/api/payments', {
          method: 'POST',
          json: { amount: 2500, currency: 'usd' },
        }),
      )
      const { attempts, keys, waits } = attemptsOf(events)
      return {
        status: value.response.status,
        summary: `Created payment ${String(value.body?.id)} after ${plural(attempts, 'attempt')} with one idempotency key.`,
        facts: [
          { label: 'Attempts', value: String(attempts) },
          { label: 'Idempotency keys', value: String(keys.length) },
          { label: 'Waits', value: waits.join('; ') },
        ],
        problem: value.problem,
      }
    },
  }),
  scenario({
    id: 'rate-limited',
    title: 'Rate limited',
    description:
      "The next read gets 429 rate-limited with Retry-After: 2. The client waits exactly 2 s (the server's wish, no jitter) before it tries again.",
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'GET', path: '/api/orders' },
        effect: { kind: 'status', status: 429, retryAfter: 2 },
        times: 1,
      },
    ],
    config: { rateLimit: { limit: 100, windowSeconds: 60 } },
    async run(client) {
      const { value, events } = await watch(client, () =>
        call<{ total: number }>(client, '/api/orders'),
      )
      const { attempts, waits } = attemptsOf(events)
      return {
        status: value.response.status,
        summary: `Listed ${String(value.body?.total)} orders after ${plural(attempts, 'attempt')}; the wait honoured Retry-After.`,
        facts: [
          { label: 'Attempts', value: String(attempts) },
          { label: 'Waits', value: waits.join('; ') },
        ],
        problem: value.problem,
      }
    },
  }),
  scenario({
    id: 'lost-response',
    title: 'Lost response, saved by the idempotency key',
    description:
      'The payment is created but its response is lost on the way back. The client retries with the same Idempotency-Key and the server replays the stored 201: two attempts, one key, exactly one new payment.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'lose-response' },
        times: 1,
      },
    ],
    config: {},
    async run(client) {
      const before = await countPayments(client)
      const { value, events } = await watch(client, () =>
        call(client, '/api/payments', {
          method: 'POST',
          json: { amount: 4200, currency: 'usd' },
        }),
      )
      const after = await countPayments(client)
      const { attempts, keys, replayed } = attemptsOf(events, 'POST')
      return {
        status: value.response.status,
        summary: `Payment ${String(value.body?.id)} created once: ${plural(attempts, 'attempt')}, ${plural(keys.length, 'key')}, the second answer ${replayed ? 'replayed' : 'not replayed'}; your payments went from ${before} to ${after}.`,
        facts: [
          { label: 'Attempts', value: String(attempts) },
          { label: 'Idempotency keys', value: keys.join(', ') },
          { label: 'Replayed', value: replayed ? 'yes' : 'no' },
          { label: 'New payments', value: String(after - before) },
        ],
        problem: value.problem,
      }
    },
  }),
  scenario({
    id: 'hung-request',
    title: 'Hung request, time-out and retry',
    description:
      'The first read never gets an answer. After 5 s (the per-attempt time-out, shorter at a higher demo speed) the client counts it as a network error and retries with backoff.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'GET', path: '/api/orders/1' },
        effect: { kind: 'hang' },
        times: 1,
      },
    ],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, () =>
        call(client, '/api/orders/1'),
      )
      const first = events.find((event) => event.type === 'attempt:end')
      const { attempts, waits } = attemptsOf(events)
      return {
        status: value.response.status,
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
        problem: value.problem,
      }
    },
  }),
  scenario({
    id: 'insufficient-funds',
    title: 'Insufficient funds',
    description:
      'A transfer of 1000.00 usd from account 2, which holds 5.00. The answer is a 422 insufficient-funds problem with the balance and the amount requested; a 4xx is never retried.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, () =>
        call(client, '/api/transfers', {
          method: 'POST',
          json: {
            fromAccountId: 2,
            toAccountId: 1,
            amount: 100000,
            currency: 'usd',
          },
        }),
      )
      const { attempts } = attemptsOf(events)
      const problem = value.problem
      return {
        status: value.response.status,
        summary: `Refused: balance ${String(problem?.balance)}, requested ${String(problem?.requested)} (minor units), after ${plural(attempts, 'attempt')}.`,
        facts: [
          { label: 'Attempts', value: String(attempts) },
          { label: 'Problem type', value: problem?.type ?? 'none' },
        ],
        problem,
      }
    },
  }),
  scenario({
    id: 'validation-errors',
    title: 'Validation errors',
    description:
      'An order with a negative total, an unknown currency and a misspelt member ("ammount"). The 422 validation-failed problem lists every invalid field at once, each with a JSON pointer.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, () =>
        call(client, '/api/orders', {
          method: 'POST',
          json: { total: -5, currency: 'xyz', ammount: 3 },
        }),
      )
      const { attempts } = attemptsOf(events)
      const errors = Array.isArray(value.problem?.errors)
        ? (value.problem.errors as { field?: string }[])
        : []
      return {
        status: value.response.status,
        summary: `Rejected with ${plural(errors.length, 'field error')} in one response, after ${plural(attempts, 'attempt')}.`,
        facts: [
          { label: 'Attempts', value: String(attempts) },
          {
            label: 'Fields',
            value: errors.map((error) => String(error.field)).join(', '),
          },
        ],
        problem: value.problem,
      }
    },
  }),
  scenario({
    id: 'expired-token',
    title: 'Expired token',
    description:
      'The credential is "expired-token". Every request is refused with 401 and WWW-Authenticate: Bearer error="invalid_token"; the client does not retry, the caller must get a new token.',
    token: 'expired-token',
    faults: [],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, () =>
        call(client, '/api/orders'),
      )
      const { attempts } = attemptsOf(events)
      const challenge = value.response.headers.get('WWW-Authenticate') ?? ''
      return {
        status: value.response.status,
        summary: `Refused after ${plural(attempts, 'attempt')}: the token expired.`,
        facts: [
          { label: 'Attempts', value: String(attempts) },
          { label: 'WWW-Authenticate', value: challenge },
        ],
        problem: value.problem,
      }
    },
  }),
  scenario({
    id: 'edit-conflict',
    title: 'Edit conflict (version mismatch)',
    description:
      'Two editors read order 1 at version n. The first saves (the order moves to version n + 1); the second saves from its stale copy and gets 409 version-mismatch with the current version, instead of silently overwriting.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, async () => {
        const read = await call<{ version: number; currency: string }>(
          client,
          '/api/orders/1',
        )
        const version = read.body?.version ?? 0
        const first = await call(client, '/api/orders/1', {
          method: 'PUT',
          json: { total: 50, currency: 'usd', note: 'First editor', version },
        })
        const second = await call(client, '/api/orders/1', {
          method: 'PUT',
          json: { total: 60, currency: 'usd', note: 'Second editor', version },
        })
        return { version, first, second }
      })
      const { attempts } = attemptsOf(events)
      return {
        status: value.second.response.status,
        summary: `The first save answered ${value.first.response.status}; the stale save answered ${value.second.response.status} (current version ${String(value.second.problem?.currentVersion)}).`,
        facts: [
          { label: 'Version read', value: String(value.version) },
          {
            label: 'First save',
            value: String(value.first.response.status),
          },
          { label: 'Attempts', value: String(attempts) },
        ],
        problem: value.second.problem,
      }
    },
  }),
  scenario({
    id: 'stale-link',
    title: 'Stale link (state conflict)',
    description:
      'Order 1 is read while pending, with "cancel" and "pay" links. It is cancelled; then the "pay" link from the old representation is followed: 409 state-conflict, with the current status and the actions it allows.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    async run(client) {
      const { value, events } = await watch(client, async () => {
        const read = await call<Resource>(client, '/api/orders/1')
        const cancelled = await call(client, resolveLink(read.body, 'cancel'))
        const paid = await call(client, resolveLink(read.body, 'pay'))
        return { cancelled, paid }
      })
      const { attempts } = attemptsOf(events)
      return {
        status: value.paid.response.status,
        summary: `Cancel answered ${value.cancelled.response.status}; the stale pay link answered ${value.paid.response.status} (order now ${String(value.paid.problem?.currentStatus)}).`,
        facts: [
          {
            label: 'Cancel',
            value: String(value.cancelled.response.status),
          },
          { label: 'Attempts', value: String(attempts) },
        ],
        problem: value.paid.problem,
      }
    },
  }),
]

export function findScenario(id: string | null): Scenario | undefined {
  return scenarios.find((s) => s.id === id)
}
