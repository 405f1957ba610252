import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createClient, type ClientEvent } from '../../src/client/index.ts'
import {
  createMockApi,
  type FaultEffect,
  type StateSnapshot,
} from '../../src/index.ts'
import { balanceSum, expectInvariants } from './support/expect-invariants.ts'
import { expectWellFormed } from './support/expect-well-formed.ts'

const api = createMockApi({ config: { rateLimit: false } })
const seed = api.state.snapshot()
const money = balanceSum(seed)
let generated = 0
const tally = {
  trials: 0,
  viaClient: 0,
  rejecting: 0,
  raw: 0,
  lostAt: [0, 0, 0],
  extraFired: 0,
}

afterAll(() => {
  console.log(
    `[property] lost-response-retries: ${generated} generated requests in ${tally.trials} trials (${tally.viaClient} via the reference client, ${tally.rejecting} of them through a rejecting fetch; ${tally.raw} raw retries); response lost on attempt 1/2/3: ${tally.lostAt.join('/')}; seeded probabilistic extra faults fired: ${tally.extraFired}`,
  )
})

type Gateway = '503' | '500' | '502' | '504' | '429' | 'network-error'

const effectOf = (fault: Gateway | 'lose-response'): FaultEffect =>
  fault === 'lose-response' || fault === 'network-error'
    ? { kind: fault }
    : {
        kind: 'status',
        status: Number(fault) as 429 | 500 | 502 | 503 | 504,
        ...(fault === '429' && { retryAfter: 1 }),
      }

/** The operations whose answer may be lost; each one must take effect exactly once. */
const operations = {
  payment: {
    path: '/api/payments',
    body: (amount: number) => ({ amount, currency: 'usd' }),
    effect: (before: StateSnapshot, after: StateSnapshot, amount: number) => {
      const added = after.payments.slice(before.payments.length)
      expect(added.map((p) => p.amount)).toEqual([amount])
      return added[0]!.id
    },
  },
  'order-payment': {
    path: '/api/orders/1/payment',
    body: () => undefined,
    effect: (before: StateSnapshot, after: StateSnapshot) => {
      const added = after.payments.slice(before.payments.length)
      expect(added.map((p) => p.orderId)).toEqual([1])
      expect(after.orders.find((o) => o.id === 1)?.status).toBe('paid')
      return added[0]!.id
    },
  },
  transfer: {
    path: '/api/transfers',
    body: (amount: number) => ({
      fromAccountId: 1,
      toAccountId: 3,
      amount,
      currency: 'usd',
    }),
    effect: (before: StateSnapshot, after: StateSnapshot, amount: number) => {
      const added = after.transfers.slice(before.transfers.length)
      expect(added.map((t) => [t.amount, t.status])).toEqual([
        [amount, 'completed'],
      ])
      const balance = (s: StateSnapshot, id: number) =>
        s.accounts.find((a) => a.id === id)!.balance
      expect(balance(after, 1)).toBe(balance(before, 1) - amount)
      expect(balance(after, 3)).toBe(balance(before, 3) + amount)
      return added[0]!.id
    },
  },
} as const

const gatewayArb = fc.constantFrom<Gateway>(
  '503',
  '503',
  'network-error',
  'network-error',
  '500',
  '502',
  '504',
  '429',
)

/**
 * One trial: gateway faults on some attempts, the response of one attempt lost after the operation
 * ran, maybe a 503 drawn from the mock's seeded random source, then a clean attempt. At most five.
 */
const trialArb = fc
  .record({
    operation: fc.constantFrom(
      ...(Object.keys(operations) as (keyof typeof operations)[]),
    ),
    before: fc.array(gatewayArb, { maxLength: 2 }),
    after: fc.array(gatewayArb, { maxLength: 1 }),
    amount: fc.integer({ min: 1, max: 5_000 }),
    viaClient: fc.boolean(),
    // The client on api.fetch itself (Response.error()), or on a fetch that rejects like a real one.
    rejecting: fc.boolean(),
    extra: fc.option(
      fc.record({
        effect: fc.constantFrom<Gateway>('503', 'network-error'),
        probability: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        seed: fc.integer(),
      }),
      { freq: 3 },
    ),
  })
  .map((trial) => ({
    ...trial,
    // The seeded extra fault may cost one more attempt: keep the plan within five.
    after: trial.extra && trial.before.length === 2 ? [] : trial.after,
  }))

