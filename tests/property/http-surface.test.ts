import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createMockApi, type StateSnapshot } from '../../src/index.ts'
import {
  balanceSum,
  expectInvariants,
  tablesOf,
} from './support/expect-invariants.ts'
import { watchPrototypes } from './support/expect-no-pollution.ts'
import { describedStatuses } from './support/expect-described-status.ts'
import { expectWellFormed, type Answer } from './support/expect-well-formed.ts'
import { toMinor } from './support/money.ts'
import {
  describeSpec,
  ORIGIN,
  requestSpecArb,
  toRequest,
  type RequestSpec,
} from './support/request-arbitraries.ts'

const unhandled: unknown[] = []
const api = createMockApi({
  config: { rateLimit: false },
  onUnhandledError: (error) => unhandled.push(error),
})
const expectNoPollution = watchPrototypes()
const undescribed = describedStatuses('/api')
let generated = 0
let checks = 0
const statuses = new Map<number, number>()

afterAll(() => {
  console.log(
    `[property] http-surface: ${generated} generated requests (+${checks} link checks); statuses ${[
      ...statuses,
    ]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}`,
  )
})

async function send(spec: RequestSpec, state: StateSnapshot) {
  const request = toRequest(spec, state)
  generated += 1
  const response = await api.fetch(request)
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
  const notListed = undescribed(request.method, request.url, response.status)
  if (notListed !== null)
    throw new Error(`${notListed}\nspec: ${describeSpec(spec)}`)
  try {
    return await expectWellFormed(request, response)
  } catch (error) {
    ;(error as Error).message += `\nspec: ${describeSpec(spec)}`
    throw error
  }
}

function fail(what: string, spec: RequestSpec, answer: Answer): never {
  throw new Error(
    `${what}\nrequest: ${describeSpec(spec)}\nresponse: ${answer.status} ${answer.text.slice(0, 400)}`,
  )
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What one answer may have changed: reads and refusals nothing, a transfer exactly its amount. */
function expectStepEffects(
  spec: RequestSpec,
  answer: Answer,
  before: StateSnapshot,
  after: StateSnapshot,
) {
  const method = spec.method.toUpperCase()
  const path = new URL(`${ORIGIN}${spec.path}`).pathname
  if (path.startsWith('/__mock') && !READS.has(method)) return // reset/restore
  const replayed = answer.headers.get('Idempotent-Replayed') === 'true'
  const slug = (answer.body as { type?: string } | undefined)?.type
  const failedTransfer =
    !replayed &&
    method === 'POST' &&
    path === '/api/transfers' &&
    slug === '/api/problems/insufficient-funds'
  const unchanged = READS.has(method) || replayed || answer.status >= 400
  if (unchanged && !failedTransfer) {
    if (JSON.stringify(tablesOf(before)) !== JSON.stringify(tablesOf(after)))
      fail('a read, replay or refused request changed the state', spec, answer)
    return
  }
  const balances = (s: StateSnapshot) =>
    JSON.stringify(s.accounts.map((a) => [a.id, a.balance]))
  if (failedTransfer) {
    const added = after.transfers.filter(
      (t) => !before.transfers.some((b) => b.id === t.id),
    )
    if (added.length !== 1 || added[0]!.status !== 'failed')
      fail(
        'insufficient funds without exactly one failed transfer',
        spec,
        answer,
      )
    if (balances(before) !== balances(after))
      fail('a failed transfer moved money', spec, answer)
    return
  }
  if (method === 'POST' && path === '/api/transfers' && answer.status === 201) {
    const transfer = answer.body as {
      fromAccountId: number
      toAccountId: number
      amount: number
    }
    for (const account of after.accounts) {
      const was = before.accounts.find((a) => a.id === account.id)!.balance
      const expected =
        account.id === transfer.fromAccountId
          ? was - transfer.amount
          : account.id === transfer.toAccountId
            ? was + transfer.amount
            : was
      if (account.balance !== expected)
        fail(
          `account ${account.id} holds ${account.balance}, expected ${expected}`,
          spec,
          answer,
        )
    }
    return
  }
  if (balances(before) !== balances(after))
    fail('money moved without a completed transfer', spec, answer)
}

/** Every request outside the control API lands in the journal with the status the caller got. */
function expectJournaled(spec: RequestSpec, answer: Answer) {
  const path = new URL(`${ORIGIN}${spec.path}`).pathname
  if (path === '/__mock' || path.startsWith('/__mock/')) return
  const entry = api.journal.list().at(-1)
  const expected = {
    method: new Request(ORIGIN, { method: spec.method }).method.toUpperCase(),
    path,
    status: answer.status,
    replayed: answer.headers.get('Idempotent-Replayed') === 'true',
  }
  if (
    entry?.method !== expected.method ||
    entry.path !== expected.path ||
    entry.status !== expected.status ||
    entry.replayed !== expected.replayed
  )
    fail(
      `journal entry ${JSON.stringify(entry)} ≠ ${JSON.stringify(expected)}`,
      spec,
      answer,
    )
}

/** The `_links` of every order, read through the API, follow its state (contract section 1). */
async function expectOrderLinksMatchStates(state: StateSnapshot) {
  const get = async (path: string) => {
    checks += 1
    const request = new Request(`${ORIGIN}${path}`, {
      headers: { Authorization: 'Bearer admin-token' },
    })
    return expectWellFormed(request, await api.fetch(request))
  }
  const list = await get('/api/orders?perPage=100')
  const items = (list.body as { items: unknown[] }).items
  const sample = [state.orders[0], state.orders.at(-1)].filter(
    (order) => order !== undefined,
  )
  const singles = await Promise.all(
    sample.map(async (order) => (await get(`/api/orders/${order.id}`)).body),
  )
  for (const item of [...items, ...singles]) {
    const order = item as {
      id: number
      status: string
      _links: Record<string, { href: string; method?: string }>
    }
    const stored = state.orders.find((o) => o.id === order.id)
    expect(stored?.status).toBe(order.status)
    const self = `/api/orders/${order.id}`
    const expected: Record<string, { href: string; method?: string }> = {
      self: { href: self },
      customer: { href: `/api/customers/${stored!.customerId}` },
    }
    if (order.status === 'pending') {
      expected.cancel = { href: `${self}/cancel`, method: 'POST' }
      expected.pay = { href: `${self}/payment`, method: 'POST' }
    }
    if (order.status === 'paid')
      expected.payment = { href: `/api/payments/${stored!.paymentId}` }
    expect(Object.keys(order._links).sort()).toEqual(
      Object.keys(expected).sort(),
    )
    expect(order._links).toMatchObject(expected)
  }
}

it('answers every generated request well-formed and keeps the state invariants', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(requestSpecArb, { minLength: 1, maxLength: 20, size: 'max' }),
      fc.integer({ min: 0, max: 4 }),
      async (specs, limitDraw) => {
        api.reset()
        // One run in five under a tight rate limit, so that 429 answers are checked too.
        if (limitDraw === 0)
          api.config.update({ rateLimit: { limit: 5, windowSeconds: 60 } })
        let state = api.state.snapshot()
        const money = balanceSum(state)
        for (const spec of specs) {
          const answer = await send(spec, state)
          const next = api.state.snapshot()
          try {
            expectInvariants(next, money)
          } catch (error) {
            fail((error as Error).message, spec, answer)
          }
          expectStepEffects(spec, answer, state, next)
          expectJournaled(spec, answer)
          state = next
        }
        api.config.update({ rateLimit: false }) // the checks must not be throttled
        await expectOrderLinksMatchStates(state)
        expectNoPollution()
      },
    ),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 450) },
  )
  expect(unhandled).toEqual([])
  expect(generated).toBeGreaterThan(4000)
}, 60_000)

