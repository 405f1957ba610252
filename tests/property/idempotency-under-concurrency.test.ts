import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { balanceSum, expectInvariants } from './support/expect-invariants.ts'
import { expectWellFormed, type Answer } from './support/expect-well-formed.ts'

let generated = 0
const outcomes = { executed: 0, replayed: 0, inUse: 0, reused: 0 }

afterAll(() => {
  console.log(
    `[property] idempotency-under-concurrency: ${generated} generated requests; randomized interleavings: ${outcomes.executed} executed, ${outcomes.replayed} replayed, ${outcomes.inUse} in use (409), ${outcomes.reused} reused (422)`,
  )
})

/** One event-loop turn: lets every pending request move on, without waiting on a clock. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The mock's `sleep`, held shut until released: every request that reaches the latency stage waits
 * there with its key in flight, so the requests really overlap whatever the machine's speed.
 */
function createGate() {
  const waiting: (() => void)[] = []
  return {
    sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
    get waiting() {
      return waiting.length
    },
    release() {
      for (const resolve of waiting.splice(0)) resolve()
    },
  }
}

function paymentRequest(key: string, amount = 4_200) {
  return new Request('http://hypermock.test/api/payments', {
    method: 'POST',
    headers: {
      Authorization: 'Bearer customer-1-token',
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify({ amount, currency: 'usd' }),
  })
}

async function sendAll(
  api: MockApi,
  requests: Request[],
  delays: readonly number[] = [],
) {
  let settled = 0
  const answers = requests.map(async (request, index) => {
    for (let i = 0; i < (delays[index] ?? 0); i++) await turn()
    generated += 1
    const answer = await expectWellFormed(request, await api.fetch(request))
    settled += 1
    return answer
  })
  return { answers: Promise.all(answers), settled: () => settled }
}

const isReplay = (answer: Answer) =>
  answer.headers.get('Idempotent-Replayed') === 'true'
const slugOf = (answer: Answer) =>
  (answer.body as { type?: string } | undefined)?.type?.replace(
    '/api/problems/',
    '',
  ) ?? null

it('executes 200 concurrent POSTs with one key once, while the first is held in flight', async () => {
  const gate = createGate()
  const api = createMockApi({
    config: { rateLimit: false, latencyMs: 5 },
    sleep: gate.sleep,
  })
  const before = api.state.snapshot().payments.length
  const wave = await sendAll(
    api,
    Array.from({ length: 200 }, () => paymentRequest('one-key')),
  )
  // Every request has either been answered or is parked in the latency stage.
  while (wave.settled() + gate.waiting < 200) await turn()
  expect(gate.waiting).toBe(1)
  gate.release()
  const answers = await wave.answers
  const fresh = answers.filter((a) => a.status === 201 && !isReplay(a))
  const inUse = answers.filter((a) => slugOf(a) === 'idempotency-key-in-use')
  expect(fresh).toHaveLength(1)
  expect(inUse).toHaveLength(199)
  for (const answer of inUse) {
    expect(answer.status).toBe(409)
    expect(answer.headers.get('Retry-After')).toBe('1')
  }
  // Once the first has completed, everyone gets its stored answer, byte for byte.
  const late = await sendAll(
    api,
    Array.from({ length: 200 }, () => paymentRequest('one-key')),
  )
  while (late.settled() + gate.waiting < 200) await turn()
  gate.release()
  for (const answer of await late.answers) {
    expect(answer.status).toBe(201)
    expect(isReplay(answer)).toBe(true)
    expect(answer.text).toBe(fresh[0]!.text)
  }
  expect(api.state.snapshot().payments.length).toBe(before + 1)
})

it('executes 200 concurrent POSTs with one key once without any latency', async () => {
  const api = createMockApi({ config: { rateLimit: false, latencyMs: 0 } })
  const before = api.state.snapshot().payments.length
  const wave = await sendAll(
    api,
    Array.from({ length: 200 }, () => paymentRequest('zero-latency')),
  )
  const answers = await wave.answers
  const fresh = answers.filter((a) => a.status === 201 && !isReplay(a))
  expect(fresh).toHaveLength(1)
  for (const answer of answers) {
    if (answer === fresh[0]) continue
    if (isReplay(answer)) {
      expect(answer.status).toBe(201)
      expect(answer.text).toBe(fresh[0]!.text)
    } else {
      expect(answer.status).toBe(409)
      expect(slugOf(answer)).toBe('idempotency-key-in-use')
    }
  }
  expect(api.state.snapshot().payments.length).toBe(before + 1)
})

/**
 * Order actions get one order per key: requests under different keys that race on one order are a
 * separate matter (see order-writes-under-latency.test.ts); here only the key decides.
 */
const orderFor = { a: [1, 7], b: [4, 8], c: [5, 9] } as const

const endpoints = [
  {
    path: () => '/api/payments',
    body: (variant: number) => ({ amount: 1_000 + variant, currency: 'usd' }),
  },
  {
    path: () => '/api/transfers',
    body: (variant: number) => ({
      fromAccountId: 1,
      toAccountId: 3,
      amount: 100 + variant,
      currency: 'usd',
    }),
  },
  {
    path: (key: keyof typeof orderFor) =>
      `/api/orders/${orderFor[key][0]}/payment`,
    body: () => undefined,
  },
  {
    path: (key: keyof typeof orderFor) =>
      `/api/orders/${orderFor[key][1]}/cancel`,
    body: () => undefined,
  },
] as const

it('runs each key at most once, however requests with a few keys and bodies interleave', async () => {
  let ticks: number[] = []
  let tickIndex = 0
  // A processing time of a random number of event-loop turns: overlaps vary, no clock is involved.
  const sleep = async () => {
    const count = ticks[tickIndex++ % ticks.length] ?? 0
    for (let i = 0; i < count; i++) await turn()
  }
  const api = createMockApi({
    config: { rateLimit: false, latencyMs: 1 },
    sleep,
  })
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          endpoint: fc.integer({ min: 0, max: endpoints.length - 1 }),
          key: fc.constantFrom('a', 'b', 'c'),
          variant: fc.constantFrom(0, 0, 0, 1),
          delay: fc.nat({ max: 12 }),
        }),
        { minLength: 2, maxLength: 40 },
      ),
      fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 10 }),
      async (sends, turns) => {
        api.reset()
        ticks = turns
        tickIndex = 0
        const start = api.state.snapshot()
        const requests = sends.map(({ endpoint, key, variant }) => {
          const { path, body } = endpoints[endpoint]!
          const json = body(variant)
          return new Request(`http://hypermock.test${path(key)}`, {
            method: 'POST',
            headers: {
              Authorization: 'Bearer customer-1-token',
              'Idempotency-Key': key,
              ...(json && { 'Content-Type': 'application/json' }),
            },
            ...(json && { body: JSON.stringify(json) }),
          })
        })
        const wave = await sendAll(
          api,
          requests,
          sends.map((send) => send.delay),
        )
        const answers = await wave.answers
        const executed = new Map<string, Answer>()
        answers.forEach((answer, index) => {
          const { endpoint, key } = sends[index]!
          const scope = `${endpoint} ${key}`
          const slug = slugOf(answer)
          if (slug === 'idempotency-key-in-use') return void outcomes.inUse++
          if (slug === 'idempotency-key-reused') return void outcomes.reused++
          if (isReplay(answer)) return void outcomes.replayed++
          outcomes.executed += 1
          // Not a refusal and not a replay: this request ran the operation.
          expect(executed.has(scope), `${scope} ran twice`).toBe(false)
          executed.set(scope, answer)
        })
        answers.forEach((answer, index) => {
          if (!isReplay(answer)) return
          const { endpoint, key } = sends[index]!
          expect(answer.text).toBe(executed.get(`${endpoint} ${key}`)?.text)
        })
        const end = api.state.snapshot()
        const created = (...kinds: number[]) =>
          [...executed].filter(
            ([scope, a]) =>
              a.status === 201 && kinds.includes(Number(scope.split(' ')[0])),
          ).length
        expect(end.payments.length - start.payments.length).toBe(created(0, 2))
        expect(end.transfers.length - start.transfers.length).toBe(created(1))
        expectInvariants(end, balanceSum(start))
      },
    ),
    { numRuns: 150 },
  )
}, 30_000)