it('takes effect exactly once when responses are lost and the request is retried with its key', async () => {
  await fc.assert(
    fc.asyncProperty(trialArb, async (trial) => {
      api.reset()
      tally.trials += 1
      const operation = operations[trial.operation]
      const plan: (Gateway | 'lose-response')[] = [
        ...trial.before,
        'lose-response',
        ...trial.after,
      ]
      // Attempt i meets the rule with skip i: listed last attempt first, each rule counts every
      // attempt up to its own, fires once and retires.
      for (let index = plan.length - 1; index >= 0; index--) {
        api.faults.add({
          match: { method: 'POST', path: operation.path },
          effect: effectOf(plan[index]!),
          skip: index,
          times: 1,
        })
      }
      if (trial.extra) {
        api.config.update({ seed: trial.extra.seed })
        api.faults.add({
          match: { method: 'POST', path: operation.path },
          effect: effectOf(trial.extra.effect),
          probability: trial.extra.probability,
          times: 1,
        })
      }
      const before = api.state.snapshot()
      const body = operation.body(trial.amount)
      const key = `trial-${tally.trials}`
      let final: Response
      const events: ClientEvent[] = []
      if (trial.viaClient) {
        tally.viaClient += 1
        if (trial.rejecting) tally.rejecting += 1
        const client = createClient({
          baseUrl: 'http://hypermock.test/api',
          token: 'customer-1-token',
          fetch: (request) => {
            generated += 1
            return trial.rejecting
              ? asRealFetch(api.fetch(request))
              : api.fetch(request)
          },
          sleep: async () => {},
          random: () => 0,
          generateKey: () => key,
          onEvent: (event) => events.push(event),
        })
        final = await client.request(operation.path, {
          method: 'POST',
          ...(body !== undefined && { json: body }),
        })
      } else {
        tally.raw += 1
        final = await retryByHand(operation.path, key, body)
      }
      const request = {
        method: 'POST',
        url: `http://hypermock.test${operation.path}`,
      }
      const answer = await expectWellFormed(request, final)
      expect(answer.status).toBe(201)
      expect(answer.headers.get('Idempotent-Replayed')).toBe('true')
      const after = api.state.snapshot()
      const id = operation.effect(before, after, trial.amount)
      expect((answer.body as { id: number }).id).toBe(id)
      expectInvariants(after, money)

      const journal = api.journal.list()
      const lost = journal.findIndex((e) => e.fault?.endsWith('lose-response'))
      expect(lost).toBeGreaterThanOrEqual(0)
      expect(journal[lost]!.status).toBe(0)
      tally.lostAt[lost] = (tally.lostAt[lost] ?? 0) + 1
      // The last attempt is the only replay; the lost one is the only execution.
      expect(journal.map((e) => e.replayed)).toEqual(
        journal.map((_, index) => index === journal.length - 1),
      )
      // Gateway faults answer before the key is read; every attempt that got further carried it.
      for (const entry of journal)
        expect([null, key]).toContain(entry.idempotencyKey)
      expect(journal[lost]!.idempotencyKey).toBe(key)
      expect(journal.at(-1)!.idempotencyKey).toBe(key)
      const extraFired = journal.length - plan.length - 1
      expect(extraFired === 0 || extraFired === 1).toBe(true)
      if (extraFired === 1) tally.extraFired += 1
      if (trial.viaClient) {
        const ends = events.filter((e) => e.type === 'attempt:end')
        expect(ends).toHaveLength(journal.length)
        expect(ends[lost]).toMatchObject({ error: 'network', status: null })
        expect(ends.at(-1)).toMatchObject({ status: 201, replayed: true })
        expect(events.at(-1)).toMatchObject({
          type: 'request:end',
          outcome: 'success',
        })
      }
    }),
    { numRuns: 520 },
  )
  expect(tally.trials).toBeGreaterThanOrEqual(500)
  expect(tally.lostAt.slice(1).some((n) => n > 0)).toBe(true)
}, 60_000)

/** What every real transport does with the core's `Response.error()`: fetch rejects (msw, a socket). */
async function asRealFetch(answer: Promise<Response>) {
  const response = await answer
  if (response.type === 'error') throw new TypeError('Failed to fetch')
  return response
}

it('retries a lost response when the client is wired straight to api.fetch', async () => {
  const direct = createMockApi({ config: { rateLimit: false } })
  direct.faults.add({
    match: { method: 'POST', path: '/api/payments' },
    effect: { kind: 'lose-response' },
    times: 1,
  })
  const client = createClient({
    baseUrl: 'http://hypermock.test/api',
    token: 'customer-1-token',
    fetch: (request) => {
      generated += 1
      return direct.fetch(request)
    },
    sleep: async () => {},
    random: () => 0,
  })
  const response = await client.request('/api/payments', {
    method: 'POST',
    json: { amount: 100, currency: 'usd' },
  })
  // The core answers a lost response with Response.error() (status 0, type "error"): a network
  // error in Fetch's own terms, which must be retried like a rejected fetch.
  expect(response.status).toBe(201)
  expect(response.headers.get('Idempotent-Replayed')).toBe('true')
  expect(direct.state.snapshot().payments).toHaveLength(2)
})

/** A caller without the reference client: resend the same request with the same key until it lands. */
async function retryByHand(path: string, key: string, body: unknown) {
  for (let attempt = 0; attempt < 5; attempt++) {
    generated += 1
    const response = await api.fetch(
      new Request(`http://hypermock.test${path}`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer customer-1-token',
          'Idempotency-Key': key,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    if (response.type === 'error') continue
    if (response.status === 429 || response.status >= 500) continue
    return response
  }
  throw new Error(`${path} did not land in 5 attempts`)
}