it('answers HEAD with the status and headers of GET, and no body', async () => {
  const getSpecArb = requestSpecArb.map((spec) => ({
    ...spec,
    method: 'GET',
    body: null,
  }))
  await fc.assert(
    fc.asyncProperty(getSpecArb, async (spec) => {
      api.reset()
      const state = api.state.snapshot()
      const get = await send(spec, state)
      const head = await send({ ...spec, method: 'HEAD' }, state)
      expect(head.text).toBe('')
      expect(head.status).toBe(get.status)
      const comparable = (headers: Headers) =>
        [...headers].filter(([name]) => name !== 'content-length')
      expect(comparable(head.headers)).toEqual(comparable(get.headers))
    }),
    { numRuns: 600 },
  )
  expect(unhandled).toEqual([])
}, 30_000)

it('pays an order only for its exact total in minor units', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: -2, max: 2 }),
      async (orderId, offset) => {
        api.reset()
        const state = api.state.snapshot()
        const order = state.orders.find((o) => o.id === orderId)!
        const owner =
          order.customerId === 1 ? 'customer-1-token' : 'customer-2-token'
        const answer = await send(
          {
            method: 'POST',
            path: '/api/payments',
            query: '',
            headers: [
              ['Authorization', `Bearer ${owner}`],
              ['Content-Type', 'application/json'],
            ],
            body: {
              kind: 'text',
              text: JSON.stringify({
                amount: toMinor(order.total, order.currency) + offset,
                currency: order.currency,
                orderId,
              }),
            },
          },
          state,
        )
        // The amount is checked only while the order is pending; after that it is a state conflict.
        const expected =
          order.status !== 'pending' ? 409 : offset === 0 ? 201 : 422
        expect(answer.status).toBe(expected)
        expectInvariants(api.state.snapshot(), balanceSum(state))
      },
    ),
    { numRuns: 150 },
  )
}, 30_000)

it('restores through PUT /__mock/state exactly the state GET /__mock/state gave', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(requestSpecArb, { minLength: 1, maxLength: 12 }),
      async (specs) => {
        api.reset()
        for (const spec of specs) await send(spec, api.state.snapshot())
        const before = api.state.snapshot()
        const read = await api.fetch(new Request(`${ORIGIN}/__mock/state`))
        const text = await read.text()
        api.reset()
        const write = await api.fetch(
          new Request(`${ORIGIN}/__mock/state`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: text,
          }),
        )
        expect(write.status).toBe(204)
        expect(api.state.snapshot()).toEqual(before)
      },
    ),
    { numRuns: 150 },
  )
  expect(unhandled).toEqual([])
}, 30_000)
